import { DateTime } from 'luxon';
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { recordFigures } from '../../harness/figures';
import { fakeDateOnly } from '../../harness/fakeDate';
import { meetServiceAfresh } from '../../harness/transportPause';
import { jsonOf, poller } from './poller';
import {
	type EstateMemory,
	rememberEstate,
	watchedFieldsOf,
	writeEstateMemory,
} from '../../../nodes/shared/listings';
import { serviceText, startListingWorld, type ListingWorld, type TimeForm } from './listingWorld';

/**
 * The listing events that say what changed (Listing Status Changed, Listing Price Changed,
 * Viewing Added, Bidding Started, Listing Unpublished) through n8n-core's PollContext against
 * the project's listing server (listingWorld.ts). Time is simulated (Date only).
 */
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const START = Date.parse('2026-09-18T08:00:00.000Z');

const EVENTS = {
	status: { event: 'listingStatusChanged' },
	price: { event: 'listingPriceChanged' },
	viewing: { event: 'viewingAdded' },
	bidding: { event: 'biddingStarted' },
	unpublished: { event: 'listingUnpublished' },
} satisfies Record<string, INodeParameters>;
type Watch = keyof typeof EVENTS;
const WATCHES = Object.keys(EVENTS) as Watch[];

function triggersOf(world: ListingWorld, extra: Partial<Record<Watch, INodeParameters>> = {}) {
	return Object.fromEntries(
		WATCHES.map((watch) => [watch, poller(world, { ...EVENTS[watch], ...extra[watch] })]),
	) as Record<Watch, ReturnType<typeof poller>>;
}

/** An emitted time names this instant with Stockholm's offset. */
function instantOf(text: unknown): number {
	if (typeof text !== 'string' || !/[+-]\d\d:\d\d$/.test(text)) return Number.NaN;
	return DateTime.fromISO(text, { setZone: true }).toMillis();
}

describe('Estate Broker Trigger: listing events with what changed', () => {
	let world: ListingWorld;
	beforeAll(async () => {
		world = await startListingWorld({ timeForm: 'live', comparison: 'instant', seed: 1 });
	});
	afterAll(async () => await world.close());
	beforeEach(() => {
		world.reset();
		fakeDateOnly(new Date(START));
		for (let index = 0; index < 6; index++)
			world.publish(`OBJ30011_${100 + index}`, START - (index + 2) * DAY);
		world.update('OBJ30011_101', START - 2 * DAY, { startingPrice: 3_950_000 });
	});
	afterEach(() => jest.useRealTimers());
	const later = (minutes: number) => jest.setSystemTime(Date.now() + minutes * MINUTE);

	it('emits For Sale → Sold, a price lowered 3,950,000 → 3,750,000, a viewing added and bidding started once each, with changes naming field, old and new; nothing at activation', async () => {
		const triggers = triggersOf(world);
		for (const watch of WATCHES) {
			const activation = await triggers[watch].poll();
			expect(activation.error).toBeUndefined();
			expect(activation.items).toBeNull();
		}
		later(1);
		const viewingStart = Date.parse('2026-09-20T09:00:00.000Z');
		world.update('OBJ30011_100', Date.now() - 1000, { status: 'Sold' });
		world.update('OBJ30011_101', Date.now() - 900, { startingPrice: 3_750_000 });
		world.update('OBJ30011_102', Date.now() - 800, {
			viewings: [{ id: 'VIS102A', startsAt: viewingStart, endsAt: viewingStart + 30 * MINUTE }],
		});
		world.update('OBJ30011_103', Date.now() - 700, { biddingActive: true });
		world.unpublish('OBJ30011_104', Date.now() - 600);
		later(1);
		const runs = Object.fromEntries(
			await Promise.all(
				WATCHES.map(async (watch) => [watch, jsonOf(await triggers[watch].poll())] as const),
			),
		) as Record<Watch, IDataObject[]>;

		expect(runs.status).toHaveLength(1);
		expect(runs.status[0]).toMatchObject({
			id: 'OBJ30011_100',
			status: 'Sold',
			streetAddress: expect.any(String),
			changes: { status: { old: 'ForSale', new: 'Sold' } },
		});
		expect(runs.price).toEqual([
			expect.objectContaining({
				id: 'OBJ30011_101',
				startingPrice: 3_750_000,
				changes: {
					price: { old: 3_950_000, new: 3_750_000, difference: -200_000, percent: -5.06 },
				},
			}),
		]);
		expect(runs.viewing).toEqual([
			expect.objectContaining({
				id: 'OBJ30011_102',
				viewing: expect.objectContaining({
					id: 'VIS102A',
					startsAt: '2026-09-20T11:00:00.000+02:00',
					endsAt: '2026-09-20T11:30:00.000+02:00',
				}),
				changes: { viewings: { old: 0, new: 1, added: ['VIS102A'], removed: 0 } },
			}),
		]);
		expect(runs.bidding).toEqual([
			expect.objectContaining({
				id: 'OBJ30011_103',
				changes: { bidding: { old: { isActive: false }, new: { isActive: true } } },
			}),
		]);
		expect(runs.unpublished).toEqual([
			{
				id: 'OBJ30011_104',
				customerId: 'M30011',
				status: 'ForSale',
				startingPrice: expect.any(Number),
				changes: { published: { old: true, new: false } },
			},
		]);

		// Nothing changed since: no item, and the quiet poll reads the list's one page and nothing by id.
		later(1);
		world.requests.length = 0;
		for (const watch of WATCHES) expect((await triggers[watch].poll()).items).toBeNull();
		expect(world.requests.filter((request) => request.path.split('/').length > 4)).toEqual([]);
		expect(world.requests).toHaveLength(WATCHES.length);
	});

	it('filters status changes by from and to, price changes by direction; every watched change of an emitted estate is in its changes', async () => {
		const triggers = triggersOf(world, {
			status: { toStatuses: ['Sold'], fromStatuses: ['ForSale'] },
			price: { priceChange: 'lowered' },
		});
		for (const watch of WATCHES) await triggers[watch].poll();
		later(1);
		world.update('OBJ30011_100', Date.now() - 500, { status: 'Coming' });
		world.update('OBJ30011_101', Date.now() - 400, { startingPrice: 4_100_000 });
		later(1);
		expect((await triggers.status.poll()).items).toBeNull();
		expect((await triggers.price.poll()).items).toBeNull();
		later(1);
		// Coming → Sold is not from For Sale; For Sale → Sold with a lower price is both.
		world.update('OBJ30011_100', Date.now() - 500, { status: 'Sold' });
		world.update('OBJ30011_102', Date.now() - 300, { status: 'Sold', startingPrice: 900_000 });
		later(1);
		const sold = jsonOf(await triggers.status.poll());
		expect(sold.map((item) => item.id)).toEqual(['OBJ30011_102']);
		expect(sold[0].changes).toEqual({
			status: { old: 'ForSale', new: 'Sold' },
			price: { old: 1_050_000, new: 900_000, difference: -150_000, percent: -14.29 },
		});
		expect(jsonOf(await triggers.price.poll()).map((item) => item.id)).toEqual(['OBJ30011_102']);
	});

	it('Listing Published or Changed with the whole estate says what changed since it last read the estate, and that it does not know the first time', async () => {
		const trigger = poller(world, { event: 'listingPublishedOrChanged', includeWholeEstate: true });
		expect((await trigger.poll()).items).toBeNull();
		later(1);
		world.update('OBJ30011_100', Date.now() - 100, { startingPrice: 3_950_000 });
		later(1);
		const [first] = jsonOf(await trigger.poll());
		expect(first).toMatchObject({ id: 'OBJ30011_100', changes: null });
		expect(first.changesNote).toMatch(/first time/);
		later(1);
		world.update('OBJ30011_100', Date.now() - 100, { startingPrice: 3_750_000, status: 'Sold' });
		later(1);
		expect(jsonOf(await trigger.poll()).map((item) => [item.id, item.changes])).toEqual([
			[
				'OBJ30011_100',
				{
					status: { old: 'ForSale', new: 'Sold' },
					price: { old: 3_950_000, new: 3_750_000, difference: -200_000, percent: -5.06 },
				},
			],
		]);
	});

	it('takes an estate the list leaves out while it moves for published, reads a failed read again, and never takes a failure for a change', async () => {
		const triggers = triggersOf(world);
		for (const watch of WATCHES) await triggers[watch].poll();
		later(1);
		world.update('OBJ30011_100', Date.now() - 100, { status: 'Sold' });
		// An unchanged estate the list leaves out (as a list that moves while paged can) is read by id: still published.
		const leftOut = world.estates.get('OBJ30011_105')!;
		leftOut.published = false;
		world.onRead((id) => {
			if (id === 'OBJ30011_105') leftOut.published = true;
		});
		expect((await triggers.unpublished.poll()).items).toBeNull();
		expect(leftOut.published).toBe(true);
		// The read of the changed estate fails once: no change, and the next poll reads it again.
		const failing = new Set(['OBJ30011_100']);
		world.onRead((id) => (failing.delete(id) ? 503 : undefined));
		const failed = await triggers.status.poll();
		expect(failed.items).toBeNull();
		expect(failed.error).toBeUndefined();
		world.onRead(undefined);
		later(1);
		expect(jsonOf(await triggers.status.poll()).map((item) => item.changes)).toEqual([
			{ status: { old: 'ForSale', new: 'Sold' } },
		]);
		later(1);
		expect((await triggers.status.poll()).items).toBeNull();
	});
});

describe('Estate Broker Trigger: what the listing watch events keep', () => {
	let world: ListingWorld;
	beforeAll(async () => {
		world = await startListingWorld({ timeForm: 'live', comparison: 'instant', seed: 3 });
	});
	afterAll(async () => await world.close());
	beforeEach(() => fakeDateOnly(new Date(START)));
	afterEach(() => jest.useRealTimers());

	/** An office's published estates: ids of the live form, every status, a viewing each, bidding on a third. */
	const office = (count: number) =>
		Array.from({ length: count }, (_, index) => ({
			id: `OBJ30011_${2041198534 + index * 7919}`,
			changedAt: START - DAY - index * 1000,
			status: STATUSES[index % STATUSES.length],
			startingPrice: 1_500_000 + index * 25_000,
			viewings: [
				{
					id: `VIS${String(index).padStart(6, '0')}A1B2C3D4E5F6A7B8C9D0E1F2A3`,
					startsAt: START + DAY,
					endsAt: START + DAY + 30 * MINUTE,
				},
			],
			biddingActive: index % 3 === 0,
		}));

	it(
		'keeps at most 32 bytes of static data an estate at 100 and 1,000 published estates, and a quiet poll reads the list alone',
		async () => {
			const figures: string[] = [];
			for (const count of [100, 1_000]) {
				world.estates.clear();
				for (const { id, changedAt, ...fields } of office(count)) {
					world.publish(id, changedAt);
					world.update(id, changedAt, fields);
				}
				const trigger = poller(world, { event: 'listingStatusChanged' });
				expect((await trigger.poll()).items).toBeNull();
				const bytes = Buffer.byteLength(JSON.stringify(trigger.staticData));
				jest.setSystemTime(START + MINUTE);
				world.requests.length = 0;
				expect((await trigger.poll()).items).toBeNull();
				const calls = world.requests.length;
				figures.push(
					`${count} estates: ${bytes} bytes (${(bytes / count).toFixed(1)} an estate), a quiet poll ${calls} calls`,
				);
				expect(bytes / count).toBeLessThanOrEqual(32);
				expect(calls).toBe(Math.ceil(count / 100));
				jest.setSystemTime(START);
			}
			recordFigures('listing watch state size', figures.join('; '));
		},
		2 * 60_000,
	);

	it('keeps at most 32 bytes an estate at 10,000 published estates (the memory as the trigger writes it)', () => {
		const memory = { estates: new Map() } as EstateMemory;
		for (const estate of office(10_000)) {
			const record = {
				status: { id: estate.status },
				price: { startingPrice: estate.startingPrice },
				viewings: estate.viewings,
				bidding: { isActive: estate.biddingActive },
			};
			memory.estates.set(
				estate.id,
				rememberEstate(watchedFieldsOf(record), serviceText(estate.changedAt, 'live'), 'M30011'),
			);
		}
		const data: IDataObject = {};
		writeEstateMemory(
			data,
			'estates',
			JSON.stringify(['listingStatusChanged', world.url, 'M30011']),
			memory,
		);
		const started = process.hrtime.bigint();
		const bytes = Buffer.byteLength(JSON.stringify(data));
		const stringifyMs = Number(process.hrtime.bigint() - started) / 1e6;
		recordFigures(
			'listing watch state size',
			`10000 estates: ${bytes} bytes (${(bytes / 10_000).toFixed(1)} an estate), JSON.stringify ${stringifyMs.toFixed(1)} ms`,
		);
		expect(bytes / 10_000).toBeLessThanOrEqual(32);
	});
});

const NIGHTS = [
	{ night: 'a summer day', start: '2026-07-10T05:00:00.000Z' },
	{ night: 'the night of 25 October 2026', start: '2026-10-24T22:00:00.000Z' },
	{ night: 'the night of 28 March 2027', start: '2027-03-27T23:00:00.000Z' },
];
const FORMS: TimeForm[] = ['live', 'helpPage'];
const ROUNDS = Number(process.env.TRIGGER_EXACTNESS_ROUNDS ?? 40);
const STATUSES = ['ForSale', 'Coming', 'Sold', 'Resting', 'AssignmentWithdrawn'];

function generator(seed: number) {
	let state = seed >>> 0;
	return (below: number) => {
		state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
		return state % below;
	};
}

describe.each(NIGHTS.map((night, index) => ({ ...night, timeForm: FORMS[index % FORMS.length] })))(
	'Estate Broker Trigger: listing watch events exactly once, $night, times in the $timeForm form',
	({ night, start, timeForm }) => {
		let world: ListingWorld;
		const START_MS = Date.parse(start);
		beforeAll(async () => {
			world = await startListingWorld({ timeForm, comparison: 'wallTime', seed: 7 });
		});
		afterAll(async () => await world.close());
		beforeEach(() => fakeDateOnly(new Date(START_MS)));
		afterEach(() => jest.useRealTimers());

		it(
			`emits each status, price, viewing, bidding and unpublishing once over ${ROUNDS} rounds with a fifth of requests failing, lists that move and restarts`,
			async () => {
				const random = generator(20261129);
				const ids: string[] = [];
				for (let index = 0; index < 150; index++) {
					const id = `OBJ30011_${1000 + index}`;
					ids.push(id);
					world.publish(id, START_MS - (2 + random(200)) * DAY);
				}
				let triggers = triggersOf(world);
				/** The static data n8n stored: at activation, then after each poll that emitted (reliability.md). */
				const stored = {} as Record<Watch, IDataObject>;
				for (const watch of WATCHES) {
					expect((await triggers[watch].poll()).items).toBeNull();
					stored[watch] = triggers[watch].staticData;
				}
				const baseline = new Map(
					ids.map((id) => {
						const estate = world.estates.get(id)!;
						return [id, { status: estate.status ?? 'ForSale', price: estate.startingPrice }];
					}),
				);
				/** Per estate: the chain of values each trigger emitted (old of one = new of the one before). */
				const chains = {
					status: new Map<string, string[]>(),
					price: new Map<string, number[]>(),
				};
				const brokenChains: string[] = [];
				const viewingsEmitted: string[] = [];
				const biddingEmitted: string[] = [];
				const unpublishedEmitted: string[] = [];
				const viewingsMade = new Set<string>();
				const biddingMade = new Set<string>();
				const unpublishedMade = new Set<string>();
				const wrongTimes: string[] = [];
				const failures = Object.fromEntries(WATCHES.map((watch) => [watch, 0])) as Record<
					Watch,
					number
				>;
				let polls = 0;
				let restarts = 0;
				let nextViewing = 1;

				const chainOf = <T>(map: Map<string, T[]>, id: string, first: T) => {
					if (!map.has(id)) map.set(id, [first]);
					return map.get(id)!;
				};
				const pollAll = async () => {
					for (const watch of WATCHES) {
						const run = await triggers[watch].poll();
						polls++;
						if (run.error) {
							failures[watch]++;
							continue;
						}
						const items = jsonOf(run);
						if (items.length > 0) stored[watch] = triggers[watch].staticData;
						for (const item of items) {
							const id = String(item.id);
							const changes = item.changes as Record<string, { old: unknown; new: unknown }>;
							if (watch === 'status' || watch === 'price') {
								const chain = chainOf<unknown>(
									chains[watch] as Map<string, unknown[]>,
									id,
									baseline.get(id)![watch],
								);
								const change = changes[watch];
								if (chain[chain.length - 1] !== change.old)
									brokenChains.push(
										`${watch} ${id}: ${String(change.old)} after ${String(chain.at(-1))}`,
									);
								chain.push(change.new);
							}
							if (watch === 'viewing') {
								const viewing = item.viewing as IDataObject;
								viewingsEmitted.push(String(viewing.id));
								const made = world.estates
									.get(id)
									?.viewings?.find((candidate) => candidate.id === viewing.id);
								if (made && instantOf(viewing.startsAt) !== made.startsAt)
									wrongTimes.push(`${String(viewing.id)} ${String(viewing.startsAt)}`);
							}
							if (watch === 'bidding') biddingEmitted.push(id);
							if (watch === 'unpublished') unpublishedEmitted.push(id);
						}
					}
				};

				world.setFaults(0.2);
				for (let round = 1; round <= ROUNDS; round++) {
					jest.setSystemTime(START_MS + round * 3 * MINUTE);
					const now = () => Date.now() - random(1000);
					const published = ids.filter((id) => world.estates.get(id)!.published);
					for (let count = random(4); count > 0; count--) {
						const id = published[random(published.length)];
						const estate = world.estates.get(id)!;
						const kind = random(4);
						if (kind === 0) world.update(id, now(), { status: STATUSES[random(STATUSES.length)] });
						else if (kind === 1)
							world.update(id, now(), {
								startingPrice: estate.startingPrice + (random(2) === 0 ? -1 : 1) * 25_000,
							});
						else if (kind === 2) {
							// A viewing at the hour the clocks change, or a day later, in Swedish wall time.
							const startsAt = Date.now() + (random(2) === 0 ? 0 : DAY) + random(4) * 15 * MINUTE;
							const viewing = {
								id: `VIS${nextViewing++}`,
								startsAt,
								endsAt: startsAt + 30 * MINUTE,
							};
							viewingsMade.add(viewing.id);
							world.update(id, now(), { viewings: [...(estate.viewings ?? []), viewing] });
						} else if (!estate.biddingActive) {
							biddingMade.add(id);
							world.update(id, now(), { biddingActive: true });
						}
					}
					if (random(8) === 0) {
						const id = published[random(published.length)];
						unpublishedMade.add(id);
						world.unpublish(id, now());
					}
					if (round === Math.floor(ROUNDS / 2)) {
						// The list moves while a poll reads its second page: an estate changes and moves to the end.
						world.onPage(() => {
							const id = published[random(published.length)];
							world.update(id, Date.now(), { status: 'Sold' });
						});
					}
					if (round === Math.floor(ROUNDS / 2) + 2) world.onPage(undefined);
					if (round % 20 === 0) {
						// n8n restarts: each trigger starts from the static data n8n stored.
						restarts++;
						meetServiceAfresh();
						triggers = Object.fromEntries(
							WATCHES.map((watch) => [
								watch,
								poller(world, EVENTS[watch], {}, { staticData: stored[watch] }),
							]),
						) as typeof triggers;
					}
					await pollAll();
				}
				world.setFaults(0);
				world.onPage(undefined);
				jest.setSystemTime(Date.now() + 3 * MINUTE);
				await pollAll();

				// Each trigger ends where the world is: the last value of each chain is the estate's.
				const behind: string[] = [];
				for (const id of ids) {
					const estate = world.estates.get(id)!;
					if (!estate.published) continue;
					const status = chains.status.get(id)?.at(-1) ?? baseline.get(id)!.status;
					const price = chains.price.get(id)?.at(-1) ?? baseline.get(id)!.price;
					if (status !== (estate.status ?? 'ForSale')) behind.push(`status ${id}`);
					if (price !== estate.startingPrice) behind.push(`price ${id}`);
				}
				const viewingsDue = [...world.estates.values()]
					.filter((estate) => estate.published)
					.flatMap((estate) => (estate.viewings ?? []).map((viewing) => viewing.id));
				const biddingDue = [...biddingMade].filter((id) => world.estates.get(id)!.published);
				const twice = (list: string[]) => list.filter((id, index) => list.indexOf(id) !== index);
				const statusChanges = [...chains.status.values()].reduce(
					(sum, chain) => sum + chain.length - 1,
					0,
				);
				const priceChanges = [...chains.price.values()].reduce(
					(sum, chain) => sum + chain.length - 1,
					0,
				);
				recordFigures(
					`listing watch exactness (${night}, ${timeForm})`,
					`${polls} polls, failed ${JSON.stringify(failures)}, ${restarts} restarts; emitted ${statusChanges} status and ${priceChanges} price changes, ${viewingsEmitted.length} viewings (of ${viewingsMade.size} made), ${biddingEmitted.length} bidding starts (of ${biddingMade.size}), ${unpublishedEmitted.length} unpublished (of ${unpublishedMade.size})`,
				);
				expect(Object.values(failures).reduce((a, b) => a + b)).toBeGreaterThan(ROUNDS * 0.2);
				expect(statusChanges).toBeGreaterThan(ROUNDS / 8);
				expect(brokenChains).toEqual([]);
				expect(behind).toEqual([]);
				expect(wrongTimes).toEqual([]);
				expect(twice(viewingsEmitted)).toEqual([]);
				expect(viewingsDue.filter((id) => !viewingsEmitted.includes(id))).toEqual([]);
				expect(viewingsEmitted.filter((id) => !viewingsMade.has(id))).toEqual([]);
				expect(twice(biddingEmitted)).toEqual([]);
				expect(biddingDue.filter((id) => !biddingEmitted.includes(id))).toEqual([]);
				expect(biddingEmitted.filter((id) => !biddingMade.has(id))).toEqual([]);
				expect(twice(unpublishedEmitted)).toEqual([]);
				expect([...unpublishedMade].sort()).toEqual([...unpublishedEmitted].sort());
			},
			5 * 60_000,
		);
	},
);
