import type { INode } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { isBlank } from '../checks';
import { DATE_RANGE_WORDING, type DateRangeLimit } from './rules';

export interface DateRangeInput {
	from: unknown;
	to: unknown;
	fromField: string;
	toField: string;
	limit: DateRangeLimit;
	required?: boolean;
}

/** Parses a date-time parameter value (ISO text, a Date, or a Luxon DateTime) or throws naming the field. */
export function parseDateTime(node: INode, value: unknown, field: string, itemIndex?: number): Date {
	const candidate =
		value instanceof Date
			? value
			: value && typeof value === 'object' && 'toISO' in value && typeof (value as { toISO: unknown }).toISO === 'function'
				? new Date(String((value as { toISO: () => string }).toISO()))
				: new Date(String(value ?? '').trim());
	if (Number.isNaN(candidate.getTime())) {
		throw new NodeOperationError(node, `${field} is not a valid date`, {
			itemIndex,
			description: `Use an ISO 8601 date-time such as 2026-01-31T00:00:00Z; got "${String(value)}"`,
		});
	}
	return candidate;
}

/** The latest end a range starting at `from` may have under `limit` (calendar months, UTC). */
export function latestEnd(from: Date, limit: Exclude<DateRangeLimit, 'none'>): Date {
	const end = new Date(from.getTime());
	if (limit === 'oneYear') end.setUTCFullYear(end.getUTCFullYear() + 1);
	else end.setUTCMonth(end.getUTCMonth() + 2);
	// 31 December + 2 months lands in early March by overflow: clamp to the month's last day.
	if (limit === 'twoMonths' && end.getUTCDate() !== from.getUTCDate()) end.setUTCDate(0);
	return end;
}

/**
 * Checks a from/to pair before any request: both valid, from not after to, and within the
 * endpoint's limit. Returns both as UTC ISO 8601 (what the service expects), or undefined
 * where an optional pair was left empty.
 */
export function checkDateRange(node: INode, input: DateRangeInput, itemIndex?: number): { from?: string; to?: string } {
	const { fromField, toField, limit } = input;
	if (isBlank(input.from) && isBlank(input.to) && !input.required) return {};
	for (const [value, field] of [
		[input.from, fromField],
		[input.to, toField],
	] as const) {
		if (isBlank(value) && (input.required || limit !== 'none')) {
			throw new NodeOperationError(node, `${field} is required`, {
				itemIndex,
				description: limit === 'none' ? undefined : `This report needs both ${fromField} and ${toField}, at most ${DATE_RANGE_WORDING[limit]} apart.`,
			});
		}
	}
	const from = isBlank(input.from) ? undefined : parseDateTime(node, input.from, fromField, itemIndex);
	const to = isBlank(input.to) ? undefined : parseDateTime(node, input.to, toField, itemIndex);
	if (from && to && from.getTime() > to.getTime()) {
		throw new NodeOperationError(node, `${fromField} must not be after ${toField}`, { itemIndex });
	}
	if (from && to && limit !== 'none' && to.getTime() > latestEnd(from, limit).getTime()) {
		throw new NodeOperationError(node, `The range from ${fromField} to ${toField} must not exceed ${DATE_RANGE_WORDING[limit]}`, {
			itemIndex,
			description: `The service refuses longer ranges for this report. ${fromField} is ${from.toISOString()}, so ${toField} may be ${latestEnd(from, limit).toISOString()} at the latest.`,
		});
	}
	return { from: from?.toISOString(), to: to?.toISOString() };
}

/** Splits [from, to) into consecutive windows that each respect `limit` (for pollers catching up on a long gap). */
export function splitIntoWindows(from: Date, to: Date, limit: Exclude<DateRangeLimit, 'none'>): Array<{ from: Date; to: Date }> {
	const windows: Array<{ from: Date; to: Date }> = [];
	let start = from;
	while (start.getTime() < to.getTime()) {
		const end = new Date(Math.min(latestEnd(start, limit).getTime(), to.getTime()));
		windows.push({ from: start, to: end });
		start = end;
	}
	return windows;
}
