import type { IDataObject } from 'n8n-workflow';

import { packageNode } from '../../harness/packageNodes';
import { runNode } from '../../harness/engine';
import { useSandbox } from '../../harness/sandbox';
import { bidFixtures } from './fixtures';

const nodeType = packageNode('estateBrokerBid');

describe('Estate Broker CRM Bid: bids', () => {
	const sandbox = useSandbox();
	const run = async (
		parameters: Record<string, unknown>,
		input?: IDataObject[],
		continueOnFail = false,
	) =>
		await runNode({
			nodeType,
			parameters: { resource: 'bid', ...parameters } as never,
			credentials: sandbox.credentials(),
			input,
			continueOnFail,
		});

	test('Get reads one bid by its id, its amount a number', async () => {
		const { visibleBid } = bidFixtures(sandbox.handle.store);
		const { items, error } = await run({ operation: 'get', bidId: visibleBid.id });
		expect(error).toBeUndefined();
		const [request] = await sandbox.requests();
		expect(request).toMatchObject({
			method: 'GET',
			path: `/CRM/Bid/M30011/${visibleBid.id}`,
			status: 200,
		});
		expect(items).toHaveLength(1);
		expect(items[0].json).toMatchObject({
			id: visibleBid.id,
			estateId: visibleBid.estateId,
			amount: Number(visibleBid.amount),
			isHidden: false,
		});
		expect(typeof items[0].json.amount).toBe('number');
		expect(typeof items[0].json.estateId).toBe('string');
		expect(items[0].pairedItem).toEqual({ item: 0 });
	});

	test('Get Many gives every amount as a number: the text the service sends, read as one', async () => {
		const { store } = sandbox.handle;
		bidFixtures(store);
		const { items, error } = await run({ operation: 'getAll', returnAll: true });
		expect(error).toBeUndefined();
		expect(items.length).toBeGreaterThan(0);
		for (const item of items) {
			expect(typeof store.bids.get(String(item.json.id))!.amount).toBe('string');
			expect(item.json.amount).toBe(Number(store.bids.get(String(item.json.id))!.amount));
		}
	});

	test('Get of an unknown bid fails with the not-found message', async () => {
		const { error } = await run({ operation: 'get', bidId: 'B999999' });
		expect(error?.message).toBe('The service found no such record');
		expect((await sandbox.requests())[0]).toMatchObject({
			path: '/CRM/Bid/M30011/B999999',
			status: 404,
		});
	});

	test('Request Options › Timeout ends a call the service does not answer in time', async () => {
		const { visibleBid } = bidFixtures(sandbox.handle.store);
		await sandbox.control('faults', { kind: 'delay', delayMs: 2000, count: 1 });
		const { error } = await run({
			operation: 'get',
			bidId: visibleBid.id,
			requestOptions: { timeout: 500 },
		});
		expect(error?.message).toBe('The service did not answer in time');
		expect(error?.description).toBe('Try again, or raise Request Options › Timeout on the node');
	});

	test('Get Many sends only the filters that were added and lists newest first', async () => {
		const { busiestEstateId, visibleBidsOn } = bidFixtures(sandbox.handle.store);
		const { items, error } = await run({
			operation: 'getAll',
			returnAll: true,
			filters: { estateId: busiestEstateId },
		});
		expect(error).toBeUndefined();
		const [request] = await sandbox.requests();
		expect(request).toMatchObject({ method: 'GET', path: '/CRM/Bids/M30011' });
		expect(request.query).toEqual({ 'criteria.estateId': busiestEstateId });
		const expected = visibleBidsOn(busiestEstateId);
		expect(items).toHaveLength(expected.length);
		expect(
			items.every((item) => item.json.estateId === busiestEstateId && item.json.isHidden === false),
		).toBe(true);
		const times = items.map((item) => String(item.json.createdAt));
		expect(times).toEqual([...times].sort().reverse());
	});

	test('Get Many with a Limit keeps the newest bids', async () => {
		const { busiestEstateId, visibleBidsOn } = bidFixtures(sandbox.handle.store);
		const { items } = await run({
			operation: 'getAll',
			returnAll: false,
			limit: 2,
			filters: { estateId: busiestEstateId },
		});
		const newest = visibleBidsOn(busiestEstateId)
			.sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id.localeCompare(a.id))
			.slice(0, 2)
			.map((bid) => bid.id);
		expect(items.map((item) => item.json.id)).toEqual(newest);
	});

	test('Get Many runs once per input item, each result paired to its item', async () => {
		const { busiestEstateId, visibleBid } = bidFixtures(sandbox.handle.store);
		const { items } = await run(
			{
				operation: 'getAll',
				returnAll: true,
				filters: { estateId: '={{ $json.estate }}', contactId: '={{ $json.contact }}' },
			},
			[
				{ estate: busiestEstateId, contact: '' },
				{ estate: visibleBid.estateId, contact: visibleBid.contactId },
			],
		);
		const requests = await sandbox.requests();
		expect(requests).toHaveLength(2);
		const second = items.filter((item) => (item.pairedItem as { item: number }).item === 1);
		expect(second.length).toBeGreaterThan(0);
		expect(
			second.every(
				(item) =>
					item.json.contactId === visibleBid.contactId &&
					item.json.estateId === visibleBid.estateId,
			),
		).toBe(true);
		expect(
			items
				.filter((item) => (item.pairedItem as { item: number }).item === 0)
				.every((item) => item.json.estateId === busiestEstateId),
		).toBe(true);
	});

	test('Place sends BidData with the amount as written and returns the stored bid', async () => {
		const { estateId, contactId } = bidFixtures(sandbox.handle.store);
		const { items, error } = await run({
			operation: 'place',
			estateId,
			contactId,
			amount: '2450000.50',
			additionalFields: {
				alias: 'Budgivare 9',
				condition: 'Subject to a loan promise',
				createdAt: '2026-01-15T10:30:00Z',
			},
		});
		expect(error).toBeUndefined();
		const [place, readBack] = await sandbox.requests();
		expect(place).toMatchObject({
			method: 'POST',
			path: `/CRM/Bid/M30011/${estateId}/${contactId}`,
			status: 200,
		});
		expect(place.body).toEqual({
			amount: '2450000.50',
			alias: 'Budgivare 9',
			condition: 'Subject to a loan promise',
			createdAt: '2026-01-15T10:30:00.000Z',
		});
		expect(readBack).toMatchObject({ method: 'GET', status: 200 });
		expect(items).toHaveLength(1);
		const bidId = String(items[0].json.bidId);
		expect(readBack.path).toBe(`/CRM/Bid/M30011/${bidId}`);
		expect(items[0].json).toMatchObject({
			bidId,
			id: bidId,
			estateId,
			contactId,
			amount: 2450000.5,
			alias: 'Budgivare 9',
			isHidden: false,
		});
		expect(items[0].pairedItem).toEqual({ item: 0 });
	});

	test('Place whose read-back fails keeps the new bid id and says why, and the bid exists once', async () => {
		const { estateId, contactId } = bidFixtures(sandbox.handle.store);
		const before = sandbox.handle.store.bids.size;
		await sandbox.control('faults', { kind: 'drop', count: 1, pathPrefix: '/CRM/Bid/M30011/B' });
		const { items, error } = await run({
			operation: 'place',
			estateId,
			contactId,
			amount: '3100000',
		});
		expect(error).toBeUndefined();
		const bidId = String(items[0].json.bidId);
		expect(Object.keys(items[0].json).sort()).toEqual(['bidId', 'readBackError']);
		expect(items[0].json.readBackError).toMatch(
			/^The service could not be reached|^The request failed/,
		);
		expect(sandbox.handle.store.bids.size).toBe(before + 1);
		expect(sandbox.handle.store.bids.get(bidId)).toMatchObject({
			estateId,
			contactId,
			amount: '3100000',
		});
	});

	test('Place sends an amount given as a number by an expression as text', async () => {
		const { estateId, contactId } = bidFixtures(sandbox.handle.store);
		const { items } = await run(
			{ operation: 'place', estateId, contactId, amount: '={{ $json.amount }}' },
			[{ amount: 3100000 }],
		);
		expect((await sandbox.requests())[0].body).toEqual({ amount: '3100000' });
		expect(items[0].json.amount).toBe(3100000);
	});

	test('Place refuses an empty amount before sending anything', async () => {
		const { estateId, contactId } = bidFixtures(sandbox.handle.store);
		const { error } = await run({ operation: 'place', estateId, contactId, amount: '  ' });
		expect(error?.message).toBe('Amount is required');
		expect(await sandbox.requests()).toHaveLength(0);
	});

	test('Place refuses an invalid bid time, naming the field', async () => {
		const { estateId, contactId } = bidFixtures(sandbox.handle.store);
		const { error } = await run({
			operation: 'place',
			estateId,
			contactId,
			amount: '100',
			additionalFields: { createdAt: 'yesterday-ish' },
		});
		expect(error?.message).toBe('Bid Time is not a valid date');
		expect(await sandbox.requests()).toHaveLength(0);
	});

	test('Place in XML sends the bid as XML and gives the same item', async () => {
		const { estateId, contactId } = bidFixtures(sandbox.handle.store);
		const { items, error } = await run({
			operation: 'place',
			estateId,
			contactId,
			amount: '1995000',
			messageFormat: 'xml',
		});
		expect(error).toBeUndefined();
		const [place, readBack] = await sandbox.requests();
		expect(place.contentType).toContain('application/xml');
		// The sandbox logs an XML body decoded to camelCase, so the same fields as in JSON.
		expect(place.body).toEqual({ amount: '1995000' });
		expect(readBack.headers.accept).toBe('application/xml');
		expect(items[0].json).toMatchObject({
			bidId: items[0].json.id,
			amount: 1995000,
			estateId,
			contactId,
		});
	});

	test('Place Verified sends the identity with the bid and marks the bidder identified', async () => {
		const { estateId, contactId, person } = bidFixtures(sandbox.handle.store);
		const { items, error } = await run({
			operation: 'placeVerified',
			estateId,
			contactId,
			amount: '2500000',
			socialSecurityNumber: person.socialSecurityNumber,
			verificationMethod: 'BankID',
			reference: 'ref-123',
		});
		expect(error).toBeUndefined();
		const [place] = await sandbox.requests();
		expect(place).toMatchObject({
			method: 'POST',
			path: `/CRM/Bid/Verified/M30011/${estateId}/${contactId}`,
			status: 200,
		});
		expect(place.body).toEqual({
			amount: '2500000',
			socialSecurityNumber: person.socialSecurityNumber,
			verificationMethod: 'BankID',
			reference: 'ref-123',
		});
		expect(items[0].json).toMatchObject({
			bidId: items[0].json.id,
			identifiedBidder: true,
			amount: 2500000,
		});
	});

	test('Place Verified with a number that is not the contact’s own is refused with the service’s reason', async () => {
		const { estateId, contactId } = bidFixtures(sandbox.handle.store);
		const { error } = await run({
			operation: 'placeVerified',
			estateId,
			contactId,
			amount: '2500000',
			socialSecurityNumber: '19000101-0000',
		});
		expect(error?.message).toMatch(
			/^The service rejected the request as invalid: .*socialSecurityNumber/,
		);
	});

	test('Annul says whether the bid was annulled now', async () => {
		const { visibleBid } = bidFixtures(sandbox.handle.store);
		const first = await run({ operation: 'annul', bidId: visibleBid.id });
		const second = await run({ operation: 'annul', bidId: visibleBid.id });
		const requests = await sandbox.requests();
		expect(requests.map((request) => [request.method, request.path])).toEqual([
			['DELETE', `/CRM/Bid/M30011/${visibleBid.id}`],
			['DELETE', `/CRM/Bid/M30011/${visibleBid.id}`],
		]);
		expect(first.items.map((item) => item.json)).toEqual([
			{ annulled: true, bidId: visibleBid.id },
		]);
		expect(second.items.map((item) => item.json)).toEqual([
			{ annulled: false, bidId: visibleBid.id },
		]);
	});

	test('Annul in XML reads the boolean answer the same way', async () => {
		const { visibleBid } = bidFixtures(sandbox.handle.store);
		const { items } = await run({ operation: 'annul', bidId: visibleBid.id, messageFormat: 'xml' });
		expect((await sandbox.requests())[0].headers.accept).toBe('application/xml');
		expect(items.map((item) => item.json)).toEqual([{ annulled: true, bidId: visibleBid.id }]);
	});

	test('A placed bid is listed, and gone from the list once annulled', async () => {
		const { estateId, contactId } = bidFixtures(sandbox.handle.store);
		const placed = await run({ operation: 'place', estateId, contactId, amount: '9990000' });
		const bidId = placed.items[0].json.bidId;
		const listIds = async (operation: string) =>
			(await run({ operation, returnAll: true, filters: { estateId } })).items.map(
				(item) => item.json.id,
			);
		expect((await listIds('getAll'))[0]).toBe(bidId);
		await run({ operation: 'annul', bidId });
		expect(await listIds('getAll')).not.toContain(bidId);
	});

	test('A hidden bid is only in Get Many Hidden', async () => {
		const { estateId, contactId } = bidFixtures(sandbox.handle.store);
		const placed = await run({
			operation: 'place',
			estateId,
			contactId,
			amount: '9990000',
			additionalFields: { isHidden: true },
		});
		expect(placed.items[0].json).toMatchObject({ isHidden: true });
		expect((await sandbox.requests())[0].body).toEqual({ amount: '9990000', isHidden: true });
		const bidId = placed.items[0].json.bidId;
		await sandbox.clearRequests();
		const hidden = await run({
			operation: 'getAllHidden',
			returnAll: true,
			filters: { estateId, contactId },
		});
		const visible = await run({
			operation: 'getAll',
			returnAll: true,
			filters: { estateId, contactId },
		});
		const requests = await sandbox.requests();
		expect(requests.map((request) => request.path)).toEqual([
			'/CRM/HiddenBids/M30011',
			'/CRM/Bids/M30011',
		]);
		expect(requests[0].query).toEqual({
			'criteria.estateId': estateId,
			'criteria.contactId': contactId,
		});
		expect(hidden.items.map((item) => item.json.id)).toContain(bidId);
		expect(hidden.items.every((item) => item.json.isHidden === true)).toBe(true);
		expect(visible.items.map((item) => item.json.id)).not.toContain(bidId);
	});
});
