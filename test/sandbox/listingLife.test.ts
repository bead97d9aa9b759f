import http from 'node:http';
import type { AddressInfo } from 'node:net';

import { useTestSandbox } from './helpers';

/**
 * A published estate's life in the sandbox (sandbox/src/domain/listingLife.ts): made on request
 * through the control API (a status with its final price, a lower price, a viewing, bidding,
 * unpublishing), each seen in the Advertising record, moving the list row's `changedAt` and
 * notified as an Estate update; and made over time by the demo activity.
 */
const sb = useTestSandbox();

interface Row {
	id: string;
	changedAt: string;
}

const store = () => sb.handle.store;
const isPublished = (id: string) => store().advertising.listings.get(id)?.isPublished ?? false;
const hasBids = (id: string) =>
	[...store().bids.values()].some((bid) => bid.estateId === id && !bid.isCanceled && !bid.isHidden);
/**
 * A published estate of M30011 For Sale asking more than 2,000,000, its bids annulled through
 * the interface (every estate For Sale of the seed has bids): one whose bidding can start.
 */
async function quietEstate() {
	const estate = [...store().estates.values()].find(
		(each) =>
			each.customerId === 'M30011' &&
			each.status === 'ForSale' &&
			isPublished(each.id) &&
			each.startingPrice > 2_000_000,
	)!;
	for (const bid of [...store().bids.values()].filter((each) => each.estateId === estate.id))
		if (!bid.isCanceled)
			expect((await sb.demo.delete(`/CRM/Bid/M30011/${bid.id}`)).status).toBeLessThan(300);
	expect(hasBids(estate.id)).toBe(false);
	return estate;
}

async function withReceiver<T>(run: (bodies: Array<Record<string, unknown>>) => Promise<T>) {
	const bodies: Array<Record<string, unknown>> = [];
	const server = http.createServer((request, response) => {
		const chunks: Buffer[] = [];
		request.on('data', (chunk: Buffer) => chunks.push(chunk));
		request.on('end', () => {
			bodies.push(JSON.parse(Buffer.concat(chunks).toString('utf8')));
			response.writeHead(200).end();
		});
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	try {
		await sb.control.post('/subscriptions', {
			url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
			customerId: 'G2',
			targets: ['Estate'],
		});
		return await run(bodies);
	} finally {
		server.closeAllConnections();
		await new Promise<void>((resolve) => server.close(() => resolve()));
	}
}

describe('a listing’s life on request', () => {
	it('viewing, bidding, a lower price, Sold with its final price, unpublished: each in the record, the list row and one Estate notification', async () => {
		const estate = await quietEstate();
		const asking = estate.startingPrice;
		const record = async () => (await sb.demo.get(`/Advertising/Estate/M30011/${estate.id}`)).data;
		const row = async (): Promise<Row | undefined> =>
			(await sb.demo.get('/Advertising/Estate/M30011?paging.pageSize=1000')).data.rows.find(
				(each: Row) => each.id === estate.id,
			);
		await withReceiver(async (bodies) => {
			const viewing = await sb.control.post('/listings/viewing', {
				estateId: estate.id,
				at: '2026-06-16T08:00:00Z',
			});
			expect(viewing.status).toBe(200);
			expect((await row())?.changedAt).toBe('2026-06-16T10:00:00');
			// The next day at 17:00 Swedish time (summer: +02:00), 45 minutes.
			expect((await record()).viewings).toContainEqual(
				expect.objectContaining({
					id: viewing.data.viewing.id,
					startsAt: '2026-06-17T17:00:00',
					endsAt: '2026-06-17T17:45:00',
				}),
			);

			expect((await record()).bidding.isActive).toBe(false);
			const bidding = await sb.control.post('/listings/start-bidding', {
				estateId: estate.id,
				at: '2026-06-18T08:00:00Z',
			});
			expect(bidding.status).toBe(200);
			expect((await record()).bidding).toMatchObject({
				isActive: true,
				bids: [expect.objectContaining({ amount: bidding.data.amount })],
			});
			expect((await row())?.changedAt).toBe('2026-06-18T10:00:00');

			const lowered = await sb.control.post('/listings/lower-price', {
				estateId: estate.id,
				by: 200_000,
				at: '2026-06-19T08:00:00Z',
			});
			expect(lowered.data).toMatchObject({
				previousPrice: asking,
				startingPrice: asking - 200_000,
				changedAt: '2026-06-19T08:00:00.000Z',
			});
			expect((await record()).price.startingPrice).toBe(asking - 200_000);

			const sold = await sb.control.post('/listings/status', {
				estateId: estate.id,
				status: 'Sold',
				finalPrice: 3_750_000,
				at: '2026-06-20T08:00:00Z',
			});
			expect(sold.data).toMatchObject({ status: 'Sold', finalPrice: 3_750_000 });
			const soldRecord = await record();
			expect(soldRecord.status.id).toBe('Sold');
			expect(soldRecord.price.finalPrice).toBe(3_750_000);
			expect(soldRecord.changedAt).toBe('2026-06-20T10:00:00');
			expect(
				(await sb.demo.get('/Advertising/Estate/M30011?criteria.status=Sold&paging.pageSize=1000'))
					.data.rows,
			).toContainEqual(expect.objectContaining({ id: estate.id }));

			await sb.control.post('/listings/unpublish', {
				estateId: estate.id,
				at: '2026-06-21T08:00:00Z',
			});
			expect(await row()).toBeUndefined();

			await sb.control.get('/deliveries?settled=true');
			const ours = bodies.filter((body) => body.id === estate.id);
			expect(ours).toHaveLength(5);
			expect(ours.every((body) => body.type === 'Estate' && body.event === 'Update')).toBe(true);
			expect(ours.map((body) => (body.data as { status?: string } | undefined)?.status)).toEqual([
				'ForSale',
				'ForSale',
				'ForSale',
				'Sold',
				'Sold',
			]);
		});
	});

	it('a lower price to a given amount, Sold at the highest bid; each refusal names its field', async () => {
		const estate = await quietEstate();
		const to = await sb.control.post('/listings/lower-price', {
			estateId: estate.id,
			to: estate.startingPrice - 50_000,
		});
		expect(to.data.startingPrice).toBe(to.data.previousPrice - 50_000);
		const bid = await sb.control.post('/listings/start-bidding', {
			estateId: estate.id,
			amount: 1_995_000,
		});
		expect(bid.status).toBe(200);
		const sold = await sb.control.post('/listings/status', {
			estateId: estate.id,
			status: 'Sold',
		});
		expect(sold.data.finalPrice).toBe(1_995_000);
		const back = await sb.control.post('/listings/status', {
			estateId: estate.id,
			status: 'ForSale',
		});
		expect(back.data).toMatchObject({ status: 'ForSale', finalPrice: null });

		const refused = async (route: string, body: Record<string, unknown>) => {
			const answer = await sb.control.post(route, body);
			return { status: answer.status, field: answer.data.errors?.[0]?.field };
		};
		expect(await refused('/listings/lower-price', { estateId: estate.id, to: 10 ** 10 })).toEqual({
			status: 400,
			field: 'to',
		});
		expect(
			await refused('/listings/start-bidding', { estateId: estate.id }), // it has its bid
		).toEqual({ status: 400, field: 'estateId' });
		expect(
			await refused('/listings/status', { estateId: estate.id, status: 'ForSale', finalPrice: 5 }),
		).toEqual({ status: 400, field: 'finalPrice' });
		expect(
			await refused('/listings/viewing', {
				estateId: estate.id,
				startsAt: '2026-06-17T17:00:00',
				endsAt: '2026-06-17T16:00:00',
			}),
		).toEqual({ status: 400, field: 'endsAt' });
		expect(
			(await sb.control.post('/listings/status', { estateId: 'NOPE1', status: 'Sold' })).status,
		).toBe(404);
		expect(
			(await sb.control.post('/listings/status', { estateId: estate.id, status: 'Gone' })).status,
		).toBe(400);
	});
});

describe('a listing’s life over time', () => {
	it('the demo activity moves published estates a step each: a viewing, a lower price, Sold, off the website', async () => {
		const steps: string[] = [];
		// A month after the seed: its viewings are past.
		for (let round = 0; round < 8; round++) {
			const at = new Date(Date.UTC(2026, 6, 15, 8, round)).toISOString();
			const answer = await sb.control.post('/activity', {
				customerId: 'M30011',
				listingLifeSteps: 3,
				at,
			});
			expect(answer.status).toBe(200);
			const changed = answer.data.listingLife as Array<{ estateId: string; step: string }>;
			expect(changed).toHaveLength(3);
			expect(new Set(changed.map((each) => each.estateId)).size).toBe(3);
			steps.push(...changed.map((each) => each.step));
			// Each changed estate's row carries the round's time; one taken off the website has none.
			const rows = (
				await sb.demo.get(
					`/Advertising/Estate/M30011?paging.pageSize=1000&criteria.changedAtMinValue=${encodeURIComponent(at)}`,
				)
			).data.rows.map((row: Row) => row.id);
			for (const { estateId, step } of changed)
				if (step === 'unpublished') expect(isPublished(estateId)).toBe(false);
				else expect(rows).toContain(estateId);
		}
		for (const step of ['viewingAdded', 'priceLowered', 'sold', 'unpublished'])
			expect(steps).toContain(step);
	});

	it('a published estate For Sale without bids has its bidding started by the activity, or its price lowered first', async () => {
		const estate = await quietEstate();
		const record = async () => (await sb.demo.get(`/Advertising/Estate/M30011/${estate.id}`)).data;
		expect((await record()).bidding.isActive).toBe(false);
		const ours: string[] = [];
		for (let round = 0; round < 20 && !ours.includes('biddingStarted'); round++) {
			const answer = await sb.control.post('/activity', {
				customerId: 'M30011',
				listingLifeSteps: 1000,
				at: new Date(Date.UTC(2026, 5, 15, 13, round)).toISOString(),
			});
			const step = (answer.data.listingLife as Array<{ estateId: string; step: string }>).find(
				(each) => each.estateId === estate.id,
			)?.step;
			if (step) ours.push(step);
		}
		// Its viewing is still to come: a lower price, or its bidding starting, until bidding starts.
		expect(ours.at(-1)).toBe('biddingStarted');
		expect(ours.slice(0, -1).every((step) => step === 'priceLowered')).toBe(true);
		expect((await record()).bidding.isActive).toBe(true);
	});

	it('the sandbox started with demo activity moves an estate a step every ROUNDS_PER_LISTING_STEP rounds', async () => {
		const { ROUNDS_PER_LISTING_STEP, startSandbox } = await import('../../sandbox/src');
		expect(ROUNDS_PER_LISTING_STEP).toBe(12);
		const busy = await startSandbox({
			port: 0,
			now: '2026-07-15T08:00:00Z',
			activityIntervalMs: 5,
		});
		try {
			const changedAt = () =>
				[...busy.store.estates.values()].map(
					(each) => `${each.id} ${each.status} ${each.changedAt}`,
				);
			const before = changedAt();
			const bidsBefore = busy.store.bids.size;
			// Waits for the rounds' bids (one a round), never on a time: twelve rounds make a step.
			while (busy.store.bids.size < bidsBefore + ROUNDS_PER_LISTING_STEP)
				await new Promise((resolve) => setTimeout(resolve, 5));
			expect(changedAt().filter((each) => !before.includes(each)).length).toBeGreaterThan(0);
		} finally {
			await busy.close();
		}
	});
});
