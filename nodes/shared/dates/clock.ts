import { DateTime } from 'luxon';
import type { INode } from 'n8n-workflow';

import { refuse } from '../checks';

/**
 * The package's one clock and one zone. A date means the workflow's time zone: its Timezone
 * setting, else the instance's GENERIC_TIMEZONE, the zone n8n gives `$now`. The zone
 * arithmetic is luxon's (n8n ships it); on the wire every time is UTC ISO 8601.
 */

/** What the date helpers need of n8n's context: the node (for errors) and the workflow's zone. */
export interface DateContext {
	getNode(): INode;
	getTimezone(): string;
}

/** The workflow's time zone, as n8n resolves it; refused by name when luxon does not know it. */
export function workflowZone(context: DateContext): string {
	const zone = context.getTimezone();
	if (!DateTime.now().setZone(zone).isValid) {
		throw refuse(
			context.getNode(),
			`The workflow's time zone "${zone}" is not known`,
			'Pick a time zone such as Europe/Stockholm in the workflow settings (Timezone), or fix GENERIC_TIMEZONE of the n8n instance.',
		);
	}
	return zone;
}

/** Now, on the workflow's calendar. */
export function nowIn(context: DateContext): DateTime {
	return DateTime.now().setZone(workflowZone(context));
}

/** An instant on the workflow's calendar. */
export function inWorkflowZone(context: DateContext, instant: Date): DateTime {
	return DateTime.fromJSDate(instant, { zone: workflowZone(context) });
}

/** Now as an instant, for what is not calendar work (polls' upper bounds, deadlines). */
export function currentInstant(): Date {
	return DateTime.now().toJSDate();
}

const isDateTime = (value: unknown): value is { toMillis(): number } =>
	value !== null && typeof value === 'object' && typeof (value as { toMillis?: unknown }).toMillis === 'function';

/**
 * A wall time the clocks pass twice (02:30 on the night they go back) means its first
 * occurrence. Left to luxon, the reading would follow the offset in force today, so the same
 * text would mean another hour depending on the day n8n runs.
 */
export function firstOccurrence(date: DateTime): DateTime {
	return date.getPossibleOffsets().reduce((first, reading) => (reading < first ? reading : first), date);
}

/** Text forms n8n users meet: ISO 8601 (the date picker), SQL-style, RFC 2822 and HTTP dates. */
function fromText(text: string, zone: string): DateTime {
	for (const parse of [DateTime.fromISO, DateTime.fromSQL, DateTime.fromRFC2822, DateTime.fromHTTP]) {
		const date = parse(text, { zone });
		if (!date.isValid) continue;
		// Text that carries its own offset names one instant whatever the zone it is read in.
		const ownOffset = parse(text, { zone: 'UTC' }).toMillis() === parse(text, { zone: 'UTC+5' }).toMillis();
		return ownOffset ? date : firstOccurrence(date);
	}
	return DateTime.invalid('unparsable');
}

/**
 * Reads a date-time parameter on the workflow's calendar, or throws naming the field. Text
 * without an offset (the date picker's, "2027-01-01T00:30") is wall time in the workflow's
 * zone; text with an offset keeps it; a Date or a Luxon DateTime keeps its instant.
 */
export function parseDateTime(context: DateContext, value: unknown, field: string, itemIndex?: number): DateTime {
	const zone = workflowZone(context);
	const date =
		value instanceof Date
			? DateTime.fromJSDate(value, { zone })
			: isDateTime(value)
				? DateTime.fromMillis(value.toMillis(), { zone })
				: fromText(String(value ?? '').trim(), zone);
	if (!date.isValid) {
		throw refuse(
			context.getNode(),
			`${field} is not a valid date`,
			`Use a date-time such as 2027-01-31T09:00 (in the workflow's time zone, ${zone}) or with an offset such as 2027-01-31T09:00:00+01:00; got "${String(value)}"`,
			itemIndex,
		);
	}
	return date;
}

/** A time as the service takes it: UTC ISO 8601 with milliseconds. */
export function toWire(date: DateTime | Date): string {
	return (date instanceof Date ? DateTime.fromJSDate(date) : date).toUTC().toISO()!;
}

/** A date as the workflow's zone shows it, with its offset and zone, for messages. */
export function describeDate(date: DateTime): string {
	return `${date.toISO({ suppressMilliseconds: true })} (${date.zoneName})`;
}

const CANONICAL_UTC = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

/**
 * A time the service sent, as UTC ISO 8601, or undefined when missing or unreadable. The
 * service speaks UTC: a time without an offset is UTC, wherever n8n runs.
 */
export function serviceTime(value: unknown): string | undefined {
	if (typeof value !== 'string' || value.trim() === '') return undefined;
	// Already UTC with milliseconds (the common case, 100,000 times per bid poll): no need to rebuild it.
	if (value.length === 24 && CANONICAL_UTC.test(value)) return value;
	const date = fromText(value.trim(), 'utc');
	return date.isValid ? toWire(date) : undefined;
}
