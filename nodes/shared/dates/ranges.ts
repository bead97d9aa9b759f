import type { DateTime, DurationLikeObject } from 'luxon';

import { DATE_RANGE_WORDING, type DateRangeLimit, isBlank, inputError } from '../rules';
import { type DateContext, describeDate, parseDateTime, toWire } from './workflowClock';
import { SERVICE_ZONE } from './serviceClock';

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
 * The rule of the service's longest ranges, on the calendar of the start's zone (the service
 * counts on its own, Europe/Stockholm: see serviceLatestEnd): the same
 * wall time one year or two months later; where that month is shorter, its last day
 * (luxon's month arithmetic). So from 31 December at most to 28 (29) February, from
 * 29 February at most to 28 February of the next year.
 */
const LENGTH: Record<Limit, DurationLikeObject> = {
	oneYear: { years: 1 },
	twoMonths: { months: 2 },
};

/** The latest end a range starting at `from` may have under `limit`, in `from`'s zone. */
export function latestEnd(from: DateTime, limit: Limit): DateTime {
	return from.plus(LENGTH[limit]);
}

/** The latest end the service accepts for a range starting at `from`: counted on the Swedish calendar, given in `from`'s zone. */
export function serviceLatestEnd(from: DateTime, limit: Limit): DateTime {
	return latestEnd(from.setZone(SERVICE_ZONE), limit).setZone(from.zone);
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
 * limit on the service's calendar (Europe/Stockholm, service-clock.md), given in `to`'s zone.
 * For periods the nodes compute, such as "the last two months".
 */
export function earliestStart(to: DateTime, limit: Limit): DateTime {
	return earliestOnCalendar(to.setZone(SERVICE_ZONE), limit).setZone(to.zone);
}

/**
 * Checks a from/to pair before any request: both valid (read on the workflow's calendar), from
 * not after to, and within the endpoint's limit as the service counts it, on the Swedish
 * calendar. Returns both as UTC ISO 8601 (toWire), or undefined where an optional pair was
 * left empty.
 */
export function checkDateRange(
	context: DateContext,
	input: DateRangeInput,
	itemIndex?: number,
): { from?: string; to?: string } {
	const node = context.getNode();
	const { fromField, toField, limit } = input;
	if (isBlank(input.from) && isBlank(input.to) && !input.required) return {};
	for (const [value, field] of [
		[input.from, fromField],
		[input.to, toField],
	] as const) {
		if (isBlank(value) && (input.required || limit !== 'none')) {
			const both =
				limit === 'none'
					? undefined
					: `This report needs both ${fromField} and ${toField}, at most ${DATE_RANGE_WORDING[limit]} apart.`;
			throw inputError(node, `${field} is required`, both, itemIndex);
		}
	}
	const from = isBlank(input.from)
		? undefined
		: parseDateTime(context, input.from, fromField, itemIndex);
	const to = isBlank(input.to) ? undefined : parseDateTime(context, input.to, toField, itemIndex);
	if (from && to && from > to) {
		throw inputError(
			node,
			`${fromField} must not be after ${toField}`,
			`${fromField} is ${describeDate(from)} and ${toField} is ${describeDate(to)}.`,
			itemIndex,
		);
	}
	if (from && to && limit !== 'none' && to > serviceLatestEnd(from, limit)) {
		const swedishFrom = from.setZone(SERVICE_ZONE);
		const latest = latestEnd(swedishFrom, limit);
		const inBoth = (date: DateTime) =>
			from.zoneName === SERVICE_ZONE
				? describeDate(date)
				: `${describeDate(date.setZone(from.zone))}, ${describeDate(date.setZone(SERVICE_ZONE))}`;
		throw inputError(
			node,
			`The range from ${fromField} to ${toField} must not exceed ${DATE_RANGE_WORDING[limit]}`,
			`The service refuses longer ranges for this report, and counts them on its own calendar, Swedish time. ${fromField} is ${inBoth(swedishFrom)}, ` +
				`so ${toField} may be ${inBoth(latest)} at the latest: the same Swedish time ${DATE_RANGE_WORDING[limit]} later, ` +
				`or the last day of that month where it is shorter.`,
			itemIndex,
		);
	}
	return { from: from && toWire(from), to: to && toWire(to) };
}

/**
 * Splits [from, to) into consecutive windows that each respect `limit` as the service counts
 * it, on the Swedish calendar (for pollers catching up on a long gap); the windows keep
 * `from`'s zone.
 */
export function splitIntoWindows(
	from: DateTime,
	to: DateTime,
	limit: Limit,
): Array<{ from: DateTime; to: DateTime }> {
	const windows: Array<{ from: DateTime; to: DateTime }> = [];
	let start = from;
	while (start < to) {
		const latest = serviceLatestEnd(start, limit);
		const end = latest < to ? latest : to;
		windows.push({ from: start, to: end });
		start = end;
	}
	return windows;
}
