import { DateTime } from 'luxon';
import type { INode } from 'n8n-workflow';

import { inputError } from '../rules';
import { civilDays, readServiceTime } from './serviceClock';

/**
 * The package's one clock and one zone. A date means the workflow's time zone: its Timezone
 * setting, else the instance's GENERIC_TIMEZONE, the zone n8n gives `$now`. The zone
 * arithmetic is luxon's (n8n ships it). The service's own times are read by serviceClock.ts.
 * What the nodes send is UTC ISO 8601 with Z: the service reads an offset as given
 * (service-clock.md), Z names one instant with no hour in doubt, and the wire stays what
 * saved workflows and the service's logs have always shown.
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
		throw inputError(
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
	value !== null &&
	typeof value === 'object' &&
	typeof (value as { toMillis?: unknown }).toMillis === 'function';

/**
 * A wall time the clocks pass twice (02:30 on the night they go back) means its first
 * occurrence. Left to luxon, the reading would follow the offset in force today, so the same
 * text would mean another hour depending on the day n8n runs.
 */
export function firstOccurrence(date: DateTime): DateTime {
	return date
		.getPossibleOffsets()
		.reduce((first, reading) => (reading < first ? reading : first), date);
}

/** Text forms n8n users meet: ISO 8601 (the date picker), SQL-style, RFC 2822 and HTTP dates. */
function fromText(text: string, zone: string): DateTime {
	for (const parse of [
		DateTime.fromISO,
		DateTime.fromSQL,
		DateTime.fromRFC2822,
		DateTime.fromHTTP,
	]) {
		const date = parse(text, { zone });
		if (!date.isValid) continue;
		// Text that carries its own offset names one instant whatever the zone it is read in.
		const ownOffset =
			parse(text, { zone: 'UTC' }).toMillis() === parse(text, { zone: 'UTC+5' }).toMillis();
		return ownOffset ? date : firstOccurrence(date);
	}
	return DateTime.invalid('unparsable');
}

/**
 * Reads a date-time parameter on the workflow's calendar, or throws naming the field. Text
 * without an offset (the date picker's, "2027-01-01T00:30") is wall time in the workflow's
 * zone; text with an offset keeps it; a Date or a Luxon DateTime keeps its instant.
 */
export function parseDateTime(
	context: DateContext,
	value: unknown,
	field: string,
	itemIndex?: number,
): DateTime {
	const zone = workflowZone(context);
	const date =
		value instanceof Date
			? DateTime.fromJSDate(value, { zone })
			: isDateTime(value)
				? DateTime.fromMillis(value.toMillis(), { zone })
				: fromText(String(value ?? '').trim(), zone);
	if (!date.isValid) {
		throw inputError(
			context.getNode(),
			`${field} is not a valid date`,
			`Use a date-time such as 2027-01-31T09:00 (in the workflow's time zone, ${zone}) or with an offset such as 2027-01-31T09:00:00+01:00; got "${String(value)}"`,
			itemIndex,
		);
	}
	return date;
}

/** A time as the nodes send it: UTC ISO 8601 with milliseconds (the service reads the Z as given). */
export function toWire(date: DateTime | Date): string {
	return (date instanceof Date ? DateTime.fromJSDate(date) : date).toUTC().toISO()!;
}

/** A date as the workflow's zone shows it, with its offset and zone, for messages. */
export function describeDate(date: DateTime): string {
	return `${date.toISO({ suppressMilliseconds: true })} (${date.zoneName})`;
}

const CANONICAL_UTC = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;
const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
const twoDigits = (text: string, at: number) =>
	(text.charCodeAt(at) - 48) * 10 + text.charCodeAt(at + 1) - 48;

/**
 * Epoch milliseconds of a UTC ISO 8601 time, exactly as Date.parse reads it. The canonical
 * form serviceTime gives and the trigger's state keeps (2027-01-31T09:00:00.000Z) is read by arithmetic,
 * faster than Date.parse: a bid poll reads a great many of them. Anything else, a
 * day the month does not have included, goes to Date.parse, so its quirks stay the same.
 */
export function utcMillis(iso: string): number {
	if (iso.length === 24 && CANONICAL_UTC.test(iso)) {
		const year = twoDigits(iso, 0) * 100 + twoDigits(iso, 2);
		const month = twoDigits(iso, 5);
		const day = twoDigits(iso, 8);
		const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
		const monthDays = month === 2 && leap ? 29 : DAYS_IN_MONTH[month - 1];
		const hour = twoDigits(iso, 11);
		const minute = twoDigits(iso, 14);
		const second = twoDigits(iso, 17);
		if (
			month >= 1 &&
			month <= 12 &&
			day >= 1 &&
			day <= monthDays &&
			hour <= 23 &&
			minute <= 59 &&
			second <= 59
		) {
			const days = civilDays(year, month, day);
			const millis = twoDigits(iso, 20) * 10 + iso.charCodeAt(22) - 48;
			return ((days * 24 + hour) * 60 + minute) * 60_000 + second * 1000 + millis;
		}
	}
	return Date.parse(iso);
}

/**
 * A time the service sent, as UTC ISO 8601 (the trigger's state keeps instants in this form),
 * or undefined when missing or unreadable. Read by the one reader of the service's times
 * (serviceClock.ts): Swedish wall time without an offset, or the offset it carries.
 */
export function serviceTime(value: unknown): string | undefined {
	if (typeof value !== 'string' || value.trim() === '') return undefined;
	const time = readServiceTime(value.trim());
	return time ? new Date(time.millis).toISOString() : undefined;
}
