import type { IDataObject } from 'n8n-workflow';

import { recordFigures } from '../../harness/figures';
import { fakeDateOnly } from '../../harness/fakeDate';
import { jsonOf, poller } from './poller';
import { startListingWorld, type ListingWorld } from './listingWorld';

/**
 * What the listing events remember, through n8n's real poll context against the project's
 * listing server (listingWorld.ts, times as the live service writes them: bare Swedish wall
 * time, the change filter compared by wall time): New Listing across the hour that comes twice,
 * the state's size however fast the listings change, and a state as 1.0.0 stores it.
 * Time is simulated (Date only).
 */
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** n8n writes a trigger's static data back on every poll that changes it: what it stores stays under this. */
const MAX_STATIC_DATA_BYTES = 64 * 1024;

const bytesOf = (data: IDataObject) => Buffer.byteLength(JSON.stringify(data));

describe('Estate Broker Trigger: what the listing events remember', () => {
	let world: ListingWorld;
	beforeAll(async () => {
		world = await startListingWorld({ timeForm: 'live', comparison: 'wallTime', seed: 7 });
	});
	afterAll(async () => await world.close());
	beforeEach(() => world.reset());
	afterEach(() => jest.useRealTimers());

	it('New Listing on the night of 25 October: a listing published at 02:59:04 in the first pass of the repeated hour goes out once, though it changes again after the trigger let its change rows go while its bare publication time, read as the second pass, is still after the look-back', async () => {
		// A poll a minute. 00:30Z is 02:30 in the first pass (+02:00); at 01:00Z the clocks go back to 02:00 (+01:00).
		const start = Date.parse('2026-10-25T00:30:00.000Z');
		fakeDateOnly(new Date(start));
		for (let index = 0; index < 5; index++)
			world.publish(`OBJ30011_${100 + index}`, start - (index + 2) * DAY);
		const trigger = poller(world, { event: 'newListing' });
		expect((await trigger.poll()).items).toBeNull();
		const autumn = 'OBJ30011_2041198534';
		const second = 'OBJ30011_2041206453';
		const utc = (text: string) => Date.parse(`2026-10-25T${text}.000Z`);
		const steps: Record<number, () => void> = {
			// 02:59:04 in the first pass (00:59:04Z): the list and the record write "2026-10-25T02:59:04".
			[utc('00:59:30')]: () => world.publish(autumn, utc('00:59:04')),
			// 02:20 in the second pass, while its change rows keep it known.
			[utc('01:20:30')]: () => world.change(autumn, utc('01:20:00')),
			// 02:30 in the second pass: a listing of its own.
			[utc('01:30:30')]: () => world.publish(second, utc('01:30:00')),
			// 03:40 (+01:00): its last change row (02:20) is out of the 60-minute window, and
			// 02:59:04 read as the second pass (01:59:04Z) is after the look-back (02:39Z less an hour).
			[utc('02:40:30')]: () => world.change(autumn, utc('02:40:00')),
			// 04:50 (+01:00): both readings before the look-back, its change rows let go again.
			[utc('03:50:30')]: () => world.change(autumn, utc('03:50:00')),
		};
		const emitted: Array<{ id: string; poll: number }> = [];
		let polls = 0;
		let largest = 0;
		for (let now = start + MINUTE / 2; now <= utc('04:00:00'); now += MINUTE / 2) {
			jest.setSystemTime(now);
			steps[now]?.();
			if (now % MINUTE !== 0) continue;
			// An old listing changing all night keeps the cursor with the clock, as an office's listings do.
			world.change('OBJ30011_100', now - 1000);
			const run = await trigger.poll();
			polls++;
			expect(run.error).toBeUndefined();
			for (const item of jsonOf(run)) emitted.push({ id: String(item.id), poll: polls });
			largest = Math.max(largest, bytesOf(trigger.staticData));
		}
		const times = (id: string) => emitted.filter((item) => item.id === id);
		recordFigures(
			'New Listing across the repeated hour',
			`a poll a minute, ${polls} polls; a listing published at 02:59:04 in the first pass, changed at 02:20 (second pass), 03:40 and 04:50 (+01:00): emitted ${times(autumn).length} time(s) (polls ${times(
				autumn,
			)
				.map((item) => item.poll)
				.join(
					', ',
				)}); one published at 02:30 in the second pass: ${times(second).length}; largest static data ${largest} bytes`,
		);
		expect(emitted).toEqual([
			{ id: autumn, poll: 30 },
			{ id: second, poll: 61 },
		]);
	});

	it('a state as 1.0.0 stores it (seen as a plain record, version 1) is read as it was: nothing it saw goes out again, a change since it goes out once, and the next poll stores the compact form', async () => {
		const now = Date.parse('2026-09-18T08:00:00.000Z');
		fakeDateOnly(new Date(now));
		const iso = (minutesBefore: number) => new Date(now - minutesBefore * MINUTE).toISOString();
		world.publish('OBJ30011_1', now - 10 * MINUTE);
		world.publish('OBJ30011_2', now - 5 * MINUTE);
		// Changed after that version's last poll: new to it.
		world.publish('OBJ30011_3', now - 2 * MINUTE);
		const scope = JSON.stringify([
			'listingPublishedOrChanged',
			String(world.credentials().baseUrl),
			'M30011',
			'row',
		]);
		const staticData = {
			state: {
				version: 1,
				scope,
				cursor: iso(5),
				seen: { [iso(10)]: ['OBJ30011_1'], [iso(5)]: ['OBJ30011_2'] },
				activatedAt: iso(70),
			},
		};
		const trigger = poller(world, { event: 'listingPublishedOrChanged' }, {}, { staticData });
		const run = await trigger.poll();
		expect(run.error).toBeUndefined();
		expect(jsonOf(run).map((item) => item.id)).toEqual(['OBJ30011_3']);
		expect(trigger.staticData.state).toMatchObject({
			version: 2,
			scope,
			seen: { prefix: 'OBJ30011_', groups: expect.any(String) },
			activatedAt: iso(70),
		});
		jest.setSystemTime(now + MINUTE);
		expect((await trigger.poll()).items).toBeNull();
	});

	/** The minutes a poll runs at: every 10 while the listings change and just after, then two quiet ones. */
	const POLL_MINUTES = [...Array.from({ length: 7 }, (_, n) => (n + 1) * 10), 100, 130];

	/**
	 * Listing Published or Changed polled while `changesAnHour` changes fall on `listings`
	 * published estates (ids as the live service writes them) within an hour, then quiet for
	 * 70 minutes: every change a poll could see emitted once, and the static data n8n stores
	 * after each poll.
	 */
	async function changingHour(listings: number, changesAnHour: number) {
		const start = Date.parse('2026-09-18T08:00:00.000Z');
		fakeDateOnly(new Date(start));
		const ids = Array.from({ length: listings }, (_, n) => `OBJ31529_${2041198534 + n * 7919}`);
		for (const [n, id] of ids.entries()) world.publish(id, start - 2 * DAY - n * MINUTE);
		const trigger = poller(world, { event: 'listingPublishedOrChanged' });
		expect((await trigger.poll()).items).toBeNull();
		const emitted = new Set<string>();
		let twice = 0;
		const due = new Set<string>();
		let largest = 0;
		let made = 0;
		for (const minute of POLL_MINUTES) {
			jest.setSystemTime(start + minute * MINUTE);
			// The changes of the hour spread evenly over it, round the listings, stamped in turn over the 10 minutes before the poll.
			const target = Math.round((changesAnHour * Math.min(minute, 60)) / 60);
			const first = made;
			for (; made < target; made++)
				world.change(
					ids[made % listings],
					Date.now() -
						10 * MINUTE +
						Math.ceil(((made - first + 1) * (10 * MINUTE - 1_000)) / (target - first)),
				);
			for (const estate of world.estates.values())
				if (estate.changedAt >= start) due.add(`${estate.id}@${estate.changedAt}`);
			const run = await trigger.poll();
			expect(run.error).toBeUndefined();
			for (const item of jsonOf(run)) {
				const key = `${String(item.id)}@${Date.parse(String(item.changedAt))}`;
				if (emitted.has(key)) twice++;
				emitted.add(key);
			}
			largest = Math.max(largest, bytesOf(trigger.staticData));
		}
		const missed = [...due].filter((key) => !emitted.has(key));
		return { made, due: due.size, emitted: emitted.size, twice, missed, largest };
	}

	// The other rates, and 10,000 estates each changed once, through state.ts alone: test/nodes/trigger/state.test.ts.
	it.each([[1_000, 10_000]])(
		'Listing Published or Changed, %i listings and %i changes within an hour: each change once, the static data under 64 KB',
		async (listings, changesAnHour) => {
			const figures = await changingHour(listings, changesAnHour);
			recordFigures(
				'listing state at a change rate',
				`${listings} listings, ${changesAnHour} changes within an hour, a poll every 10 minutes: made ${figures.made}, due ${figures.due}, emitted ${figures.emitted}, twice ${figures.twice}, missed ${figures.missed.length}; largest static data ${figures.largest} bytes`,
			);
			expect(figures.missed.slice(0, 5)).toEqual([]);
			expect(figures.twice).toBe(0);
			expect(figures.largest).toBeLessThan(MAX_STATIC_DATA_BYTES);
		},
		10 * 60_000,
	);
});
