import { checkDateRange } from '../dates';
import type { DateRangeLimit } from '../rules';
import type { RequestStep } from '../engine';

export interface QueryDateRange {
	/** Query keys of the two bounds, e.g. dateFrom and dateTo. */
	fromKey: string;
	toKey: string;
	/** Field labels for messages. */
	fromField: string;
	toField: string;
	/** The endpoint's longest range (interface.md section 8), or 'none'. */
	limit: DateRangeLimit;
	required?: boolean;
}

/**
 * A step that checks a from/to pair of query parameters before anything is sent (valid,
 * in order, within the endpoint's limit on the workflow's calendar) and sends both as UTC
 * ISO 8601; a bound left empty
 * is not sent at all.
 */
export function dateRangeQuery(range: QueryDateRange): RequestStep {
	return async function (request) {
		const qs = { ...(request.qs ?? {}) };
		const { from, to } = checkDateRange(
			this,
			{
				from: qs[range.fromKey],
				to: qs[range.toKey],
				fromField: range.fromField,
				toField: range.toField,
				limit: range.limit,
				required: range.required,
			},
			this.getItemIndex(),
		);
		delete qs[range.fromKey];
		delete qs[range.toKey];
		if (from) qs[range.fromKey] = from;
		if (to) qs[range.toKey] = to;
		return { ...request, qs };
	};
}
