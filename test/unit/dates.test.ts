import { DateTime } from 'luxon';
import { NodeOperationError } from 'n8n-workflow';

import {
	checkDateRange,
	earliestStart,
	firstOccurrence,
	latestEnd,
	parseDateTime,
	serviceLatestEnd,
	serviceTime,
	splitIntoWindows,
	utcMillis,
} from '../../nodes/shared/dates';
import { errorOf, inProcessZones, testNode } from './node';

/**
 * The dates module on its own: the workflow's zone is the context's getTimezone(), as n8n's
 * contexts give it. Every case names its instants, so none depends on the real date; the
 * process zone is switched for the cases that must not depend on it.
 */
const inZone = (zone: string) => ({ getNode: () => testNode, getTimezone: () => zone });
const STOCKHOLM = inZone('Europe/Stockholm');
const UTC = inZone('UTC');

describe('dates: the workflow zone', () => {
	it('reads text without an offset in the workflow zone, whatever the process zone', () => {
		inProcessZones(() => {
			expect(parseDateTime(STOCKHOLM, '2027-01-01T00:30:00', 'Start').toUTC().toISO()).toBe(
				'2026-12-31T23:30:00.000Z',
			);
			expect(parseDateTime(STOCKHOLM, '2027-01-01 00:30', 'Start').toUTC().toISO()).toBe(
				'2026-12-31T23:30:00.000Z',
			);
			expect(parseDateTime(UTC, '2027-01-01T00:30:00', 'Start').toUTC().toISO()).toBe(
				'2027-01-01T00:30:00.000Z',
			);
			// Summer time: two hours ahead.
			expect(parseDateTime(STOCKHOLM, '2027-07-01', 'Start').toUTC().toISO()).toBe(
				'2027-06-30T22:00:00.000Z',
			);
		});
	});

	it('keeps the offset of text that has one, and the instant of a Date or a DateTime', () => {
		expect(parseDateTime(STOCKHOLM, '2027-01-01T00:30:00-08:00', 'Start').toUTC().toISO()).toBe(
			'2027-01-01T08:30:00.000Z',
		);
		expect(parseDateTime(STOCKHOLM, '2027-01-01T00:30:00Z', 'Start').toUTC().toISO()).toBe(
			'2027-01-01T00:30:00.000Z',
		);
		expect(
			parseDateTime(STOCKHOLM, new Date('2027-01-01T00:30:00Z'), 'Start').toUTC().toISO(),
		).toBe('2027-01-01T00:30:00.000Z');
		const picked = DateTime.fromISO('2027-01-01T00:30:00', { zone: 'America/Los_Angeles' });
		const read = parseDateTime(STOCKHOLM, picked, 'Start');
		expect(read.toUTC().toISO()).toBe('2027-01-01T08:30:00.000Z');
		expect(read.zoneName).toBe('Europe/Stockholm');
	});

	it('refuses an unreadable date and an unknown zone by name', () => {
		const error = errorOf(() => parseDateTime(STOCKHOLM, 'yesterday-ish', 'Start Date', 2));
		expect(error.message).toBe('Start Date is not a valid date');
		expect(error.description).toContain('Europe/Stockholm');
		expect(error.context.itemIndex).toBe(2);
		expect(
			errorOf(() => parseDateTime(inZone('Mars/Olympus'), '2027-01-01', 'Start')).message,
		).toBe('The workflow\'s time zone "Mars/Olympus" is not known');
	});

	it('reads a service time without an offset as Swedish time, whatever the process zone', () => {
		inProcessZones(() => {
			expect(serviceTime('2026-01-10T12:00:00')).toBe('2026-01-10T11:00:00.000Z');
			expect(serviceTime('2026-01-10T12:00:00+01:00')).toBe('2026-01-10T11:00:00.000Z');
			expect(serviceTime('2026-01-10T12:00:00.000Z')).toBe('2026-01-10T12:00:00.000Z');
			expect(serviceTime('not a time')).toBeUndefined();
		});
	});
});

describe('dates: ranges on the service calendar', () => {
	const range = (
		context: ReturnType<typeof inZone>,
		limit: 'oneYear' | 'twoMonths',
		from: string,
		to: string,
	) =>
		checkDateRange(
			context,
			{ from, to, fromField: 'Start Date', toField: 'End Date', limit, required: true },
			3,
		);

	it('allows one year or two months to the same wall time, sent as UTC', () => {
		expect(range(STOCKHOLM, 'oneYear', '2026-03-01T00:00:00', '2027-03-01T00:00:00')).toEqual({
			from: '2026-02-28T23:00:00.000Z',
			to: '2027-02-28T23:00:00.000Z',
		});
		// Across the change to summer time the span is an hour shorter in UTC, and still two calendar months.
		expect(range(STOCKHOLM, 'twoMonths', '2027-02-15T12:00', '2027-04-15T12:00')).toEqual({
			from: '2027-02-15T11:00:00.000Z',
			to: '2027-04-15T10:00:00.000Z',
		});
		expect(() => range(STOCKHOLM, 'twoMonths', '2027-02-15T12:00', '2027-04-15T12:00:01')).toThrow(
			'must not exceed two months',
		);
	});

	it('clamps to the last day of a shorter month: from 31 December, from 29 February', () => {
		const cases: Array<[string, 'oneYear' | 'twoMonths', string]> = [
			['2026-12-31T00:00', 'twoMonths', '2027-02-28T00:00:00.000+01:00'],
			['2027-12-31T00:00', 'twoMonths', '2028-02-29T00:00:00.000+01:00'],
			['2026-12-31T00:00', 'oneYear', '2027-12-31T00:00:00.000+01:00'],
			['2028-02-29T09:00', 'oneYear', '2029-02-28T09:00:00.000+01:00'],
			['2028-02-29T09:00', 'twoMonths', '2028-04-29T09:00:00.000+02:00'],
			['2027-08-31T09:00', 'twoMonths', '2027-10-31T09:00:00.000+01:00'],
		];
		for (const [from, limit, end] of cases) {
			expect(latestEnd(DateTime.fromISO(from, { zone: 'Europe/Stockholm' }), limit).toISO()).toBe(
				end,
			);
			expect(() => range(STOCKHOLM, limit, from, end)).not.toThrow();
			expect(() =>
				range(STOCKHOLM, limit, from, DateTime.fromISO(end).plus({ seconds: 1 }).toISO()!),
			).toThrow('must not exceed');
		}
	});

	it('states the latest end in the refusal, with the item index', () => {
		const error = errorOf(() =>
			range(STOCKHOLM, 'twoMonths', '2026-12-31T00:30', '2027-03-01T00:00'),
		);
		expect(error).toBeInstanceOf(NodeOperationError);
		expect(error.message).toBe('The range from Start Date to End Date must not exceed two months');
		expect(error.description).toContain(
			'Start Date is 2026-12-31T00:30:00+01:00 (Europe/Stockholm)',
		);
		expect(error.description).toContain(
			'End Date may be 2027-02-28T00:30:00+01:00 (Europe/Stockholm) at the latest',
		);
		expect(error.context.itemIndex).toBe(3);
	});

	it('counts the limit on the Swedish calendar, whatever the workflow zone, after reading the input in it', () => {
		const NEW_YORK = inZone('America/New_York');
		// 31 December 19:00 in New York is 1 January 01:00 in Stockholm, so the latest end is 1 March 01:00 Swedish time
		// (19:00 on 28 February in New York): on New York's calendar that range would end on 28 February 19:00 too, but a
		// start at 00:30 on 31 December in New York (06:30 in Stockholm) may only run to 28 February 06:30 Swedish time.
		expect(() =>
			range(NEW_YORK, 'twoMonths', '2026-12-31T19:00', '2027-02-28T19:00'),
		).not.toThrow();
		expect(() => range(NEW_YORK, 'twoMonths', '2026-12-31T19:00', '2027-02-28T19:00:01')).toThrow(
			'must not exceed two months',
		);
		// 30 December 19:00 in New York is 31 December 01:00 in Stockholm: New York's calendar would allow to 28 February
		// 19:00 (30 February clamped), the service's ends on 28 February 01:00 Swedish time, 27 February 19:00 in New York.
		expect(() =>
			range(NEW_YORK, 'twoMonths', '2026-12-30T19:00', '2027-02-27T19:00'),
		).not.toThrow();
		expect(() => range(NEW_YORK, 'twoMonths', '2026-12-30T19:00', '2027-02-28T19:00')).toThrow(
			'must not exceed two months',
		);
		// 31 December to 1 March on New York's calendar: refused (the service's calendar ends on 28 February).
		expect(() => range(NEW_YORK, 'twoMonths', '2026-12-31', '2027-03-01')).toThrow(
			'must not exceed two months',
		);
		expect(() =>
			range(NEW_YORK, 'twoMonths', '2026-12-31T00:30', '2027-02-28T00:30'),
		).not.toThrow();
		expect(() => range(NEW_YORK, 'twoMonths', '2026-12-31T00:30', '2027-02-28T00:31')).toThrow(
			'must not exceed two months',
		);
		// UTC's calendar would allow 31 December 23:30Z to 28 February 23:30Z; Stockholm's (1 January 00:30 to 1 March 00:30) allows to 1 March 00:00Z.
		expect(() =>
			range(UTC, 'twoMonths', '2026-12-31T23:30:00Z', '2027-02-28T23:30:00Z'),
		).not.toThrow();
		expect(() => range(UTC, 'twoMonths', '2026-12-31T23:30:00Z', '2027-02-28T23:30:01Z')).toThrow(
			'must not exceed two months',
		);
		expect(() =>
			range(UTC, 'twoMonths', '2027-01-01T00:30:00Z', '2027-03-01T00:30:00Z'),
		).not.toThrow();
	});

	it('names both calendars in the refusal when the workflow is in another zone', () => {
		const error = errorOf(() =>
			range(inZone('America/New_York'), 'twoMonths', '2026-12-31T00:30', '2027-03-01T00:00'),
		);
		expect(error.message).toBe('The range from Start Date to End Date must not exceed two months');
		expect(error.description).toContain('Swedish time');
		expect(error.description).toContain(
			'Start Date is 2026-12-31T00:30:00-05:00 (America/New_York), 2026-12-31T06:30:00+01:00 (Europe/Stockholm)',
		);
		expect(error.description).toContain(
			'End Date may be 2027-02-28T00:30:00-05:00 (America/New_York), 2027-02-28T06:30:00+01:00 (Europe/Stockholm) at the latest',
		);
	});

	it('refuses a start after the end, an invalid date and a missing required date', () => {
		expect(
			errorOf(() => range(UTC, 'twoMonths', '2026-02-01T00:00:00Z', '2026-01-01T00:00:00Z'))
				.message,
		).toBe('Start Date must not be after End Date');
		expect(
			errorOf(() => range(UTC, 'twoMonths', 'yesterday-ish', '2026-01-01T00:00:00Z')).message,
		).toBe('Start Date is not a valid date');
		expect(errorOf(() => range(UTC, 'twoMonths', '', '2026-01-01T00:00:00Z')).message).toBe(
			'Start Date is required',
		);
		expect(
			checkDateRange(UTC, { from: '', to: '', fromField: 'From', toField: 'To', limit: 'none' }),
		).toEqual({});
	});

	it('reads a wall time the clocks pass twice as its first occurrence, whatever the day it runs', () => {
		const stockholm = inZone('Europe/Stockholm');
		expect(parseDateTime(stockholm, '2027-10-31T02:30', 'Start Date').toUTC().toISO()).toBe(
			'2027-10-31T00:30:00.000Z',
		);
		expect(parseDateTime(stockholm, '2027-10-31 02:30:00', 'Start Date').toUTC().toISO()).toBe(
			'2027-10-31T00:30:00.000Z',
		);
		// An offset in the text names the second occurrence, and keeps it.
		expect(
			parseDateTime(stockholm, '2027-10-31T02:30:00+01:00', 'Start Date').toUTC().toISO(),
		).toBe('2027-10-31T01:30:00.000Z');
	});

	it('finds the earliest start whose range reaches an end on the Swedish calendar, also where months are clamped', () => {
		// The repeated hour of 31 October read as its first occurrence, as the package reads it, whatever today's offset.
		const at = (text: string, zone = 'Europe/Stockholm') =>
			firstOccurrence(DateTime.fromISO(text, { zone }));
		expect(earliestStart(at('2027-05-15T12:00'), 'twoMonths').toISO()).toBe(
			'2027-03-15T12:00:00.000+01:00',
		);
		// 30 April back two months is 28 February, whose latest end is 28 April: the first start that reaches 30 April is 1 March.
		expect(earliestStart(at('2027-04-30T12:00'), 'twoMonths').toISO()).toBe(
			'2027-03-01T00:00:00.000+01:00',
		);
		expect(earliestStart(at('2028-02-29T12:00'), 'oneYear').toISO()).toBe(
			'2027-03-01T00:00:00.000+01:00',
		);
		expect(earliestStart(at('2027-11-15T12:00'), 'twoMonths').toISO()).toBe(
			'2027-09-15T12:00:00.000+02:00',
		);
		// In New York's zone the answer is New York's time of the Swedish start: 1 March 00:00 in Stockholm.
		expect(earliestStart(at('2027-04-30T12:00', 'America/New_York'), 'twoMonths').toISO()).toBe(
			'2027-02-28T18:00:00.000-05:00',
		);
		for (const zone of ['Europe/Stockholm', 'America/New_York', 'UTC']) {
			for (const end of [
				'2027-04-30T12:00',
				'2027-12-31T23:59',
				'2028-02-29T12:00',
				'2027-10-31T02:30',
				'2027-03-28T02:30',
			]) {
				for (const limit of ['oneYear', 'twoMonths'] as const) {
					const start = earliestStart(at(end, zone), limit);
					expect(start.zoneName).toBe(zone);
					// Reaches the end on the Swedish calendar; a minute earlier falls short.
					expect(serviceLatestEnd(start, limit) >= at(end, zone)).toBe(true);
					expect(serviceLatestEnd(start.minus({ minutes: 1 }), limit) < at(end, zone)).toBe(true);
				}
			}
		}
	});

	it('splits a long gap into windows that tile it and keep the limit on the Swedish calendar', () => {
		for (const zone of ['Europe/Stockholm', 'America/New_York']) {
			const from = DateTime.fromISO('2027-08-10T12:00', { zone: 'Europe/Stockholm' }).setZone(zone);
			const to = DateTime.fromISO('2028-03-01T00:00', { zone: 'Europe/Stockholm' }).setZone(zone);
			const windows = splitIntoWindows(from, to, 'twoMonths');
			// 12:00 Swedish time on the 10th, in summer and winter alike.
			expect(windows.map((window) => window.from.setZone('Europe/Stockholm').toISO())).toEqual([
				'2027-08-10T12:00:00.000+02:00',
				'2027-10-10T12:00:00.000+02:00',
				'2027-12-10T12:00:00.000+01:00',
				'2028-02-10T12:00:00.000+01:00',
			]);
			expect(+windows[windows.length - 1].to).toBe(+to);
			for (const [index, window] of windows.entries()) {
				expect(window.from.zoneName).toBe(zone);
				if (index > 0) expect(+window.from).toBe(+windows[index - 1].to);
				expect(window.to <= serviceLatestEnd(window.from, 'twoMonths')).toBe(true);
			}
		}
	});
});

describe('dates: utcMillis reads a service time exactly as Date.parse does', () => {
	it('agrees on canonical times across years 0000 to 9999, every day of leap and century years, and the last millisecond of each', () => {
		const times: string[] = [];
		// A fixed stride through the whole range (not a multiple of a day, so hours, minutes and milliseconds vary).
		for (
			let at = Date.parse('0000-01-01T00:00:00.000Z');
			at < Date.UTC(9999, 11, 31);
			at += 6_311_233_457
		)
			times.push(new Date(at).toISOString());
		for (const year of [1900, 2000, 2024, 2026, 2100]) {
			for (let day = Date.UTC(year, 0, 1); day < Date.UTC(year + 1, 0, 1); day += 86_400_000)
				times.push(new Date(day).toISOString(), new Date(day + 86_399_999).toISOString());
		}
		const differing = times.filter((time) => utcMillis(time) !== Date.parse(time));
		expect(times.length).toBeGreaterThan(50_000);
		expect(differing).toEqual([]);
	});

	it.each([
		'2026-02-30T00:00:00.000Z',
		'2026-02-29T12:00:00.000Z',
		'1900-02-29T12:00:00.000Z',
		'2026-04-31T12:00:00.000Z',
		'2026-01-01T24:00:00.000Z',
		'2026-01-01T23:60:00.000Z',
		'2026-01-01T23:59:60.000Z',
		'2026-13-01T00:00:00.000Z',
		'2026-00-10T00:00:00.000Z',
		'2026-01-00T00:00:00.000Z',
		'0000-01-01T00:00:00.000Z',
		'0099-12-31T23:59:59.999Z',
		'2026-01-01T00:00:00Z',
		'2026-01-01T00:00:00.000+01:00',
		'2026-01-01 00:00:00.000Z',
		'not a date',
	])('and on %s (a day the month lacks, an hour 24, other forms: Date.parse decides)', (time) => {
		expect(utcMillis(time)).toEqual(Date.parse(time));
	});
});
