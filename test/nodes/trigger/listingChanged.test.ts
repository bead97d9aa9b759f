import type { IDataObject } from 'n8n-workflow';

import { pollNode } from '../../harness/engine';
import { packageNode } from '../../harness/packageNodes';
import { useScriptedServer } from '../../hostile/scriptedServer';
import { jsonOf, poller } from './poller';
import { startListingWorld, type ListingWorld } from './listingWorld';
import { fakeDateOnly } from '../../harness/fakeDate';

/**
 * Listing Published or Changed and New Listing against the project's listing server
 * (listingWorld.ts), through n8n's real poll context. Time is simulated (Date only) from a fixed
 * start, so nothing depends on the real date.
 */
const START = Date.parse('2026-09-18T08:00:00.000Z');
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

describe('Estate Broker Trigger: the listing events', () => {
	let world: ListingWorld;
	beforeAll(async () => {
		world = await startListingWorld({ timeForm: 'live', comparison: 'instant', seed: 1 });
	});
	afterAll(async () => await world.close());
	beforeEach(() => {
		world.reset();
		fakeDateOnly(new Date(START));
		// Listings of the office from before the activation.
		for (let index = 0; index < 5; index++)
			world.publish(`OBJ30011_${100 + index}`, START - (index + 2) * DAY);
	});
	afterEach(() => jest.useRealTimers());
	const later = (minutes: number) => jest.setSystemTime(Date.now() + minutes * MINUTE);

	it('asks the estate list for changes since one late-records window back, by the names the service takes, and emits nothing on activation', async () => {
		const trigger = poller(world, { event: 'listingPublishedOrChanged' });
		const first = await trigger.poll();
		expect(first.error).toBeUndefined();
		expect(first.items).toBeNull();
		expect(world.requests).toEqual([
			{
				path: '/Advertising/Estate/M30011',
				query: {
					'paging.pageSize': '100',
					'paging.pageIndex': '0',
					// The partner's form: UTC with Z and milliseconds (advertising.md section 4).
					'criteria.changedAtMinValue': new Date(START - 60 * MINUTE).toISOString(),
				},
			},
		]);
	});

	it('emits every change once, oldest first, read over every page, each with its time in Stockholm; an estate changed again once more', async () => {
		const trigger = poller(world, { event: 'listingPublishedOrChanged' });
		await trigger.poll();
		later(1);
		for (let index = 0; index < 250; index++)
			world.publish(`OBJ30011_${1000 + index}`, Date.now() - 1000 + index);
		world.requests.length = 0;
		const run = await trigger.poll();
		expect(run.error).toBeUndefined();
		const items = jsonOf(run);
		expect(items).toHaveLength(250);
		expect(items.map((item) => item.id)).toEqual(
			Array.from({ length: 250 }, (_, index) => `OBJ30011_${1000 + index}`),
		);
		// 2026-09-18 is summer time in Stockholm: +02:00.
		expect(items[0]).toEqual({
			id: 'OBJ30011_1000',
			customerId: 'M30011',
			changedAt: '2026-09-18T10:00:59.000+02:00',
		});
		// Three pages of 100, no fourth: page 2 was the last the page count named.
		expect(world.requests.map((request) => request.query['paging.pageIndex'])).toEqual([
			'0',
			'1',
			'2',
		]);

		later(1);
		expect((await trigger.poll()).items).toBeNull();
		later(1);
		world.change('OBJ30011_1003', Date.now());
		world.change('OBJ30011_100', Date.now());
		expect(jsonOf(await trigger.poll()).map((item) => item.id)).toEqual([
			'OBJ30011_100',
			'OBJ30011_1003',
		]);
	});

	it('Include Whole Estate: each item is the estate read by id with its type and agents; one unpublished since the list named it says recordStatus gone', async () => {
		const trigger = poller(world, { event: 'listingPublishedOrChanged', includeWholeEstate: true });
		await trigger.poll();
		later(1);
		world.publish('OBJ30011_2001', Date.now() - 2000);
		world.publish('OBJ30011_2002', Date.now() - 1000);
		world.onRead((id) => {
			if (id === 'OBJ30011_2002') world.unpublish(id, Date.now());
		});
		world.requests.length = 0;
		const items = jsonOf(await trigger.poll());
		expect(items).toEqual([
			expect.objectContaining({
				id: 'OBJ30011_2001',
				address: { streetAddress: expect.any(String), postalTown: 'Malmö' },
				price: { startingPrice: expect.any(Number) },
				marketing: { isPublished: true, publishedAt: expect.stringMatching(/\+02:00$/) },
			}),
			{
				id: 'OBJ30011_2002',
				customerId: 'M30011',
				changedAt: expect.stringMatching(/\+02:00$/),
				recordStatus: 'gone',
			},
		]);
		const reads = world.requests.filter((request) => request.path !== '/Advertising/Estate/M30011');
		expect(reads.map((request) => request.path).sort()).toEqual([
			'/Advertising/Estate/M30011/OBJ30011_2001',
			'/Advertising/Estate/M30011/OBJ30011_2002',
		]);
		expect(reads[0].query).toEqual({
			extend:
				'housingCooperative+condominium+foreignProperty+farm+commercialProperty+premises+primaryAgent+secondaryAgent',
		});
	});

	it('New Listing: an estate published after the activation once, as its whole record; an older listing that changes never', async () => {
		const trigger = poller(world, { event: 'newListing' });
		await trigger.poll();
		later(1);
		world.publish('OBJ30011_3001', Date.now() - 500);
		world.change('OBJ30011_101', Date.now() - 400);
		const run = await trigger.poll();
		expect(run.error).toBeUndefined();
		expect(jsonOf(run)).toEqual([
			expect.objectContaining({
				id: 'OBJ30011_3001',
				address: expect.objectContaining({ streetAddress: expect.any(String) }),
				price: { startingPrice: expect.any(Number) },
			}),
		]);
		// Changed again within the late-records window, and long after it: not new again.
		later(5);
		world.change('OBJ30011_3001', Date.now());
		expect((await trigger.poll()).items).toBeNull();
		later(3 * 60);
		world.change('OBJ30011_3001', Date.now());
		world.change('OBJ30011_102', Date.now());
		expect((await trigger.poll()).items).toBeNull();
		// Published and changed before a poll saw it: one new listing.
		later(1);
		world.publish('OBJ30011_3002', Date.now() - 30_000);
		world.change('OBJ30011_3002', Date.now() - 10_000);
		expect(jsonOf(await trigger.poll()).map((item) => item.id)).toEqual(['OBJ30011_3002']);
	});

	it('New Listing: an estate whose read fails is left for the next poll while the others go out; a poll that could read nothing fails', async () => {
		const trigger = poller(world, { event: 'newListing' });
		await trigger.poll();
		later(1);
		world.publish('OBJ30011_6001', Date.now() - 2000);
		world.publish('OBJ30011_6002', Date.now() - 1000);
		world.onRead((id) => (id === 'OBJ30011_6002' ? 503 : undefined));
		const partly = await trigger.poll();
		expect(partly.error).toBeUndefined();
		expect(jsonOf(partly).map((item) => item.id)).toEqual(['OBJ30011_6001']);
		later(1);
		world.onRead(() => 503);
		const failed = await trigger.poll();
		expect(failed.error?.message).toMatch(/failed to process/);
		// Two hours in which its read keeps failing while other listings go out: the cursor stays within the window
		// after it, and once it can be read it goes out, once.
		world.onRead((id) => (id === 'OBJ30011_6002' ? 503 : undefined));
		const others: string[] = [];
		for (let step = 1; step <= 8; step++) {
			later(15);
			world.publish(`OBJ30011_${6100 + step}`, Date.now() - 1000);
			others.push(...jsonOf(await trigger.poll()).map((item) => String(item.id)));
		}
		expect(others).toEqual(Array.from({ length: 8 }, (_, index) => `OBJ30011_${6101 + index}`));
		later(1);
		world.onRead(undefined);
		expect(jsonOf(await trigger.poll()).map((item) => item.id)).toEqual(['OBJ30011_6002']);
		later(1);
		expect((await trigger.poll()).items).toBeNull();
	});

	it('a row two pages list (the list moved while it was read) is emitted once, and a row the move hid by the next poll', async () => {
		const trigger = poller(world, { event: 'listingPublishedOrChanged' });
		await trigger.poll();
		later(1);
		for (let index = 0; index < 150; index++)
			world.publish(`OBJ30011_${4000 + index}`, Date.now() - 10_000 + index);
		// Before page 1 is read, an estate stamped before all of them is entered: the rows move down one, and page 1
		// begins with the last row of page 0, while the new row sits on page 0, already read.
		world.onPage(() => world.publish('OBJ30011_3999', Date.now() - 20_000));
		const ids = jsonOf(await trigger.poll()).map((item) => item.id);
		expect(ids).toHaveLength(150);
		expect(new Set(ids).size).toBe(150);
		expect(ids).not.toContain('OBJ30011_3999');
		world.onPage(undefined);
		later(1);
		expect(jsonOf(await trigger.poll()).map((item) => item.id)).toEqual(['OBJ30011_3999']);
	});

	/** 200 answers to a read by id that are not the estate asked for (advertising.md section 7: an estate's id is its `id`). */
	const oddAnswers: Array<[string, (id: string) => unknown]> = [
		['a status message', () => ({ message: 'OK' })],
		['a list', (id) => [world.record(id)]],
		['another estate', () => world.record('OBJ30011_100')],
		['an empty record', () => ({})],
		['an empty body', () => ''],
		['an estate without its id', (id) => ({ ...world.record(id), id: undefined })],
	];

	it.each(oddAnswers)(
		'a 200 to a read by id that is %s is a failed read: the change stays unseen and goes out once next poll, for Listing Published or Changed (Include Whole Estate) and New Listing',
		async (_, oddAnswer) => {
			const triggers = {
				changes: poller(world, { event: 'listingPublishedOrChanged', includeWholeEstate: true }),
				newListings: poller(world, { event: 'newListing' }),
			};
			for (const trigger of Object.values(triggers)) await trigger.poll();
			later(1);
			world.publish('OBJ30011_7001', Date.now() - 2000);
			world.publish('OBJ30011_7002', Date.now() - 1000);
			world.onRead((id) => (id === 'OBJ30011_7002' ? { body: oddAnswer(id) } : undefined));
			for (const trigger of Object.values(triggers)) {
				const run = await trigger.poll();
				expect(run.error).toBeUndefined();
				expect(jsonOf(run).map((item) => item.id)).toEqual(['OBJ30011_7001']);
			}
			// Every read answers so: nothing could be read, and the poll fails as for a 500.
			later(1);
			world.onRead((id) => ({ body: oddAnswer(id) }));
			for (const trigger of Object.values(triggers)) {
				const failed = await trigger.poll();
				expect(failed.error?.message).toMatch(
					/failed to process|not the record of published estate/,
				);
			}
			later(1);
			world.onRead(undefined);
			for (const trigger of Object.values(triggers)) {
				const run = await trigger.poll();
				expect(run.error).toBeUndefined();
				expect(jsonOf(run)).toEqual([
					expect.objectContaining({
						id: 'OBJ30011_7002',
						price: { startingPrice: expect.any(Number) },
					}),
				]);
			}
			later(1);
			for (const trigger of Object.values(triggers))
				expect((await trigger.poll()).items).toBeNull();
		},
	);

	it('without Include Whole Estate a change is its row: no read by id, so no odd answer to one can hide it', async () => {
		const trigger = poller(world, { event: 'listingPublishedOrChanged' });
		await trigger.poll();
		later(1);
		world.publish('OBJ30011_7101', Date.now() - 1000);
		world.onRead(() => ({ body: { message: 'OK' } }));
		world.requests.length = 0;
		expect(jsonOf(await trigger.poll())).toEqual([
			{ id: 'OBJ30011_7101', customerId: 'M30011', changedAt: expect.stringMatching(/\+02:00$/) },
		]);
		expect(world.requests.every((request) => request.path === '/Advertising/Estate/M30011')).toBe(
			true,
		);
		later(1);
		expect((await trigger.poll()).items).toBeNull();
	});

	it('Fetch Test Event shows the newest listing change and keeps no state', async () => {
		const trigger = poller(world, { event: 'newListing' });
		const run = await trigger.poll('manual');
		expect(run.error).toBeUndefined();
		expect(jsonOf(run)).toEqual([
			expect.objectContaining({ id: 'OBJ30011_100', marketing: expect.any(Object) }),
		]);
		expect(trigger.staticData.state).toBeUndefined();
	});

	it('Estate Broker Estates Trigger offers the listing events and polls as the whole trigger does', async () => {
		const nodeType = packageNode('estateBrokerEstatesTrigger');
		const staticData: IDataObject = {};
		const poll = async () =>
			await pollNode({
				nodeType,
				parameters: { event: 'newListing' },
				credentials: world.credentials(),
				staticData,
				mode: 'trigger',
			});
		expect((await poll()).items).toBeNull();
		later(1);
		world.publish('OBJ30011_5001', Date.now() - 1000);
		const run = await poll();
		expect(run.error).toBeUndefined();
		expect((run.items?.[0] ?? []).map((item) => item.json.id)).toEqual(['OBJ30011_5001']);
	});
});

describe('Estate Broker Trigger: the listing events against a service that answers wrongly', () => {
	const server = useScriptedServer();

	it('a page that is no page fails the poll and keeps the state, so the next poll reads the same rows', async () => {
		const trigger = poller(server, { event: 'listingPublishedOrChanged' });
		server.script(() => ({ body: { index: 0, count: 1, totalRowCount: 0, rows: [] } }));
		expect((await trigger.poll()).error).toBeUndefined();
		const state = JSON.stringify(trigger.staticData.state);
		server.script(() => ({ body: { message: 'OK' } }));
		const failed = await trigger.poll();
		expect(failed.error?.message).toMatch(/not a page of the estate list/);
		expect(JSON.stringify(trigger.staticData.state)).toBe(state);
	});
});
