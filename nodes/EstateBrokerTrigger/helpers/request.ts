import type { IDataObject } from 'n8n-workflow';

import { serviceTime } from '../../shared/dates';

/** A list answer as an array of records, whether the service sent an array, one record or nothing. */
export function asRecords(value: unknown): IDataObject[] {
	if (value === undefined || value === null || value === '') return [];
	const list = Array.isArray(value) ? value : [value];
	return list.filter((entry): entry is IDataObject => entry !== null && typeof entry === 'object');
}

/** UTC ISO 8601 of a record time, or undefined when it is missing or unreadable (shared dates: the service speaks UTC). */
export const isoTime = serviceTime;
