import {
	AnswerTooDeep,
	MAX_ANSWER_DEPTH,
	offsetServiceTimes,
	latestSameWallTime,
	readServiceTime,
	serviceFilterStart,
	serviceTime,
	withStockholmOffset,
} from '../../nodes/shared/dates';
import { inProcessZones } from './node';

/**
 * The one reader of the service's times (docs/spec/service-clock.md), form by form. Every case
 * names its instant in UTC, and runs with the process in four zones: nothing may depend on
 * the machine's zone.
 */
const instant = (text: string) => {
	const time = readServiceTime(text);
	return time
		? new Date(time.millis).toISOString() + (time.finerDigits ? `+${time.finerDigits}` : '')
		: undefined;
};

describe('service clock: the live form (Swedish wall time, no offset)', () => {
	it.each([
		// 0 to 7 fractional digits, as .NET's FFFFFFF trims them; summer (+02:00) and winter (+01:00).
		['2026-01-08T09:53:06', '2026-01-08T08:53:06.000Z', '2026-01-08T09:53:06.000+01:00'],
		['2026-07-10T21:23:49.5', '2026-07-10T19:23:49.500Z', '2026-07-10T21:23:49.500+02:00'],
		['2026-07-10T21:23:49.57', '2026-07-10T19:23:49.570Z', '2026-07-10T21:23:49.570+02:00'],
		['2026-07-10T21:23:49.571', '2026-07-10T19:23:49.571Z', '2026-07-10T21:23:49.571+02:00'],
		['2026-07-10T21:23:49.5712', '2026-07-10T19:23:49.571Z+2', '2026-07-10T21:23:49.5712+02:00'],
		['2026-07-10T21:23:49.57123', '2026-07-10T19:23:49.571Z+23', '2026-07-10T21:23:49.57123+02:00'],
		[
			'2026-07-10T21:23:49.571234',
			'2026-07-10T19:23:49.571Z+234',
			'2026-07-10T21:23:49.571234+02:00',
		],
		[
			'2026-07-10T21:23:49.5712345',
			'2026-07-10T19:23:49.571Z+2345',
			'2026-07-10T21:23:49.5712345+02:00',
		],
		// A viewing at 11:00 on 4 October (summer time still).
		['2026-10-04T11:00:00', '2026-10-04T09:00:00.000Z', '2026-10-04T11:00:00.000+02:00'],
	])('%s is %s and is written %s', (text, utc, written) => {
		inProcessZones(() => {
			expect(instant(text)).toBe(utc);
			expect(withStockholmOffset(text)).toBe(written);
		});
	});

	it('reads a date alone as the Swedish day (its midnight in Stockholm)', () => {
		inProcessZones(() => {
			expect(instant('2026-07-10')).toBe('2026-07-09T22:00:00.000Z');
			expect(withStockholmOffset('2026-07-10')).toBe('2026-07-10T00:00:00.000+02:00');
			expect(withStockholmOffset('2026-01-08')).toBe('2026-01-08T00:00:00.000+01:00');
			// The service writes a date alone as midnight: the same instant.
			expect(withStockholmOffset('2026-07-10T00:00:00')).toBe('2026-07-10T00:00:00.000+02:00');
		});
	});

	it('takes the second occurrence in the hour that comes twice (2026-10-25, 02:00 to 03:00): never earlier than meant', () => {
		inProcessZones(() => {
			expect(instant('2026-10-25T01:59:59')).toBe('2026-10-24T23:59:59.000Z');
			// Documented: the second 02:30, at +01:00, is 01:30Z (the first would be 00:30Z).
			expect(instant('2026-10-25T02:00:00')).toBe('2026-10-25T01:00:00.000Z');
			expect(instant('2026-10-25T02:30:00')).toBe('2026-10-25T01:30:00.000Z');
			expect(withStockholmOffset('2026-10-25T02:30:00')).toBe('2026-10-25T02:30:00.000+01:00');
			expect(withStockholmOffset('2026-10-25T02:59:59.99')).toBe('2026-10-25T02:59:59.990+01:00');
			expect(instant('2026-10-25T03:00:00')).toBe('2026-10-25T02:00:00.000Z');
			// With an offset the text names either occurrence, and keeps it.
			expect(instant('2026-10-25T02:30:00+02:00')).toBe('2026-10-25T00:30:00.000Z');
			expect(withStockholmOffset('2026-10-25T02:30:00+02:00')).toBe(
				'2026-10-25T02:30:00.000+02:00',
			);
			expect(withStockholmOffset('2026-10-25T00:30:00Z')).toBe('2026-10-25T02:30:00.000+02:00');
			expect(withStockholmOffset('2026-10-25T01:30:00Z')).toBe('2026-10-25T02:30:00.000+01:00');
		});
	});

	describe('read against when its answer arrived', () => {
		const at = (iso: string) => Date.parse(iso);
		const readAt = (text: string, arrivedAt: string) => {
			const time = readServiceTime(text, at(arrivedAt));
			return time && new Date(time.millis).toISOString();
		};

		it('takes the first occurrence while the second is still ahead of the answer', () => {
			inProcessZones(() => {
				// 02:30 first (00:30Z) and second (01:30Z); the answer arrives at 02:45 of the first (00:45Z).
				expect(readAt('2026-10-25T02:30:00', '2026-10-25T00:45:00Z')).toBe(
					'2026-10-25T00:30:00.000Z',
				);
				expect(withStockholmOffset('2026-10-25T02:30:00', at('2026-10-25T00:45:00Z'))).toBe(
					'2026-10-25T02:30:00.000+02:00',
				);
				// Arriving at 02:10 of the second (01:10Z): 02:30 of the second has not come yet either.
				expect(readAt('2026-10-25T02:30:00', '2026-10-25T01:10:00Z')).toBe(
					'2026-10-25T00:30:00.000Z',
				);
				// The same millisecond as the answer is not after it.
				expect(readAt('2026-10-25T02:30:00', '2026-10-25T00:30:00Z')).toBe(
					'2026-10-25T00:30:00.000Z',
				);
				expect(readServiceTime('2026-10-25T02:30:00.1234567', at('2026-10-25T00:45:00Z'))).toEqual({
					millis: at('2026-10-25T00:30:00.123Z'),
					finerDigits: '4567',
					swedishSeconds: '2026-10-25T02:30:00',
					otherMillis: at('2026-10-25T01:30:00.123Z'),
				});
			});
		});

		it('keeps the documented second occurrence when both lie before the answer, or both after it', () => {
			inProcessZones(() => {
				expect(readAt('2026-10-25T02:30:00', '2026-10-25T01:30:00Z')).toBe(
					'2026-10-25T01:30:00.000Z',
				);
				expect(readAt('2026-10-25T02:30:00', '2026-10-25T02:45:00Z')).toBe(
					'2026-10-25T01:30:00.000Z',
				);
				expect(readAt('2026-10-25T02:30:00', '2026-11-27T10:00:00Z')).toBe(
					'2026-10-25T01:30:00.000Z',
				);
				// An appointment read a week before: both ahead, nothing tells them apart.
				expect(readAt('2026-10-25T02:30:00', '2026-10-18T10:00:00Z')).toBe(
					'2026-10-25T01:30:00.000Z',
				);
				expect(
					readServiceTime('2026-10-25T02:30:00', at('2026-11-27T10:00:00Z'))?.otherMillis,
				).toBe(at('2026-10-25T00:30:00Z'));
			});
		});

		it('changes nothing outside the repeated hour, whenever the answer arrived', () => {
			inProcessZones(() => {
				for (const arrived of [
					'2026-10-25T00:45:00Z',
					'2026-07-10T19:00:00Z',
					'2020-01-01T00:00:00Z',
				]) {
					expect(readAt('2026-10-25T01:59:59', arrived)).toBe('2026-10-24T23:59:59.000Z');
					expect(readAt('2026-10-25T03:00:00', arrived)).toBe('2026-10-25T02:00:00.000Z');
					expect(readAt('2027-03-28T02:30:00', arrived)).toBe('2027-03-28T01:30:00.000Z');
					expect(readAt('2026-10-25T02:30:00+01:00', arrived)).toBe('2026-10-25T01:30:00.000Z');
					expect(
						readServiceTime('2026-07-10T21:23:49.57', at(arrived))?.otherMillis,
					).toBeUndefined();
				}
			});
		});
	});

	it('reads the hour that does not exist (2027-03-28, 02:00 to 03:00) with the offset before the change', () => {
		inProcessZones(() => {
			expect(instant('2027-03-28T01:59:59')).toBe('2027-03-28T00:59:59.000Z');
			// 02:30 at +01:00 is 01:30Z, which Stockholm shows as 03:30 at +02:00.
			expect(instant('2027-03-28T02:30:00')).toBe('2027-03-28T01:30:00.000Z');
			expect(withStockholmOffset('2027-03-28T02:30:00')).toBe('2027-03-28T03:30:00.000+02:00');
			expect(instant('2027-03-28T03:00:00')).toBe('2027-03-28T01:00:00.000Z');
		});
	});
});

describe('service clock: the help-page form and other offsets', () => {
	it('keeps the offset a text carries, Z included, and writes the instant in Stockholm', () => {
		inProcessZones(() => {
			expect(instant('2026-10-04T13:51:41.233542+02:00')).toBe('2026-10-04T11:51:41.233Z+542');
			expect(withStockholmOffset('2026-10-04T13:51:41.233542+02:00')).toBe(
				'2026-10-04T13:51:41.233542+02:00',
			);
			expect(withStockholmOffset('2026-01-08T09:53:06.1234567+01:00')).toBe(
				'2026-01-08T09:53:06.1234567+01:00',
			);
			expect(withStockholmOffset('2026-07-10T19:23:49.570Z')).toBe('2026-07-10T21:23:49.570+02:00');
			expect(withStockholmOffset('2026-07-10T15:23:49-04:00')).toBe(
				'2026-07-10T21:23:49.000+02:00',
			);
			expect(withStockholmOffset('2026-07-10T21:23:49Z')).toBe('2026-07-10T23:23:49.000+02:00');
		});
	});

	it('reads its own output back to the same text (the read-backs and the trigger read it again)', () => {
		for (const text of [
			'2026-07-10T21:23:49.57',
			'2026-10-25T02:30:00',
			'2026-10-25T02:30:00+02:00',
			'2026-10-04T13:51:41.233542+02:00',
			'2027-03-28T02:30:00',
		]) {
			const once = withStockholmOffset(text)!;
			expect(withStockholmOffset(once)).toBe(once);
		}
	});

	it('never guesses a text in no form the service writes', () => {
		for (const text of [
			'yesterday',
			'10/07/2026 21:23',
			'2026-07-10 21:23:49',
			'2026-07-10T21:23',
			'2026-07-10T21:23:49.12345678',
			'2026-02-30T10:00:00',
			'2026-07-10T24:00:00',
			'2026-07-10T21:23:49+2',
			'2026-07-10T21:23:49+25:00',
			' 2026-07-10',
		]) {
			expect([text, readServiceTime(text)]).toEqual([text, undefined]);
			expect([text, withStockholmOffset(text)]).toEqual([text, undefined]);
		}
	});

	it("serviceTime gives the trigger's state the instant in UTC", () => {
		expect(serviceTime('2026-07-10T21:23:49.57')).toBe('2026-07-10T19:23:49.570Z');
		expect(serviceTime('2026-07-10T21:23:49.570+02:00')).toBe('2026-07-10T19:23:49.570Z');
		expect(serviceTime('not a time')).toBeUndefined();
		expect(serviceTime('')).toBeUndefined();
	});
});

describe('service clock: which values of an answer are times', () => {
	it("rewrites the models' date-time fields and the service's time names, at any depth, in place", () => {
		const answer = [
			{ id: 'B1', createdAt: '2026-07-10T21:23:49.57', amount: '2790000' },
			{
				persons: [{ contactId: 'C1', changedAt: '2026-01-08T09:53:06' }],
				removedAt: '2026-01-08',
				agreementDate: '2026-10-04T13:51:41.233542+02:00',
			},
		];
		expect(offsetServiceTimes(answer)).toEqual([]);
		expect(answer).toEqual([
			{ id: 'B1', createdAt: '2026-07-10T21:23:49.570+02:00', amount: '2790000' },
			{
				persons: [{ contactId: 'C1', changedAt: '2026-01-08T09:53:06.000+01:00' }],
				removedAt: '2026-01-08T00:00:00.000+01:00',
				agreementDate: '2026-10-04T13:51:41.233542+02:00',
			},
		]);
	});

	it('leaves free text alone however much it looks like a date, and text under a time name that is no time', () => {
		const answer = {
			note: '2026-07-10T21:23:49',
			contactMessage: '2026-07-10',
			name: '2026-01-08T09:53:06',
			weekDay: 'Monday',
			recurrenceDay: 3,
			changedAt: '',
			endsAt: null,
		};
		const copy = structuredClone(answer);
		expect(offsetServiceTimes(answer)).toEqual([]);
		expect(answer).toEqual(copy);
	});

	it("names the field, the text and the item's record of a model's time in no known form, left as sent", () => {
		const answer = {
			tips: [
				{ id: 'T1', createdAt: '2026-07-10T21:23:49.57' },
				{ id: 'T2', createdAt: '10/07/2026', estate: { changedAt: '/Date(1767225600000)/' } },
			],
		};
		expect(offsetServiceTimes(answer)).toEqual([
			{
				field: 'tips[1].createdAt',
				text: '10/07/2026',
				holder: answer.tips[1],
				fieldInHolder: 'createdAt',
			},
			{
				field: 'tips[1].estate.changedAt',
				text: '/Date(1767225600000)/',
				holder: answer.tips[1],
				fieldInHolder: 'estate.changedAt',
			},
		]);
		expect(answer.tips[1]).toEqual({
			id: 'T2',
			createdAt: '10/07/2026',
			estate: { changedAt: '/Date(1767225600000)/' },
		});
		expect(answer.tips[0].createdAt).toBe('2026-07-10T21:23:49.570+02:00');
		const record = { id: 'B1', createdAt: 'soon' };
		expect(offsetServiceTimes(record)).toEqual([
			{ field: 'createdAt', text: 'soon', holder: record, fieldInHolder: 'createdAt' },
		]);
		expect(offsetServiceTimes([{ createdAt: 'soon' }])).toEqual([
			expect.objectContaining({ field: '[0].createdAt', fieldInHolder: 'createdAt' }),
		]);
		expect(offsetServiceTimes('2026-07-10')).toEqual([]);
	});

	it('reads the times of an answer against its arrival', () => {
		const answer = [{ id: 'C1', changedAt: '2026-10-25T02:30:00' }];
		expect(offsetServiceTimes(answer, Date.parse('2026-10-25T00:45:00Z'))).toEqual([]);
		expect(answer[0].changedAt).toBe('2026-10-25T02:30:00.000+02:00');
	});
});

describe('service clock: the walk over an answer is bounded', () => {
	const nested = (levels: number, wrap: (inner: unknown) => unknown) => {
		let value: unknown = { id: 'deepest', createdAt: '2026-07-10T21:23:49.57' };
		for (let level = 1; level < levels; level++) value = wrap(value);
		return value;
	};

	it.each([
		['lists', (inner: unknown) => [inner]],
		['records', (inner: unknown) => ({ next: inner })],
	])(
		'reads %s 64 levels deep and refuses 65 and 10,000, without overflowing the stack',
		(_name, wrap) => {
			expect(offsetServiceTimes(nested(MAX_ANSWER_DEPTH, wrap))).toEqual([]);
			expect(() => offsetServiceTimes(nested(MAX_ANSWER_DEPTH + 1, wrap))).toThrow(AnswerTooDeep);
			expect(() => offsetServiceTimes(nested(10_000, wrap))).toThrow(AnswerTooDeep);
			expect(() => offsetServiceTimes(nested(10_000, wrap), undefined, { rewrite: false })).toThrow(
				AnswerTooDeep,
			);
		},
	);
});

describe('service clock: where a change filter starts', () => {
	const start = (from: string) => new Date(serviceFilterStart(Date.parse(from))).toISOString();
	it.each([
		// Any ordinary instant, in summer and winter, and on both nights the clocks change: itself.
		['2026-07-10T19:23:49.570Z', '2026-07-10T19:23:49.570Z'],
		['2026-01-08T08:53:06.000Z', '2026-01-08T08:53:06.000Z'],
		['2027-03-28T00:59:00.000Z', '2027-03-28T00:59:00.000Z'],
		['2027-03-28T01:30:00.000Z', '2027-03-28T01:30:00.000Z'],
		['2026-10-24T23:59:59.999Z', '2026-10-24T23:59:59.999Z'],
		// 25 October 2026: the first pass of 02:00 to 03:00 (00:00Z to 01:00Z) goes back to its first 02:00,
		// since the second pass (01:00Z to 02:00Z) writes earlier wall times after it.
		['2026-10-25T00:00:00.000Z', '2026-10-25T00:00:00.000Z'],
		['2026-10-25T00:30:00.000Z', '2026-10-25T00:00:00.000Z'],
		['2026-10-25T00:59:59.999Z', '2026-10-25T00:00:00.000Z'],
		// The second pass and after: every later instant's wall time is later.
		['2026-10-25T01:00:00.000Z', '2026-10-25T01:00:00.000Z'],
		['2026-10-25T01:30:00.000Z', '2026-10-25T01:30:00.000Z'],
		['2026-10-25T02:00:00.000Z', '2026-10-25T02:00:00.000Z'],
	])('%s starts at %s', (from, expected) => {
		inProcessZones(() => expect(start(from)).toBe(expected));
	});
});

describe('service clock: the latest instant Stockholm shows the same wall time', () => {
	const latest = (at: string) => new Date(latestSameWallTime(Date.parse(at))).toISOString();
	it.each([
		// Any ordinary instant, and the night the clocks skip an hour: itself.
		['2026-07-10T19:23:49.570Z', '2026-07-10T19:23:49.570Z'],
		['2027-03-28T00:59:59.000Z', '2027-03-28T00:59:59.000Z'],
		['2027-03-28T01:00:00.000Z', '2027-03-28T01:00:00.000Z'],
		// 25 October 2026: the first pass of 02:00 to 03:00 (00:00Z to 01:00Z) is shown again an hour later.
		['2026-10-24T23:59:59.999Z', '2026-10-24T23:59:59.999Z'],
		['2026-10-25T00:00:00.000Z', '2026-10-25T01:00:00.000Z'],
		['2026-10-25T00:59:04.000Z', '2026-10-25T01:59:04.000Z'],
		// The second pass: itself.
		['2026-10-25T01:59:04.000Z', '2026-10-25T01:59:04.000Z'],
		['2026-10-25T02:00:00.000Z', '2026-10-25T02:00:00.000Z'],
	])('%s: %s', (at, expected) => {
		inProcessZones(() => expect(latest(at)).toBe(expected));
	});
});
