import { DateTime } from 'luxon';

/**
 * The one reader of the times the service writes (docs/spec/service-clock.md). The live
 * service writes Swedish wall time without an offset and with .NET's trimmed fraction
 * (`2026-07-10T21:23:49.57`); its help pages show an offset and seven digits
 * (`2026-10-04T13:51:41.233542+02:00`). Text with an offset (or Z) keeps it; text without one
 * is wall time in Europe/Stockholm; a date alone is a Swedish day (its midnight). Any other
 * text is no time of the service's: never guessed, the caller fails naming it.
 */
export const SERVICE_ZONE = 'Europe/Stockholm';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** Minutes east of UTC in Stockholm at an instant, from luxon (the zone data n8n ships). */
function zoneOffset(millis: number): number {
	const offset = DateTime.fromMillis(millis, { zone: SERVICE_ZONE }).offset;
	// Before 1900 Sweden kept local mean time (+00:53:28), which ISO 8601 cannot write in
	// minutes; .NET's "no date" 0001-01-01 is read at Swedish standard time instead.
	return Number.isInteger(offset) ? offset : 60;
}

// A bid poll reads 100,000 stamps: luxon is asked once per UTC day (null: the offset changes
// that day) and, on the two days a year it changes, once per UTC hour (Stockholm changes on
// whole UTC hours).
const offsetByDay = new Map<number, number | null>();
const offsetByHour = new Map<number, number>();

/** Minutes east of UTC in Stockholm at an instant. */
export function stockholmOffset(millis: number): number {
	const day = Math.floor(millis / DAY);
	let daily = offsetByDay.get(day);
	if (daily === undefined) {
		if (offsetByDay.size > 100_000) offsetByDay.clear();
		const first = zoneOffset(day * DAY);
		daily = first === zoneOffset(day * DAY + DAY - 1) ? first : null;
		offsetByDay.set(day, daily);
	}
	if (daily !== null) return daily;
	const hour = Math.floor(millis / HOUR);
	let hourly = offsetByHour.get(hour);
	if (hourly === undefined) {
		hourly = zoneOffset(hour * HOUR);
		offsetByHour.set(hour, hourly);
	}
	return hourly;
}

/**
 * The instant of a Stockholm wall time (given as if it were UTC millis), the later reading
 * where there are two. In the hour the clocks go back (the last Sunday of October, 02:00 to
 * 03:00 twice) that is the **second** occurrence, at +01:00, standard time, as .NET's
 * TimeZoneInfo reads an ambiguous time (the service is .NET); `readServiceTime` takes the
 * first where the answer it came in shows the second cannot be meant. In the hour the clocks
 * skip (the last Sunday of March, 02:00 to 03:00, which .NET's clock never writes) it is read
 * with the offset in force before the change, +01:00: 02:30 is the instant shown as
 * 03:30+02:00.
 */
export function stockholmWallToInstant(wall: number): number {
	return wallReadings(wall).later;
}

/**
 * The latest instant at which Stockholm's clock shows what it shows at `millis`: an hour later
 * in the first pass of the hour that comes twice, else `millis` itself. The service writes wall
 * time without offset, so an answer read later may name that instant by the same text.
 */
export function latestSameWallTime(millis: number): number {
	return Math.max(millis, wallReadings(millis + stockholmOffset(millis) * 60_000).later);
}

/** The instants a Stockholm wall time names: `earlier` only where the clocks pass it twice. */
function wallReadings(wall: number): { later: number; earlier?: number } {
	const before = stockholmOffset(wall - DAY);
	const after = stockholmOffset(wall + DAY);
	// No change of offset within a day either side (all but two days a year): one reading.
	if (before === after) return { later: wall - before * 60_000 };
	let later: number | undefined;
	let earlier: number | undefined;
	for (const offset of [before, after]) {
		const instant = wall - offset * 60_000;
		if (stockholmOffset(instant) !== offset) continue;
		if (later === undefined || instant > later) [earlier, later] = [later, instant];
		else earlier = instant;
	}
	return later === undefined ? { later: wall - before * 60_000 } : { later, earlier };
}

/** A time the service wrote, read. */
export interface ServiceTime {
	/** Epoch milliseconds of the instant. */
	millis: number;
	/** Fractional digits beyond the milliseconds, as written ('' for up to three). */
	finerDigits: string;
	/** Stockholm's wall time of the instant to the second (YYYY-MM-DDTHH:MM:SS) when the text gave it: no need to compute it again. */
	swedishSeconds?: string;
	/** The other instant an offset-less text in the hour that comes twice names (epoch milliseconds); absent for any other text. */
	otherMillis?: number;
}

/** Days since 1970-01-01 of a proleptic Gregorian date (H. Hinnant's days_from_civil). */
export function civilDays(year: number, month: number, day: number): number {
	const marchYear = month <= 2 ? year - 1 : year;
	const era = Math.floor(marchYear / 400);
	const yearOfEra = marchYear - era * 400;
	const dayOfYear = Math.floor((153 * (month + (month > 2 ? -3 : 9)) + 2) / 5) + day - 1;
	return (
		era * 146_097 +
		yearOfEra * 365 +
		Math.floor(yearOfEra / 4) -
		Math.floor(yearOfEra / 100) +
		dayOfYear -
		719_468
	);
}

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

function validDate(year: number, month: number, day: number): boolean {
	if (month < 1 || month > 12 || day < 1) return false;
	const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
	return day <= (month === 2 && leap ? 29 : DAYS_IN_MONTH[month - 1]);
}

/**
 * The instant a service time names, or undefined when the text is in no form the service writes.
 *
 * `arrivedAt` (epoch milliseconds) is when the answer that carried the text arrived. An
 * offset-less text in the hour that comes twice names two instants; one after the answer
 * arrived cannot be meant (the service cannot have written a time that had not come yet), so
 * where the second occurrence is still ahead the first is taken. Where both lie before the
 * answer (or no arrival is known, or both lie ahead, as an appointment may) the second is
 * taken, as documented.
 */
export function readServiceTime(text: string, arrivedAt?: number): ServiceTime | undefined {
	// The service's forms: a date, optionally a time with 0 to 7 fractional digits and then
	// optionally Z or ±HH:MM (/^\d{4}-\d\d-\d\d(T\d\d:\d\d:\d\d(\.\d{1,7})?(Z|[+-]\d\d:\d\d)?)?$/),
	// read by character codes, with no substring until the text is known good: a bid poll
	// reads 100,000 of them.
	const length = text.length;
	if (length !== 10 && length < 19) return undefined;
	const year = digits(text, 0, 4);
	const month = digits(text, 5, 2);
	const day = digits(text, 8, 2);
	if (
		year < 0 ||
		month < 0 ||
		day < 0 ||
		text.charCodeAt(4) !== DASH ||
		text.charCodeAt(7) !== DASH ||
		!validDate(year, month, day)
	)
		return undefined;
	if (length === 10)
		return wallTime(civilDays(year, month, day) * DAY, '', `${text}T00:00:00`, arrivedAt);
	const hour = digits(text, 11, 2);
	const minute = digits(text, 14, 2);
	const second = digits(text, 17, 2);
	if (
		text.charCodeAt(10) !== LETTER_T ||
		text.charCodeAt(13) !== COLON ||
		text.charCodeAt(16) !== COLON ||
		hour < 0 ||
		minute < 0 ||
		second < 0
	)
		return undefined;
	if (hour > 23 || minute > 59 || second > 59) return undefined;
	let at = 19;
	let fractionDigits = 0;
	let milliseconds = 0;
	if (text.charCodeAt(at) === DOT) {
		at++;
		while (at < length && fractionDigits < 8) {
			const code = text.charCodeAt(at);
			if (code < ZERO || code > NINE) break;
			if (fractionDigits < 3) milliseconds = milliseconds * 10 + code - ZERO;
			fractionDigits++;
			at++;
		}
		if (fractionDigits === 0 || fractionDigits > 7) return undefined;
		for (let padding = fractionDigits; padding < 3; padding++) milliseconds *= 10;
	}
	const wall =
		((civilDays(year, month, day) * 24 + hour) * 60 + minute) * 60_000 +
		second * 1000 +
		milliseconds;
	const finerDigits = fractionDigits > 3 ? text.slice(23, 19 + 1 + fractionDigits) : '';
	if (at === length) return wallTime(wall, finerDigits, text.slice(0, 19), arrivedAt);
	if (at + 1 === length && text.charCodeAt(at) === LETTER_Z) return { millis: wall, finerDigits };
	const sign = text.charCodeAt(at);
	if (at + 6 !== length || (sign !== PLUS && sign !== DASH) || text.charCodeAt(at + 3) !== COLON)
		return undefined;
	const offsetHours = digits(text, at + 1, 2);
	const offsetMinutes = digits(text, at + 4, 2);
	if (offsetHours < 0 || offsetMinutes < 0 || offsetHours > 23 || offsetMinutes > 59)
		return undefined;
	return {
		millis: wall - (sign === DASH ? -1 : 1) * (offsetHours * 60 + offsetMinutes) * 60_000,
		finerDigits,
	};
}

const ZERO = 48;
const NINE = 57;
const DASH = 45;
const PLUS = 43;
const COLON = 58;
const DOT = 46;
const LETTER_T = 84;
const LETTER_Z = 90;

/** The number written by `count` ASCII digits from `at`; -1 when one is no digit. */
function digits(text: string, at: number, count: number): number {
	let value = 0;
	for (let index = at; index < at + count; index++) {
		const code = text.charCodeAt(index);
		if (code < ZERO || code > NINE) return -1;
		value = value * 10 + code - ZERO;
	}
	return value;
}

/** Stockholm's offset for every wall time of a wall-clock day, where it keeps one from the day before to the day after (null: it changes near). */
const offsetByWallDay = new Map<number, number | null>();

/** An offset-less service time: Stockholm's wall time, read against the answer's arrival (readServiceTime). */
function wallTime(
	wall: number,
	finerDigits: string,
	seconds: string,
	arrivedAt: number | undefined,
): ServiceTime {
	const wallDay = Math.floor(wall / DAY);
	let fixed = offsetByWallDay.get(wallDay);
	if (fixed === undefined) {
		if (offsetByWallDay.size > 100_000) offsetByWallDay.clear();
		const before = stockholmOffset(wallDay * DAY - DAY);
		fixed = before === stockholmOffset(wallDay * DAY + 2 * DAY) ? before : null;
		offsetByWallDay.set(wallDay, fixed);
	}
	// All but a few days a year: one offset, one reading.
	if (fixed !== null)
		return { millis: wall - fixed * 60_000, finerDigits, swedishSeconds: seconds };
	const { later, earlier } = wallReadings(wall);
	if (earlier === undefined) {
		// Outside the skipped spring hour the text is Stockholm's own wall time of the instant.
		return later + stockholmOffset(later) * 60_000 === wall
			? { millis: later, finerDigits, swedishSeconds: seconds }
			: { millis: later, finerDigits };
	}
	const firstMeant = arrivedAt !== undefined && later > arrivedAt && earlier <= arrivedAt;
	return firstMeant
		? { millis: earlier, finerDigits, swedishSeconds: seconds, otherMillis: later }
		: { millis: later, finerDigits, swedishSeconds: seconds, otherMillis: earlier };
}

const pad = (value: number) => String(value).padStart(2, '0');
const OFFSET_TEXT = new Map<number, string>();
function offsetText(offset: number): string {
	let text = OFFSET_TEXT.get(offset);
	if (text === undefined) {
		const magnitude = Math.abs(offset);
		text = `${offset < 0 ? '-' : '+'}${pad(Math.floor(magnitude / 60))}:${pad(magnitude % 60)}`;
		OFFSET_TEXT.set(offset, text);
	}
	return text;
}

/**
 * An instant as Stockholm shows it, with its offset: `2026-07-10T21:23:49.570+02:00`. At least
 * milliseconds, and the finer digits the service wrote (up to seven in all), so no digit the
 * service gave is lost and every reader (n8n's expressions, luxon, Date.parse up to three
 * digits) finds the instant in any zone.
 */
export function stockholmText(time: ServiceTime): string {
	const offset = stockholmOffset(time.millis);
	const millis = String(((time.millis % 1000) + 1000) % 1000).padStart(3, '0');
	// toISOString: YYYY-MM-DDTHH:MM:SS.mmmZ (years 0 to 9999, all the service can write).
	const seconds =
		time.swedishSeconds ?? new Date(time.millis + offset * 60_000).toISOString().slice(0, 19);
	// Joined, not concatenated: V8 makes a join one flat string, where a concatenation is a chain
	// of its pieces holding a slice of the text the service sent; every item of a run keeps its
	// record's times, so each would keep several objects more for the collector to walk.
	return [seconds, '.', millis, time.finerDigits, offsetText(offset)].join('');
}

/** A service time rewritten with its instant's Stockholm offset (read against the answer's arrival, readServiceTime); undefined when the text is in no known form. */
export function withStockholmOffset(text: string, arrivedAt?: number): string | undefined {
	const time = readServiceTime(text, arrivedAt);
	return time && stockholmText(time);
}

/** Epoch milliseconds of a service time (or of the package's own output form), NaN when unreadable. */
export function serviceMillis(text: string): number {
	return readServiceTime(text)?.millis ?? Number.NaN;
}

/**
 * Where a change filter (`criteria.changedAtMinValue`) starts so that it takes in every change
 * at or after `from`, whether the service compares instants or Swedish wall times (it stores
 * wall time without offset; how it compares a bound with an offset is not known). The two
 * agree but in the hour the clocks go back: a `from` in the first pass of 02:00 to 03:00 is
 * followed, an hour later, by instants whose wall time is earlier than its own, so the filter
 * starts at the first 02:00 instead (at most an hour more of rows, read once more and known by
 * the trigger's state). Stockholm changes on whole UTC hours, by one hour.
 */
export function serviceFilterStart(from: number): number {
	const wall = from + stockholmOffset(from) * 60_000;
	const { later, earlier } = wallReadings(wall);
	if (earlier === undefined || earlier !== from) return from;
	// The second pass begins on the whole UTC hour at or before `later`; the first began an hour before.
	return Math.floor(later / HOUR) * HOUR - HOUR;
}
