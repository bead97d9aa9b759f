import type {
	IDataObject,
	IExecuteSingleFunctions,
	IHttpRequestOptions,
	INodeProperties,
} from 'n8n-workflow';

import { isBlank, listOf, inputError, wholeNumber } from '../../shared/rules';

/**
 * A range of section 2.2 (RangeOfInt32) as a min/max pair whose choices come from one step
 * list of the search-profile-values lookup.
 */
export function rangeValues(label: string, loader: string): INodeProperties[] {
	const bound = (name: 'minValue' | 'maxValue', word: string): INodeProperties => ({
		displayName: `${word} ${label}`,
		name,
		type: 'options',
		typeOptions: { loadOptionsMethod: loader },
		default: '',
		description:
			'Choose from the list, or specify a value using an <a href="https://docs.n8n.io/code/expressions/">expression</a>',
	});
	return [bound('maxValue', 'Maximum'), bound('minValue', 'Minimum')];
}

/** One value of a step list (e.g. bedrooms from RoomSteps). */
export function stepField(
	name: string,
	displayName: string,
	loader: string,
	description: string,
): INodeProperties {
	return {
		displayName,
		name,
		type: 'options',
		typeOptions: { loadOptionsMethod: loader },
		default: '',
		description: `${description}. Choose from the list, or specify a value using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.`,
	};
}

export function rangeField(
	name: string,
	displayName: string,
	label: string,
	loader: string,
): INodeProperties {
	return {
		displayName,
		name,
		type: 'fixedCollection',
		default: {},
		placeholder: `Add ${displayName}`,
		options: [{ displayName: 'Range', name: 'range', values: rangeValues(label, loader) }],
	};
}

function toRange(
	context: IExecuteSingleFunctions,
	field: string,
	value: unknown,
): IDataObject | undefined {
	const bounds = (value ?? {}) as IDataObject;
	const range: IDataObject = {};
	for (const bound of ['minValue', 'maxValue']) {
		if (isBlank(bounds[bound])) continue;
		range[bound] = wholeNumber(context, bounds[bound], `${field}: ${bound}`);
	}
	if (
		range.minValue !== undefined &&
		range.maxValue !== undefined &&
		(range.minValue as number) > (range.maxValue as number)
	) {
		throw inputError(context, `${field}: the minimum must not be greater than the maximum`);
	}
	return Object.keys(range).length ? range : undefined;
}

function toPolygons(value: unknown): IDataObject[] {
	const polygons = ((value ?? {}) as IDataObject).polygon as IDataObject[] | undefined;
	return (polygons ?? []).map((polygon) => ({
		coordinates: (
			(((polygon.points ?? {}) as IDataObject).point as IDataObject[] | undefined) ?? []
		).map((point) => ({
			longitud: Number(point.longitud),
			latitud: Number(point.latitud),
		})),
	}));
}

/** SearchProfileV2_SubtypeFarm (docs/spec/models-2026.json): the farm types the service takes. */
export const FARM_SUBTYPES = ['Agriculture', 'NoAgriculture', 'Forestry', 'HorseFarm'] as const;

/** A farm type as the service names it, in any case; Hunting, Other or anything else refused with the choices. */
function farmSubtype(context: IExecuteSingleFunctions, value: string): string {
	const given = value.trim().toLowerCase();
	const known = FARM_SUBTYPES.find((subtype) => subtype.toLowerCase() === given);
	if (known) return known;
	throw inputError(
		context,
		`Farm Type Names or IDs: "${value}" is not one of the service's farm types`,
		`Choose from: ${FARM_SUBTYPES.join(', ')}. Hunting grounds are usually Forestry.`,
	);
}

/** Builds the SearchProfileFarmUpdate body from Update Fields: lists as arrays, ranges as {minValue, maxValue}. */
export async function farmProfileBody(
	this: IExecuteSingleFunctions,
	request: IHttpRequestOptions,
): Promise<IHttpRequestOptions> {
	const fields = this.getNodeParameter('updateFields', {}) as IDataObject;
	const body: IDataObject = {};
	for (const name of ['subtypes', 'areaIds', 'municipalityCodes', 'increasedRequirementIds']) {
		if (fields[name] !== undefined) body[name] = listOf(fields[name]);
	}
	if (body.subtypes)
		body.subtypes = [
			...new Set((body.subtypes as string[]).map((subtype) => farmSubtype(this, subtype))),
		];
	for (const [name, label] of [
		['totalArea', 'Total Area'],
		['livingSpace', 'Living Space'],
		['numberOfRooms', 'Number of Rooms'],
	]) {
		const range = toRange(this, label, ((fields[name] ?? {}) as IDataObject).range);
		if (range) body[name] = range;
	}
	const price = (fields.price ?? {}) as IDataObject;
	const priceRange = toRange(this, 'Price', price.domestic ?? price.foreign);
	if (priceRange) body.price = priceRange;
	if (!isBlank(fields.bedrooms)) body.bedrooms = Number(fields.bedrooms);
	if (fields.isAutomaticProfile !== undefined) body.isAutomaticProfile = fields.isAutomaticProfile;
	if (fields.drawnAreas !== undefined) body.drawnAreas = toPolygons(fields.drawnAreas);
	if (!isBlank(fields.drawnAreasName)) body.drawnAreasName = String(fields.drawnAreasName).trim();
	return { ...request, body };
}
