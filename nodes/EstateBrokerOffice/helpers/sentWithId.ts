import type { IDataObject, IExecuteSingleFunctions } from 'n8n-workflow';

import { type AnswerStep, sentRequest } from '../../shared/engine';

/**
 * For creates that the service answers with an id only and that have no read endpoint
 * (appointments, focus areas): the item is the new id with the named fields as they were
 * sent, after the node's checks (trimmed, times in UTC), plus `extra` (e.g. the user id of
 * the path), so that the next node can say what was created.
 */
export function sentWithId(
	fields: string[],
	extra?: (this: IExecuteSingleFunctions) => IDataObject,
): AnswerStep {
	return async function (items) {
		const body = (sentRequest(this).body ?? {}) as IDataObject;
		const sent: IDataObject = extra ? extra.call(this) : {};
		for (const field of fields) if (body[field] !== undefined) sent[field] = body[field];
		return items.map((item) => ({ ...item, json: { ...item.json, ...sent } }));
	};
}
