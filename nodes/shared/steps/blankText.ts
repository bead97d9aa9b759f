import type { IDataObject, IExecuteSingleFunctions, IHttpRequestOptions } from 'n8n-workflow';

import type { RequestStep } from '../engine';

/** Drops blank text (also inside address and coordinate) and trims the rest. */
export function withoutBlankText(record: IDataObject): IDataObject {
	const result: IDataObject = {};
	for (const [key, value] of Object.entries(record)) {
		if (value === undefined || value === null || (typeof value === 'string' && value.trim() === ''))
			continue;
		if (value && typeof value === 'object' && !Array.isArray(value)) {
			const inner = withoutBlankText(value as IDataObject);
			if (Object.keys(inner).length) result[key] = inner;
		} else {
			result[key] = typeof value === 'string' ? value.trim() : value;
		}
	}
	return result;
}

/** A body step for records without special fields: blank text left out. */
export const blankTextLeftOut: RequestStep = async function (
	this: IExecuteSingleFunctions,
	request: IHttpRequestOptions,
) {
	return { ...request, body: withoutBlankText((request.body ?? {}) as IDataObject) };
};
