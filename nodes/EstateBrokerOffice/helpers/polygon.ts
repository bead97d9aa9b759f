import type { IDataObject, IExecuteSingleFunctions, INodeProperties } from 'n8n-workflow';

import type { RequestStep } from '../../shared/engine';
import { jsonText, inputError } from '../../shared/rules';
import { coordinateParameter } from '../../shared/descriptions';

const MAX_AREA_NAME_LENGTH = 100;
const MIN_POINTS = 3;
const ORDER_HINT =
	'Points are longitude, latitude (GeoJSON order): Stockholm is about 18.07, 59.33.';

type Point = [number, number];

export const polygonFields: INodeProperties[] = [
	{
		displayName: 'Polygon Input',
		name: 'polygonInput',
		type: 'options',
		options: [
			{ name: 'Points', value: 'points', description: 'Add the corners one by one' },
			{
				name: 'GeoJSON',
				value: 'geoJson',
				description: 'A GeoJSON Polygon (or Feature), or its coordinates, e.g. from a map tool',
			},
		],
		default: 'points',
		description: 'How the outline of the focus area is given',
	},
	{
		displayName: 'Points',
		name: 'points',
		type: 'fixedCollection',
		typeOptions: { multipleValues: true, sortable: true },
		default: {},
		placeholder: 'Add Point',
		description: `The corners of the area in order, at least ${MIN_POINTS}. Longitude first, then latitude (GeoJSON order).`,
		displayOptions: { show: { polygonInput: ['points'] } },
		options: [
			{
				displayName: 'Point',
				name: 'point',
				values: [coordinateParameter('longitude'), coordinateParameter('latitude')],
			},
		],
	},
	{
		displayName: 'GeoJSON',
		name: 'geoJson',
		type: 'json',
		default: '{\n  "type": "Polygon",\n  "coordinates": [[]]\n}',
		placeholder:
			'{ "type": "Polygon", "coordinates": [[[18.07, 59.31], [18.09, 59.31], [18.09, 59.32], [18.07, 59.31]]] }',
		description:
			'A GeoJSON Polygon, a Feature holding one, or just the coordinates ([[lon, lat], …] or [[[lon, lat], …]]). Positions are longitude, latitude; one outline only, no holes.',
		displayOptions: { show: { polygonInput: ['geoJson'] } },
	},
];

function fromPoints(context: IExecuteSingleFunctions): Point[] {
	const points =
		((context.getNodeParameter('points', {}) as IDataObject).point as IDataObject[] | undefined) ??
		[];
	return points.map((point, index) => {
		const pair = [point.longitude, point.latitude].map((value) =>
			value === '' || value === null ? NaN : Number(value),
		);
		if (!pair.every(Number.isFinite))
			throw inputError(
				context,
				`Point ${index + 1} needs a number for both Longitude and Latitude`,
				ORDER_HINT,
			);
		return pair as Point;
	});
}

const isPosition = (value: unknown): value is unknown[] =>
	Array.isArray(value) && value.length > 0 && !Array.isArray(value[0]);

/** The one outline of a GeoJSON value: Polygon, Feature, a one-feature FeatureCollection, or bare coordinates. */
function outlineOf(context: IExecuteSingleFunctions, value: unknown): unknown[] {
	if (Array.isArray(value)) {
		if (value.length === 0 || isPosition(value[0])) return value;
		if (value.length > 1)
			throw inputError(
				context,
				'GeoJSON has more than one ring',
				'Give one outline: a focus area has no holes.',
			);
		return outlineOf(context, value[0]);
	}
	const object = (value ?? {}) as IDataObject;
	if (object.type === 'Feature') return outlineOf(context, object.geometry);
	if (
		object.type === 'FeatureCollection' &&
		Array.isArray(object.features) &&
		object.features.length === 1
	)
		return outlineOf(context, object.features[0]);
	if (object.type === 'Polygon') return outlineOf(context, object.coordinates);
	throw inputError(
		context,
		`GeoJSON must be a Polygon${typeof object.type === 'string' ? `, not a ${object.type}` : ''}`,
		'Give a GeoJSON Polygon, a Feature holding one, or its coordinates as [[lon, lat], …].',
	);
}

function fromGeoJson(context: IExecuteSingleFunctions): Point[] {
	const value = jsonText(
		context,
		context.getNodeParameter('geoJson', ''),
		'GeoJSON',
		'Check the brackets and commas, or give the GeoJSON through an expression.',
	);
	return outlineOf(context, value).map((position, index) => {
		// A position may carry an altitude third; the service takes longitude and latitude only.
		const pair = isPosition(position) ? position.slice(0, 2) : [];
		if (
			pair.length !== 2 ||
			!pair.every((number) => typeof number === 'number' && Number.isFinite(number))
		) {
			throw inputError(
				context,
				`GeoJSON position ${index + 1} must be a pair of numbers [longitude, latitude]; got ${JSON.stringify(position)}`,
				ORDER_HINT,
			);
		}
		return pair as Point;
	});
}

/** Longitude -180..180, latitude -90..90, at least three distinct points (a closing point repeating the first is fine). */
function checkPolygon(context: IExecuteSingleFunctions, points: Point[]): Point[] {
	points.forEach(([longitude, latitude], index) => {
		if (longitude < -180 || longitude > 180)
			throw inputError(
				context,
				`Point ${index + 1}: Longitude ${longitude} must be between -180 and 180`,
				ORDER_HINT,
			);
		if (latitude < -90 || latitude > 90)
			throw inputError(
				context,
				`Point ${index + 1}: Latitude ${latitude} must be between -90 and 90`,
				ORDER_HINT,
			);
	});
	const distinct = new Set(points.map((point) => point.join(','))).size;
	if (distinct < MIN_POINTS)
		throw inputError(
			context,
			`The polygon needs at least ${MIN_POINTS} different points; got ${distinct}`,
			ORDER_HINT,
		);
	return points;
}

/** Builds CreateFocusAreaRequest { areaName, coordinates: [[lon, lat], …], municipalityCode? } and checks it before sending. */
export const focusAreaBody: RequestStep = async function (request) {
	const areaName = String(this.getNodeParameter('areaName', '') ?? '').trim();
	if (areaName === '')
		throw inputError(this, 'Area Name is required', 'Name the focus area, e.g. "Södermalm east".');
	if (areaName.length > MAX_AREA_NAME_LENGTH)
		throw inputError(
			this,
			`Area Name may have at most ${MAX_AREA_NAME_LENGTH} characters; got ${areaName.length}`,
		);
	const input = this.getNodeParameter('polygonInput', 'points') as string;
	const coordinates = checkPolygon(
		this,
		input === 'geoJson' ? fromGeoJson(this) : fromPoints(this),
	);
	const body: IDataObject = { areaName, coordinates };
	const code = String(this.getNodeParameter('municipalityCode', '') ?? '').trim();
	if (code !== '') {
		if (!/^\d{4}$/.test(code))
			throw inputError(
				this,
				`Municipality Code must be four digits; got "${code}"`,
				'Keep the leading zero, e.g. 0180 for Stockholm.',
			);
		body.municipalityCode = code;
	}
	return { ...request, body };
};
