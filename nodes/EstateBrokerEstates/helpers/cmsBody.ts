import type { IDataObject, IExecuteSingleFunctions, IHttpRequestOptions } from 'n8n-workflow';

import { isBlank, parseIdList, inputError, pickedValue } from '../../shared/rules';
import { type RequestStep } from '../../shared/engine';
import { COORDINATE, type CmsField, type CmsMode, cmsGroups, ROOMS_PARAMETER } from './cmsFields';

const INT32 = { min: -2147483648, max: 2147483647 };

function setAt(body: IDataObject, path: string, value: unknown): void {
	const keys = path.split('.');
	const last = keys.pop()!;
	let node = body;
	for (const key of keys) node = (node[key] ??= {}) as IDataObject;
	node[last] = value as IDataObject[string];
}

/** A number as typed or as an expression gave it (also numeric text); refused by its label when it is none. */
function numberOf(
	context: IExecuteSingleFunctions,
	value: unknown,
	label: string,
	range: { min?: number; max?: number; integer?: boolean },
): number {
	const number = typeof value === 'number' ? value : Number(String(value).trim());
	const rule = range.integer ? 'a whole number' : 'a number';
	if (
		typeof value === 'boolean' ||
		!Number.isFinite(number) ||
		(range.integer && !Number.isInteger(number))
	) {
		throw inputError(context, `${label} must be ${rule}; got "${String(value)}"`);
	}
	if (
		(range.min !== undefined && number < range.min) ||
		(range.max !== undefined && number > range.max)
	) {
		const bounds =
			range.max === undefined ? `${range.min} or more` : `from ${range.min} to ${range.max}`;
		throw inputError(context, `${label} must be ${bounds}; got ${number}`);
	}
	return number;
}

/** One field's wire value, or undefined when it was left empty (so nothing is sent for it). */
function wireValue(context: IExecuteSingleFunctions, field: CmsField, value: unknown): unknown {
	if (isBlank(value)) return undefined;
	switch (field.kind) {
		case 'text':
			return String(value).trim();
		case 'amount':
			return numberOf(context, value, field.displayName, { min: 0 });
		case 'integer':
			return numberOf(context, value, field.displayName, { ...INT32, integer: true });
		case 'boolean':
			if (typeof value !== 'boolean')
				throw inputError(
					context,
					`${field.displayName} must be true or false; got "${String(value)}"`,
				);
			return value;
		case 'ids': {
			if (Array.isArray(value) && value.length === 0) return undefined;
			return parseIdList(context.getNode(), value, field.displayName, context.getItemIndex());
		}
	}
}

/** Latitude and longitude together, or neither: the service reads a coordinate as a pair. */
function coordinateOf(
	context: IExecuteSingleFunctions,
	address: IDataObject,
): IDataObject | undefined {
	const given = Object.entries(COORDINATE).filter(([name]) => !isBlank(address[name]));
	if (given.length === 0) return undefined;
	if (given.length === 1) {
		throw inputError(
			context,
			'Address: Latitude and Longitude go together',
			`Only ${given[0][1].displayName} was given; add the other, or remove both.`,
		);
	}
	const coordinate: IDataObject = {};
	for (const [name, { displayName, wire, min, max }] of given)
		coordinate[wire] = numberOf(context, address[name], displayName, { min, max });
	return coordinate;
}

/** Room descriptions with a heading or a text; empty rows left out. */
function roomsOf(interior: IDataObject): IDataObject[] | undefined {
	const rows = (((interior[ROOMS_PARAMETER.name] ?? {}) as IDataObject)[ROOMS_PARAMETER.item] ??
		[]) as IDataObject[];
	const rooms: IDataObject[] = [];
	for (const row of rows) {
		const room: IDataObject = {};
		for (const key of ['heading', 'text'])
			if (!isBlank(row[key])) room[key] = String(row[key]).trim();
		if (Object.keys(room).length) rooms.push(room);
	}
	return rooms.length ? rooms : undefined;
}

function groupValue(context: IExecuteSingleFunctions, name: string): IDataObject {
	const value = context.getNodeParameter(name, {});
	return value && typeof value === 'object' && !Array.isArray(value) ? (value as IDataObject) : {};
}

/** The create-only top fields: agent and status, required by the service for a new record. */
function createTopFields(context: IExecuteSingleFunctions, body: IDataObject, what: string): void {
	const userId = pickedValue(context.getNodeParameter('userId', ''));
	if (isBlank(userId))
		throw inputError(
			context,
			'Agent is required',
			`Choose the agent responsible for the new ${what}.`,
		);
	const status = context.getNodeParameter('status', '');
	if (isBlank(status))
		throw inputError(
			context,
			'Status is required',
			`Give the stage of the new ${what}, e.g. AssignmentAttempt.`,
		);
	body.userId = String(userId).trim();
	setAt(body, 'baseInformation.status', String(status).trim());
}

/**
 * Builds the CmsCondominium or CmsCottage body from the node's groups: only the fields a user
 * added and filled in, blank text left out, numbers checked, lists as arrays, latitude and
 * longitude as `address.coordinate { latitud, longitud }`. Create refuses a missing agent;
 * update refuses an empty change (it would do nothing).
 */
export function cmsBody(mode: CmsMode, kind: { label: string; withPlot: boolean }): RequestStep {
	const what = kind.label.toLowerCase();
	return async function (this: IExecuteSingleFunctions, request: IHttpRequestOptions) {
		const body: IDataObject = {};
		if (mode === 'create') createTopFields(this, body, what);
		for (const group of cmsGroups(kind.withPlot)) {
			const values = groupValue(this, group.name);
			for (const field of group.fields) {
				const value = wireValue(this, field, values[field.name]);
				if (value !== undefined) setAt(body, field.wire, value);
			}
			if (group.name === 'address') {
				const coordinate = coordinateOf(this, values);
				if (coordinate) setAt(body, 'baseInformation.address.coordinate', coordinate);
			}
			if (group.name === ROOMS_PARAMETER.group) {
				const rooms = roomsOf(values);
				if (rooms) setAt(body, ROOMS_PARAMETER.wire, rooms);
			}
			if (group.name === 'baseInformation' && mode === 'update') {
				// The agent picker holds the ID in its value ({ __rl, mode, value }), as saved from the editor.
				const userId = pickedValue(values.userId);
				if (!isBlank(userId)) body.userId = String(userId).trim();
				if (!isBlank(values.status))
					setAt(body, 'baseInformation.status', String(values.status).trim());
			}
		}
		if (mode === 'update' && Object.keys(body).length === 0) {
			throw inputError(
				this,
				'Nothing to update',
				`Add at least one field to change on the ${what}; fields left out keep their stored values.`,
			);
		}
		return { ...request, body };
	};
}
