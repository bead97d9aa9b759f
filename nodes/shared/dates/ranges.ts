import type { DateTime, DurationLikeObject } from 'luxon';

import { DATE_RANGE_WORDING, type DateRangeLimit } from '../limits/rules';
import { type DateContext, describeDate, parseDateTime, toWire } from './clock';
import { isBlank, refuse } from '../checks';

export interface DateRangeInput {
	from: unknown;
	to: unknown;
	fromField: string;
	toField: string;
	limit: DateRangeLimit;
	required?: boolean;
}

type Limit = Exclude<DateRangeLimit, 'none'>;

/**
 * The rule of the service's longest ranges, on the calendar of the start's zone: the same
 * wall time one year or two months later; where that month is shorter, its last day
 * (luxon's month arithmetic). So from 31 December at most to 28 (29) February, from
 * 29 February at most to 28 February of the next year.
 */
const LENGTH: Record<Limit, DurationLikeObject> = { oneYear: { years: 1 }, twoMonths: { months: 2 } };

/** The latest end a range starting at `from` may have under `limit`, in `from`'s zone. */
export function latestEnd(from: DateTime, limit: Limit): DateTime {
	return from.plus(LENGTH[limit]);
}

/** The earliest start whose latest end reaches `to` on `to`'s calendar. */
function earliestOnCalendar(to: DateTime, limit: Limit): DateTime {
	const back = to.minus(LENGTH[limit]);
	// Found by bisection, as a later start never ends earlier: two hours before `back` always
	// falls short (a clock change moves the end by an hour at most), four days after it always
	// reaches (clamping 30 April back to 28 February loses at most three days). Where a clock
	// change repeats the hour, `back` itself may reach and still not be the earliest.
	let early = back.minus({ hours: 2 }).toMillis();
	let late = back.plus({ days: 4 }).toMillis();
	while (late - early > 1) {
		const middle = Math.floor((early + late) / 2);
		if (latestEnd(back.plus(middle - back.toMillis()), limit) >= to) late = middle;
		else early = middle;
	}
	return back.plus(late - back.toMillis());
}

/**
 * The earliest start of a range that ends at `to` and that the service accepts: within the
 * limit on `to`'s calendar and in UTC, whose hours differ across a clock change (the
 * service's own reading is not documented). For periods the nodes compute, such as "the last
 * two months".
 */
export function earliestStart(to: DateTime, limit: Limit): DateTime {
	const inZone = earliestOnCalendar(to, limit);
	const inUtc = earliestOnCalendar(to.toUTC(), limit).setZone(to.zone);
	return inUtc > inZone ? inUtc : inZone;
}

/**
 * Checks a from/to pair before any request: both valid, from not after to, and within the
 * endpoint's limit on the workflow's calendar. Returns both as UTC ISO 8601 (what the
 * service expects), or undefined where an optional pair was left empty.
 */
export function checkDateRange(context: DateContext, input: DateRangeInput, itemIndex?: number): { from?: string; to?: string } {
	const node = context.getNode();
	const { fromField, toField, limit } = input;
	if (isBlank(input.from) && isBlank(input.to) && !input.required) return {};
	for (const [value, field] of [
		[input.from, fromField],
		[input.to, toField],
	] as const) {
		if (isBlank(value) && (input.required || limit !== 'none')) {
			const both = limit === 'none' ? undefined : `This report needs both ${fromField} and ${toField}, at most ${DATE_RANGE_WORDING[limit]} apart.`;
			throw refuse(node, `${field} is required`, both, itemIndex);
		}
	}
	const from = isBlank(input.from) ? undefined : parseDateTime(context, input.from, fromField, itemIndex);
	const to = isBlank(input.to) ? undefined : parseDateTime(context, input.to, toField, itemIndex);
	if (from && to && from > to) {
		throw refuse(node, `${fromField} must not be after ${toField}`, `${fromField} is ${describeDate(from)} and ${toField} is ${describeDate(to)}.`, itemIndex);
	}
	if (from && to && limit !== 'none' && to > latestEnd(from, limit)) {
		throw refuse(
			node,
			`The range from ${fromField} to ${toField} must not exceed ${DATE_RANGE_WORDING[limit]}`,
			`The service refuses longer ranges for this report. ${fromField} is ${describeDate(from)}, so ${toField} may be ` +
				`${describeDate(latestEnd(from, limit))} at the latest: the same time ${DATE_RANGE_WORDING[limit]} later on the workflow's ` +
				`calendar, or the last day of that month where it is shorter.`,
			itemIndex,
		);
	}
	return { from: from && toWire(from), to: to && toWire(to) };
}

/**
 * Splits [from, to) into consecutive windows that each respect `limit` (for pollers catching
 * up on a long gap), on the calendar of `zone`. A window also keeps within the limit read in
 * UTC, whose hours differ across a clock change, so the service refuses none however it reads it.
 */
export function splitIntoWindows(from: DateTime, to: DateTime, limit: Limit): Array<{ from: DateTime; to: DateTime }> {
	const windows: Array<{ from: DateTime; to: DateTime }> = [];
	let start = from;
	while (start < to) {
		const inZone = latestEnd(start, limit);
		const inUtc = latestEnd(start.toUTC(), limit).setZone(start.zone);
		const end = [inZone, inUtc, to].reduce((earliest, candidate) => (candidate < earliest ? candidate : earliest));
		windows.push({ from: start, to: end });
		start = end;
	}
	return windows;
}
