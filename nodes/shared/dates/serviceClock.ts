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

/** Date, optional time with 0 to 7 fractional digits, optional Z or ±HH:MM. */
const SERVICE_FORM = /^(\d{4})-(\d\d)-(\d\d)(?:T(\d\d):(\d\d):(\d\d)(?:\.(\d{1,7}))?(Z|[+-]\d\d:\d\d)?)?$/;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

// Europe/Stockholm changes its offset on whole UTC hours, so one answer per UTC hour is exact;
// a bid poll reads 100,000 stamps from a few thousand hours.
const offsetByHour = new Map<number, number>();

/** Minutes east of UTC in Stockholm at an instant (luxon's, from the zone data n8n ships). */
export function stockholmOffset(millis: number): number {
	const hour = Math.floor(millis / HOUR);
	let offset = offsetByHour.get(hour);
	if (offset === undefined) {
		if (offsetByHour.size > 50_000) offsetByHour.clear();
		const zoneOffset = DateTime.fromMillis(hour * HOUR, { zone: SERVICE_ZONE }).offset;
		// Before 1900 Sweden kept local mean time (+00:53:28), which ISO 8601 cannot write in
		// minutes; .NET's "no date" 0001-01-01 is read at Swedish standard time instead.
		offset = Number.isInteger(zoneOffset) ? zoneOffset : 60;
		offsetByHour.set(hour, offset);
	}
	return offset;
}

/**
 * The instant of a Stockholm wall time (given as if it were UTC millis), always the later
 * reading where there are two. In the hour the clocks go back (the last Sunday of October,
 * 02:00 to 03:00 twice) it is the **second** occurrence, at +01:00, standard time, as .NET's
 * TimeZoneInfo reads an ambiguous time (the service is .NET): a record stamped in the
 * first then reads an hour later than it was, never earlier, so a trigger's look-back (which
 * knows records by id within its late-records window) can never pass over it, whichever hour
 * it was; only its shown time is an hour late, which no offset-less text can avoid. In the
 * hour the clocks skip (the last Sunday of March, 02:00 to 03:00, which .NET's clock never
 * writes) it is read with the offset in force before the change, +01:00: 02:30 is the instant
 * shown as 03:30+02:00.
 */
export function stockholmWallToInstant(wall: number): number {
	const before = stockholmOffset(wall - DAY);
	const after = stockholmOffset(wall + DAY);
	let later: number | undefined;
	for (const offset of before === after ? [before] : [before, after]) {
		const instant = wall - offset * 60_000;
		if (stockholmOffset(instant) === offset && (later === undefined || instant > later)) later = instant;
	}
	return later ?? wall - before * 60_000;
}

/** A time the service wrote, read. */
export interface ServiceTime {
	/** Epoch milliseconds of the instant. */
	millis: number;
	/** Fractional digits beyond the milliseconds, as written ('' for up to three). */
	finerDigits: string;
}

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

function validDate(year: number, month: number, day: number): boolean {
	if (month < 1 || month > 12 || day < 1) return false;
	const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
	return day <= (month === 2 && leap ? 29 : DAYS_IN_MONTH[month - 1]);
}

/** The instant a service time names, or undefined when the text is in no form the service writes. */
export function readServiceTime(text: string): ServiceTime | undefined {
	const parts = SERVICE_FORM.exec(text);
	if (!parts) return undefined;
	const [, y, mo, d, h = '0', mi = '0', s = '0', fraction = '', zone] = parts;
	const year = Number(y);
	const month = Number(mo);
	const day = Number(d);
	const hour = Number(h);
	const minute = Number(mi);
	const second = Number(s);
	if (!validDate(year, month, day) || hour > 23 || minute > 59 || second > 59) return undefined;
	const milliseconds = Number(fraction.slice(0, 3).padEnd(3, '0'));
	const utcDate = new Date(0);
	// setUTCFullYear: Date.UTC would take years 0 to 99 for 1900 to 1999.
	utcDate.setUTCFullYear(year, month - 1, day);
	utcDate.setUTCHours(hour, minute, second, milliseconds);
	const wall = utcDate.getTime();
	let millis: number;
	if (zone === undefined) millis = stockholmWallToInstant(wall);
	else if (zone === 'Z') millis = wall;
	else {
		const sign = zone[0] === '-' ? -1 : 1;
		const offsetHours = Number(zone.slice(1, 3));
		const offsetMinutes = Number(zone.slice(4, 6));
		if (offsetHours > 23 || offsetMinutes > 59) return undefined;
		millis = wall - sign * (offsetHours * 60 + offsetMinutes) * 60_000;
	}
	return { millis, finerDigits: fraction.slice(3) };
}

const pad = (value: number) => String(value).padStart(2, '0');

/**
 * An instant as Stockholm shows it, with its offset: `2026-07-10T21:23:49.570+02:00`. At least
 * milliseconds, and the finer digits the service wrote (up to seven in all), so no digit the
 * service gave is lost and every reader (n8n's expressions, luxon, Date.parse up to three
 * digits) finds the instant in any zone.
 */
export function stockholmText(time: ServiceTime): string {
	const offset = stockholmOffset(time.millis);
	const local = new Date(time.millis + offset * 60_000).toISOString();
	const sign = offset < 0 ? '-' : '+';
	const magnitude = Math.abs(offset);
	// toISOString: YYYY-MM-DDTHH:MM:SS.mmmZ (years 0 to 9999, all the service can write).
	return `${local.slice(0, 23)}${time.finerDigits}${sign}${pad(Math.floor(magnitude / 60))}:${pad(magnitude % 60)}`;
}

/** A service time rewritten with its instant's Stockholm offset; undefined when the text is in no known form. */
export function withStockholmOffset(text: string): string | undefined {
	const time = readServiceTime(text);
	return time && stockholmText(time);
}

/** Epoch milliseconds of a service time (or of the package's own output form), NaN when unreadable. */
export function serviceMillis(text: string): number {
	return readServiceTime(text)?.millis ?? Number.NaN;
}
