import type { IDataObject } from 'n8n-workflow';

/** A list answer as an array of records, whether the service sent an array, one record or nothing. */
export function asRecords(value: unknown): IDataObject[] {
	if (value === undefined || value === null || value === '') return [];
	const list = Array.isArray(value) ? value : [value];
	return list.filter((entry): entry is IDataObject => entry !== null && typeof entry === 'object');
}

const CANONICAL_UTC = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

/** UTC ISO 8601 of a record time, or undefined when it is missing or unreadable. */
export function isoTime(value: unknown): string | undefined {
	if (typeof value !== 'string' || value.trim() === '') return undefined;
	// Already UTC with milliseconds (the common case, 100,000 times per bid poll): no need to rebuild it.
	if (value.length === 24 && CANONICAL_UTC.test(value)) return value;
	const ms = Date.parse(value);
	return Number.isNaN(ms) ? undefined : new Date(ms).toISOString();
}
