import { forbidden, notFound, validationError, type FieldError } from '../errors';
import type { SandboxStore } from '../store/store';
import type { Area, FocusArea } from '../store/types';

/** CreateFocusAreaRequest (assumed shape): coordinates are GeoJSON [longitude, latitude] pairs. */
export interface FocusAreaBody {
	areaName: string;
	coordinates: number[][];
	municipalityCode?: string | null;
}

/** Rough bounds of Sweden: a focus area with a (Swedish) municipality code must lie inside. */
const SWEDEN = { lon: [10.0, 24.5], lat: [55.0, 69.5] } as const;

/** County by the first two digits of a municipality code (the seed's offices lie in these). */
const COUNTIES: Record<string, string> = {
	'01': 'Stockholms län',
	'03': 'Uppsala län',
	'12': 'Skåne län',
	'14': 'Västra Götalands län',
};

/**
 * The Area record (models.md): both polygons as { longitud, latitud } points (the sandbox keeps
 * WGS84 only), the county of its municipality; no surroundings or images are seeded.
 */
export function areaView(area: Area) {
	const county = COUNTIES[area.municipalityCode.slice(0, 2)];
	return {
		areaId: area.areaId,
		archived: area.archived,
		externalId: area.externalId,
		areaName: area.areaName,
		description: area.description,
		showOnInternet: area.showOnInternet,
		...(county ? { county } : {}),
		polygon: area.polygon.map(({ longitud, latitud }) => ({ longitud, latitud })),
		polygonWGS84: area.polygon.map(({ longitud, latitud }) => ({ longitud, latitud })),
		images: [],
		dateChanged: area.dateChanged,
	};
}

/** GetFocusAreaResponse (assumed shape). */
export function focusAreaView(area: FocusArea) {
	return { ...area, coordinates: area.coordinates.map((pair) => [...pair]) };
}

function visible<T>(
	store: SandboxStore,
	records: Iterable<T>,
	owner: (r: T) => string,
	customerId: string,
): T[] {
	return [...records].filter((r) => store.inScope(owner(r), customerId));
}

/** Areas of the customer (archived ones too), or the one asked for: 404 unknown, 403 another customer's. */
export function listAreas(store: SandboxStore, customerId: string, areaId?: string): Area[] {
	if (!areaId) return visible(store, store.areas.values(), (a) => a.customerId, customerId);
	const area = store.areas.get(areaId);
	if (!area) throw notFound('Area', areaId);
	if (!store.inScope(area.customerId, customerId))
		throw forbidden(`Area ${areaId} belongs to another customer.`);
	return [area];
}

export function listFocusAreas(
	store: SandboxStore,
	customerId: string,
	areaId?: string,
): FocusArea[] {
	if (!areaId) return visible(store, store.focusAreas.values(), (a) => a.customerId, customerId);
	const area = store.focusAreas.get(areaId);
	if (!area) throw notFound('Focus area', areaId);
	if (!store.inScope(area.customerId, customerId))
		throw forbidden(`Focus area ${areaId} belongs to another customer.`);
	return [area];
}

/**
 * A polygon in GeoJSON order: each point a [longitude, latitude] pair within -180..180 and
 * -90..90, at least three distinct points (a closing point equal to the first is allowed).
 * With a municipality code every point must lie in Sweden, which catches swapped pairs.
 */
export function polygonErrors(
	coordinates: number[][],
	municipalityCode: string | null | undefined,
	field = 'coordinates',
): FieldError[] {
	const errors: FieldError[] = [];
	coordinates.forEach((pair, i) => {
		if (pair.length !== 2) {
			errors.push({ field: `${field}[${i}]`, message: 'must be a [longitude, latitude] pair' });
			return;
		}
		const [lon, lat] = pair;
		const lonOut = lon < -180 || lon > 180;
		const latOut = lat < -90 || lat > 90;
		if (lonOut)
			errors.push({
				field: `${field}[${i}][0]`,
				message: `longitude ${lon} must be between -180 and 180 (GeoJSON order: longitude, latitude)`,
			});
		if (latOut)
			errors.push({
				field: `${field}[${i}][1]`,
				message: `latitude ${lat} must be between -90 and 90 (GeoJSON order: longitude, latitude)`,
			});
		if (lonOut || latOut || !municipalityCode) return;
		if (lon < SWEDEN.lon[0] || lon > SWEDEN.lon[1])
			errors.push({
				field: `${field}[${i}][0]`,
				message: `longitude ${lon} lies outside Sweden (municipality ${municipalityCode}); is the pair [latitude, longitude]?`,
			});
		else if (lat < SWEDEN.lat[0] || lat > SWEDEN.lat[1])
			errors.push({
				field: `${field}[${i}][1]`,
				message: `latitude ${lat} lies outside Sweden (municipality ${municipalityCode})`,
			});
	});
	const distinct = new Set(
		coordinates.filter((pair) => pair.length === 2).map((pair) => pair.join(',')),
	);
	if (distinct.size < 3) errors.push({ field, message: 'must have at least 3 distinct points' });
	return errors;
}

/** POST /Area/FocusArea: the focus area is owned by the customer id of the call. */
export function createFocusArea(
	store: SandboxStore,
	customerId: string,
	body: FocusAreaBody,
): FocusArea {
	const code = body.municipalityCode || null;
	const errors: FieldError[] = [];
	if (!body.areaName.trim()) errors.push({ field: 'areaName', message: 'must not be blank' });
	if (code !== null && !/^\d{4}$/.test(code))
		errors.push({ field: 'municipalityCode', message: 'must be a four-digit municipality code' });
	errors.push(
		...polygonErrors(body.coordinates, code !== null && /^\d{4}$/.test(code) ? code : null),
	);
	if (errors.length) throw validationError(errors);
	const area: FocusArea = {
		id: store.nextId('focusArea'),
		customerId,
		areaName: body.areaName.trim(),
		municipalityCode: code,
		coordinates: body.coordinates.map(([lon, lat]) => [lon, lat]),
		createdAt: store.now(),
	};
	store.focusAreas.set(area.id, area);
	return area;
}
