import type { IDataObject } from 'n8n-workflow';

const isRecord = (entry: unknown): entry is IDataObject =>
	entry !== null && typeof entry === 'object';

/**
 * The records of an answer that lists them: an array, one record (one id in the path answers
 * with the record itself), nothing, or a list under one property (`{ users: [...] }`).
 * Entries that are not records are left out. Read only: a list of records only is handed on
 * as it came, not copied (a poll reads 100,000 bids).
 */
export function recordsOf(body: unknown, property?: string): IDataObject[] {
	const root =
		property !== undefined && isRecord(body) && !Array.isArray(body) ? body[property] : body;
	const list: unknown[] = Array.isArray(root) ? root : [root];
	return list.every(isRecord) ? (list as IDataObject[]) : list.filter(isRecord);
}
