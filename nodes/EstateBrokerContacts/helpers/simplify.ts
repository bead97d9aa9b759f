import type { IDataObject, INodeProperties } from 'n8n-workflow';

import type { AnswerStep } from '../../shared/transport';

/** Contact records carry every field, most of them empty; Simplify leaves the empty ones out. */
export const simplifyField: INodeProperties = {
	displayName: 'Simplify',
	name: 'simplify',
	type: 'boolean',
	default: true,
	description: 'Whether to return a simplified version of the response instead of the raw data',
};

function isEmpty(value: unknown): boolean {
	if (value === null || value === undefined || value === '') return true;
	if (Array.isArray(value)) return value.length === 0;
	return typeof value === 'object' && Object.keys(value as object).length === 0;
}

/** The record without empty values, nested objects included. */
export function withoutEmptyValues(record: IDataObject): IDataObject {
	const result: IDataObject = {};
	for (const [key, value] of Object.entries(record)) {
		const kept = value && typeof value === 'object' && !Array.isArray(value) ? withoutEmptyValues(value as IDataObject) : value;
		if (!isEmpty(kept)) result[key] = kept;
	}
	return result;
}

/** With Simplify on, every record of the answer without its empty values. */
export const simplify: AnswerStep = async function (items) {
	if (!this.getNodeParameter('simplify', false)) return items;
	return items.map((item) => (item.json.error !== undefined ? item : { ...item, json: withoutEmptyValues(item.json) }));
};
