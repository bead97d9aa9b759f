/**
 * The service's clock, as the sandbox speaks it (docs/spec/service-clock.md). Written from
 * the spec with Intl only: it shares no code with nodes/, so a mistake in the nodes' reader
 * cannot pass for the service's behaviour.
 *
 * The store keeps instants (UTC ISO, Date.prototype.toISOString). At the serialisation
 * boundary (timeForms.ts) they are written in one of the service's forms:
 * - `live` (default): Swedish wall time without an offset, the fraction trimmed as .NET's
 *   `FFFFFFF` does (`2026-07-10T21:23:49.57`, `2026-01-08T09:53:06`), as captured answers show;
 * - `helpPage`: Swedish wall time with seven digits and its offset
 *   (`2026-10-04T13:51:41.2335420+02:00`), as the service's help pages show.
 * Requests are read with an offset as given, without one as Swedish wall time, a date alone
 * as the Swedish day.
 */
export const SERVICE_ZONE = 'Europe/Stockholm';

export const TIME_FORMS = ['live', 'helpPage'] as const;
export type TimeForm = (typeof TIME_FORMS)[number];

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

const zoneParts = new Intl.DateTimeFormat('en-US', {
	timeZone: SERVICE_ZONE,
	hourCycle: 'h23',
	year: 'numeric',
	month: 'numeric',
	day: 'numeric',
	hour: 'numeric',
	minute: 'numeric',
	second: 'numeric',
});

// Stockholm's offset changes on whole UTC hours: one lookup per hour of the store's times.
const offsets = new Map<number, number>();

/** Stockholm's offset east of UTC in minutes at an instant. */
export function offsetAt(ms: number): number {
	const hour = Math.floor(ms / HOUR);
	let offset = offsets.get(hour);
	if (offset === undefined) {
		const parts = Object.fromEntries(
			zoneParts.formatToParts(new Date(hour * HOUR)).map((part) => [part.type, part.value]),
		);
		const wall = Date.UTC(
			Number(parts.year),
			Number(parts.month) - 1,
			Number(parts.day),
			Number(parts.hour),
			Number(parts.minute),
			Number(parts.second),
		);
		// Before 1900 Stockholm kept local mean time; whole minutes only (.NET's 0001-01-01 included).
		offset = Math.round((wall - hour * HOUR) / 60_000);
		if (offset !== 60 && offset !== 120) offset = 60;
		if (offsets.size > 100_000) offsets.clear();
		offsets.set(hour, offset);
	}
	return offset;
}

/**
 * The instant of a Swedish wall time (given as UTC millis of the same digits). In the hour the
 * clocks go back, standard time, the second occurrence (+01:00), as .NET's TimeZoneInfo reads
 * an ambiguous time; in the hour they skip, the offset before the change (+01:00).
 */
export function wallToInstant(wall: number): number {
	const before = offsetAt(wall - DAY);
	const after = offsetAt(wall + DAY);
	const candidates = [before, after]
		.map((offset) => wall - offset * 60_000)
		.filter((instant, index) => offsetAt(instant) === [before, after][index]);
	return candidates.length ? Math.max(...candidates) : wall - before * 60_000;
}

/** Swedish wall time of an instant, as UTC millis of the same digits. */
export function instantToWall(ms: number): number {
	return ms + offsetAt(ms) * 60_000;
}

const TIME_TEXT =
	/^(\d{4}-\d{2}-\d{2})(?:[T ](\d{2}:\d{2}(?::\d{2}(?:\.(\d{1,7}))?)?)(Z|[+-]\d{2}:?\d{2})?)?$/;

/**
 * Epoch ms of a date or date-time of a request: an offset (or Z) as given, none as Swedish wall
 * time, a date alone as the start of the Swedish day. NaN when unreadable.
 */
export function readTime(value: string): number {
	const match = TIME_TEXT.exec(value.trim());
	if (!match) return Number.NaN;
	const [, date, time = '00:00:00', fraction = '', zone] = match;
	const digits = `${date}T${time.length === 5 ? `${time}:00` : time.slice(0, 8)}.${fraction.slice(0, 3).padEnd(3, '0')}`;
	if (zone !== undefined)
		return Date.parse(
			`${digits}${zone === 'Z' ? 'Z' : zone.length === 5 ? `${zone.slice(0, 3)}:${zone.slice(3)}` : zone}`,
		);
	const wall = Date.parse(`${digits}Z`);
	return Number.isNaN(wall) ? wall : wallToInstant(wall);
}

/** The instant (ISO) a day of the Swedish calendar (YYYY-MM-DD) begins: a date alone, which the service writes as midnight. */
export function swedishMidnight(date: string): string {
	return new Date(wallToInstant(Date.parse(`${date}T00:00:00.000Z`))).toISOString();
}

/** The Swedish calendar date (YYYY-MM-DD) of a request's time. */
export function swedishDate(value: string): string {
	const ms = readTime(value);
	return Number.isNaN(ms)
		? value.slice(0, 10)
		: new Date(instantToWall(ms)).toISOString().slice(0, 10);
}

/** `months` calendar months after an instant on the Swedish calendar, clamped to the month's last day as .NET's AddMonths does. */
export function addSwedishMonths(ms: number, months: number): number {
	const wall = new Date(instantToWall(ms));
	const day = wall.getUTCDate();
	wall.setUTCDate(1);
	wall.setUTCMonth(wall.getUTCMonth() + months);
	const lastDay = new Date(Date.UTC(wall.getUTCFullYear(), wall.getUTCMonth() + 1, 0)).getUTCDate();
	wall.setUTCDate(Math.min(day, lastDay));
	return wallToInstant(wall.getTime());
}

const pad = (n: number) => String(n).padStart(2, '0');

/** A stored instant (UTC ISO with milliseconds) in one of the service's forms. */
export function writeTime(iso: string, form: TimeForm): string {
	const ms = Date.parse(iso);
	const wall = new Date(instantToWall(ms)).toISOString();
	const seconds = wall.slice(0, 19);
	const millis = wall.slice(20, 23);
	if (form === 'live') {
		// .NET's FFFFFFF: the fraction without trailing zeros, and no point when it is zero.
		const trimmed = millis.replace(/0+$/, '');
		return trimmed ? `${seconds}.${trimmed}` : seconds;
	}
	const offset = offsetAt(ms);
	return `${seconds}.${millis}0000${offset < 0 ? '-' : '+'}${pad(Math.floor(Math.abs(offset) / 60))}:${pad(Math.abs(offset) % 60)}`;
}
