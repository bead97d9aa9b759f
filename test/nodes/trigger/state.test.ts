import type { IDataObject } from 'n8n-workflow';

import { recordFigures } from '../../harness/figures';
import {
	advance,
	compareFigures,
	lookBackFrom,
	readState,
	remembering,
	writeState,
	type Observed,
} from '../../../nodes/EstateBrokerTrigger/state';

const HOUR = 3_600_000;
const at = (minutes: number) =>
	new Date(Date.UTC(2026, 0, 10, 12, 0, 0) + minutes * 60_000).toISOString();
const record = (key: string, minutes: number): Observed<{ id: string }> => ({
	key,
	time: at(minutes),
	record: { id: key },
});
const keysOf = (fresh: Array<Observed<unknown>>) => fresh.map((entry) => entry.key);
const options = (nowMinutes: number, identity: 'key' | 'keyAndTime' = 'key') => ({
	identity,
	lateWindowMs: HOUR,
	now: new Date(at(nowMinutes)),
});

describe('advance (cursor and seen set)', () => {
	it('counts everything as new without a previous state, and records the newest time as cursor', () => {
		const { fresh, state } = advance(
			undefined,
			[record('B2', 5), record('B1', 1), record('B3', 5)],
			options(10),
		);
		expect(keysOf(fresh)).toEqual(['B1', 'B2', 'B3']);
		expect(state.cursor).toBe(at(5));
		expect(state.seen).toEqual({ [at(5)]: ['B2', 'B3'], [at(1)]: ['B1'] });
	});

	it('emits only unseen records, oldest first, including one with the same timestamp as the cursor', () => {
		const first = advance(undefined, [record('B1', 1), record('B2', 5)], options(10)).state;
		const { fresh, state } = advance(
			first,
			[record('B1', 1), record('B2', 5), record('B4', 5), record('B3', 7)],
			options(12),
		);
		expect(keysOf(fresh)).toEqual(['B4', 'B3']);
		expect(state.cursor).toBe(at(7));
	});

	it('returns nothing new when nothing changed, and keeps the state equivalent', () => {
		const first = advance(undefined, [record('B1', 1), record('B2', 5)], options(10)).state;
		const { fresh, state } = advance(first, [record('B1', 1), record('B2', 5)], options(11));
		expect(fresh).toEqual([]);
		expect(state).toEqual(first);
	});

	it('emits a record that arrives late within the window, and not one late beyond it', () => {
		const first = advance(undefined, [record('B1', 100)], options(100)).state;
		const { fresh } = advance(
			first,
			[record('B1', 100), record('LATE', 50), record('TOO-LATE', 30)],
			options(101),
		);
		expect(keysOf(fresh)).toEqual(['LATE']);
	});

	it('drops keys older than the window, so the state does not grow with history', () => {
		let state = advance(undefined, [], options(0)).state;
		for (let minute = 1; minute <= 600; minute++) {
			state = advance(state, [record(`B${minute}`, minute)], options(minute)).state;
		}
		const kept = Object.values(state.seen).flat();
		expect(kept.length).toBeLessThanOrEqual(61);
		expect(kept).toContain('B600');
		expect(kept).not.toContain('B400');
	});

	it('follows the clock in quiet periods, is not pulled ahead by future-stamped records, and keeps them records as seen', () => {
		const quiet = advance({ cursor: at(0), seen: {} }, [], options(500)).state;
		expect(quiet.cursor).toBe(at(440));
		const future = advance(quiet, [record('FUTURE', 900)], options(501));
		expect(keysOf(future.fresh)).toEqual(['FUTURE']);
		expect(future.state.cursor).toBe(at(441));
		expect(advance(future.state, [record('FUTURE', 900)], options(502)).fresh).toEqual([]);
	});

	it('recognises a changed contact again when identity includes the time', () => {
		const first = advance(undefined, [record('C1', 1)], options(2, 'keyAndTime')).state;
		const { fresh } = advance(first, [record('C1', 1), record('C1', 3)], options(4, 'keyAndTime'));
		expect(fresh.map((entry) => entry.time)).toEqual([at(3)]);
	});

	it('keeps one entry per key when identity is the key alone, at its latest time', () => {
		const first = advance(undefined, [record('C1', 1)], options(2)).state;
		const { fresh, state } = advance(first, [record('C1', 3)], options(4));
		expect(fresh).toEqual([]);
		expect(state.seen).toEqual({ [at(3)]: ['C1'] });
	});

	it('compares times as instants, whatever offset the service writes', () => {
		const first = advance(
			undefined,
			[{ key: 'B1', time: '2026-01-10T13:00:00+01:00', record: {} }],
			options(10),
		).state;
		expect(first.seen).toEqual({ [at(0)]: ['B1'] });
		expect(advance(first, [{ key: 'B1', time: at(0), record: {} }], options(11)).fresh).toEqual([]);
	});
});

describe('stored state', () => {
	it('round-trips through static data as plain JSON and is ignored for other settings', () => {
		const data: IDataObject = {};
		writeState(data, 'newBid|M30011', { cursor: at(5), seen: { [at(5)]: ['B1'] } });
		const stored = JSON.parse(JSON.stringify(data));
		expect(readState(stored, 'newBid|M30011')).toEqual({
			version: 2,
			scope: 'newBid|M30011',
			cursor: at(5),
			seen: { [at(5)]: ['B1'] },
		});
		expect(readState(stored, 'newBid|M30012')).toBeUndefined();
		expect(
			readState({ state: { version: 0, scope: 'newBid|M30011' } }, 'newBid|M30011'),
		).toBeUndefined();
		expect(lookBackFrom({ cursor: at(60) }, HOUR).toISOString()).toBe(at(0));
	});
});

describe('stored state: its compact form, version 1, its bound', () => {
	it('writes seen compactly and reads back the same times and keys, odd characters included', () => {
		const seen = {
			[at(1)]: ['OBJ31529_2041198534', 'OBJ31529_2041206453'],
			[at(2)]: ['OBJ31529_20 4,1%'],
		};
		const data: IDataObject = {};
		writeState(data, 'scope', { cursor: at(2), seen });
		expect(data.state).toMatchObject({
			version: 2,
			seen: { since: at(1), prefix: 'OBJ31529_20', groups: '0,41198534,41206453 1aao,%204%2C1%25' },
		});
		expect(readState(JSON.parse(JSON.stringify(data)), 'scope')?.seen).toEqual(seen);
	});

	it('reads a state of version 1, as 1.0.0 stores it (seen as a plain record), as it was', () => {
		const stored = {
			state: { version: 1, scope: 'scope', cursor: at(5), seen: { [at(5)]: ['B1'] } },
		};
		expect(readState(stored, 'scope')).toEqual({
			version: 2,
			scope: 'scope',
			cursor: at(5),
			seen: { [at(5)]: ['B1'] },
		});
		expect(readState({ state: { ...stored.state, seen: 'x' } }, 'scope')).toBeUndefined();
		expect(
			readState({ state: { ...stored.state, version: 2, seen: { since: at(0) } } }, 'scope'),
		).toBeUndefined();
	});

	it('keeps a key remembered until a later time (remembering) at that time while lists show it with an earlier one, then lets it go with the window', () => {
		let state = advance(undefined, [record('E1', 0)], options(0, 'keyAndTime')).state;
		state = remembering(state, [{ key: 'E1', time: at(90) }], HOUR);
		for (let minute = 1; minute <= 60; minute++)
			state = advance(state, [record('E1', 0)], options(minute, 'keyAndTime')).state;
		expect(state.seen).toEqual({ [at(90)]: ['E1'] });
		// Quiet polls keep the cursor an hour behind the clock: at 3:31 it is 2:31, an hour after 1:30.
		state = advance(state, [], options(211, 'keyAndTime')).state;
		expect(state.seen).toEqual({});
	});

	it('keeps one entry a key however often it changes: the time it was last listed with', () => {
		let state = advance(undefined, [], options(0, 'keyAndTime')).state;
		for (let minute = 1; minute <= 30; minute++)
			state = advance(
				state,
				Array.from({ length: minute }, (_, n) => record('E1', n + 1)),
				options(minute, 'keyAndTime'),
			).state;
		expect(state.seen).toEqual({ [at(30)]: ['E1'] });
	});

	/**
	 * A poll a minute for two hours while `changes` changes fall within the first hour on
	 * `listings` estates (live ids), each poll listing every estate's latest change within the
	 * look-back: what writeState stores, emitted changes, and none twice.
	 */
	function changingHour(listings: number, changes: number) {
		const ids = Array.from({ length: listings }, (_, n) => `OBJ31529_${2041198534 + n * 7919}`);
		const latest = new Map<string, number>();
		let state = advance(undefined, [], options(0, 'keyAndTime')).state;
		const emitted = new Set<string>();
		let twice = 0;
		let largest = 0;
		let floored = false;
		let made = 0;
		for (let minute = 1; minute <= 120; minute++) {
			const target = Math.round((changes * Math.min(minute, 60)) / 60);
			for (; made < target; made++)
				latest.set(ids[made % listings], Date.parse(at(minute)) - 1 - ((made * 7_919) % 59_000));
			const from = Date.parse(lookBackFrom(state, HOUR).toISOString());
			const listed = [...latest]
				.filter(([, ms]) => ms >= from)
				.map(([key, ms]) => ({ key, time: new Date(ms).toISOString(), record: {} }));
			const step = advance(state, listed, options(minute, 'keyAndTime'));
			for (const entry of step.fresh) {
				const key = `${entry.key}@${entry.time}`;
				if (emitted.has(key)) twice++;
				emitted.add(key);
			}
			state = step.state;
			floored ||= state.floor !== undefined;
			const data: IDataObject = {};
			writeState(
				data,
				JSON.stringify([
					'listingPublishedOrChanged',
					'https://connect.maklare.vitec.net',
					'M31529',
					'row',
				]),
				state,
			);
			largest = Math.max(largest, Buffer.byteLength(JSON.stringify(data)));
		}
		return { made, emitted: emitted.size, twice, largest, floored };
	}

	it.each([
		[1_000, 1_000],
		[1_000, 5_000],
		[1_000, 10_000],
		[5_000, 5_000],
		[10_000, 10_000],
	])(
		'%i listings, %i changes within an hour: every change emitted once, the static data under 64 KB',
		(listings, changes) => {
			const figures = changingHour(listings, changes);
			recordFigures(
				'trigger state at a change rate (state.ts, a poll a minute)',
				`${listings} listings, ${changes} changes within an hour: emitted ${figures.emitted}, twice ${figures.twice}; largest static data ${figures.largest} bytes; ${figures.floored ? 'at the bound (a floor kept)' : 'within the bound (no floor)'}`,
			);
			expect(figures.emitted).toBe(changes);
			expect(figures.twice).toBe(0);
			expect(figures.largest).toBeLessThan(64 * 1024);
		},
	);
});

describe('compareFigures (live data)', () => {
	it('lists rows whose figures moved, new rows and removed rows, ignoring key order', () => {
		const previous = {
			'users:HANBDB1DD105679979CA82B28EDD1C8CCD2': {
				userId: 'HANBDB1DD105679979CA82B28EDD1C8CCD2',
				logins: 2,
				calls: 1,
			},
			'users:HANFBB798C2524102012E7BD22EEF00E52D': {
				userId: 'HANFBB798C2524102012E7BD22EEF00E52D',
				logins: 1,
			},
			'users:HANFEA49869C27F0E59616D4AD24A81A6DB': {
				userId: 'HANFEA49869C27F0E59616D4AD24A81A6DB',
				logins: 0,
			},
		};
		const current = {
			'users:HANBDB1DD105679979CA82B28EDD1C8CCD2': {
				calls: 1,
				userId: 'HANBDB1DD105679979CA82B28EDD1C8CCD2',
				logins: 2,
			},
			'users:HANFBB798C2524102012E7BD22EEF00E52D': {
				userId: 'HANFBB798C2524102012E7BD22EEF00E52D',
				logins: 2,
			},
			'users:HANC66CA535E218492E32395C878DB167BC': {
				userId: 'HANC66CA535E218492E32395C878DB167BC',
				logins: 1,
			},
		};
		expect(compareFigures(previous, current)).toEqual([
			{
				key: 'users:HANFBB798C2524102012E7BD22EEF00E52D',
				previous: { userId: 'HANFBB798C2524102012E7BD22EEF00E52D', logins: 1 },
				current: { userId: 'HANFBB798C2524102012E7BD22EEF00E52D', logins: 2 },
			},
			{
				key: 'users:HANC66CA535E218492E32395C878DB167BC',
				previous: null,
				current: { userId: 'HANC66CA535E218492E32395C878DB167BC', logins: 1 },
			},
			{
				key: 'users:HANFEA49869C27F0E59616D4AD24A81A6DB',
				previous: { userId: 'HANFEA49869C27F0E59616D4AD24A81A6DB', logins: 0 },
				current: null,
			},
		]);
		expect(compareFigures(current, current)).toEqual([]);
	});
});
