import axios from 'axios';
import { swedishTime, useSandbox } from '../../harness/sandbox';
import { jsonOf, poller, type Activity } from './poller';

describe('Estate Broker Trigger: New Bid', () => {
	const sandbox = useSandbox();
	const activity = async (body: object) =>
		await sandbox.control<Activity>('activity', { customerId: 'M30011', ...body });
	const bidTrigger = (parameters: object = {}) =>
		poller(sandbox, { event: 'newBid', ...parameters });

	it('records where it stands on the first run and emits nothing, reading the whole bid list', async () => {
		const trigger = bidTrigger();
		const first = await trigger.poll();
		expect(first.error).toBeUndefined();
		expect(first.items).toBeNull();
		const state = trigger.staticData.state as { cursor: string; seen: Record<string, string[]> };
		expect(Date.parse(state.cursor)).not.toBeNaN();
		const requests = await sandbox.requests();
		expect(requests.map((request) => `${request.method} ${request.path}`)).toEqual([
			'GET /CRM/Bids/M30011',
		]);
		expect(requests[0].query).toEqual({});
		expect(requests[0].headers.authorization).toBeUndefined();
	});

	it('emits each new bid once, oldest first, then returns null when nothing is new', async () => {
		const trigger = bidTrigger();
		await trigger.poll();
		// Stamped at the activation itself (the first poll): the earliest time that is emitted.
		const activatedAt = (trigger.staticData.state as { activatedAt: string }).activatedAt;
		const earlier = await activity({ bids: 1, at: activatedAt });
		const later = await activity({ bids: 2 });
		const second = await trigger.poll();
		expect(second.error).toBeUndefined();
		const bids = jsonOf(second);
		expect(bids.map((bid) => bid.id)).toEqual([...earlier.bids, ...later.bids.sort()]);
		// The newest version (1.1): the amount as a number, and the estate's details.
		expect(bids[0]).toMatchObject({
			estateId: expect.any(String),
			contactId: expect.any(String),
			amount: expect.any(Number),
			createdAt: swedishTime(earlier.at),
			isHidden: false,
			estate: { id: bids[0].estateId },
		});
		expect(second.items![0].every((item) => item.json && !('error' in item.json))).toBe(true);
		const third = await trigger.poll();
		expect(third.error).toBeUndefined();
		expect(third.items).toBeNull();
	});

	it('emits a bid stamped with the same time as the newest one already seen, and only that one', async () => {
		const trigger = bidTrigger();
		await trigger.poll();
		const before = await activity({ bids: 1 });
		expect(jsonOf(await trigger.poll()).map((bid) => bid.id)).toEqual(before.bids);
		const same = await activity({ bids: 1, at: before.at });
		const run = await trigger.poll();
		expect(jsonOf(run).map((bid) => bid.id)).toEqual(same.bids);
		expect((await trigger.poll()).items).toBeNull();
	});

	it('includes hidden bids and filters by estate when asked, and starts afresh when the filters change', async () => {
		const trigger = bidTrigger({ includeHiddenBids: true });
		await trigger.poll();
		const made = await activity({ bids: 1, hiddenBids: 1 });
		const run = await trigger.poll();
		expect(
			jsonOf(run)
				.map((bid) => bid.id)
				.sort(),
		).toEqual([...made.bids, ...made.hiddenBids].sort());
		expect(jsonOf(run).find((bid) => bid.id === made.hiddenBids[0])).toMatchObject({
			isHidden: true,
		});
		const bidLists = (await sandbox.requests()).filter((request) => request.path.includes('Bids/'));
		expect(
			bidLists
				.slice(-2)
				.map((request) => request.path)
				.sort(),
		).toEqual(['/CRM/Bids/M30011', '/CRM/HiddenBids/M30011']);

		// Changing a filter starts afresh: the first poll with the new filter records and emits nothing.
		const estateId = String(jsonOf(run)[0].estateId);
		await activity({ bids: 1 });
		expect(
			(await trigger.poll('trigger', { includeHiddenBids: false, estateId })).items,
		).toBeNull();
		const log = await sandbox.requests();
		expect(log[log.length - 1]).toMatchObject({
			method: 'GET',
			path: '/CRM/Bids/M30011',
			query: { 'criteria.estateId': estateId },
		});
		expect(JSON.parse((trigger.staticData.state as { scope: string }).scope)).toContain(estateId);
	});

	it('Fetch Test Event returns the newest bid and leaves the state untouched', async () => {
		const trigger = bidTrigger();
		await trigger.poll();
		const made = await activity({ bids: 1 });
		const before = JSON.stringify(trigger.staticData);
		const manual = await trigger.poll('manual');
		expect(manual.error).toBeUndefined();
		expect(jsonOf(manual).map((bid) => bid.id)).toEqual(made.bids);
		expect(JSON.stringify(trigger.staticData)).toBe(before);
		expect(jsonOf(await trigger.poll()).map((bid) => bid.id)).toEqual(made.bids);
	});

	it('Fetch Test Event says clearly when there is no bid', async () => {
		const trigger = bidTrigger({ estateId: 'OBJ30011_2041199999' });
		const manual = await trigger.poll('manual');
		expect(manual.items).toBeNull();
		expect(manual.error?.message).toBe('No bids found');
		expect(trigger.staticData).toEqual({});
	});

	it.each([
		['status500', 'The service failed to process the request (HTTP 500)'],
		['status503', 'The service failed to process the request (HTTP 503)'],
		['malformedJson', 'The service sent a response that could not be read'],
	])(
		'a poll failing with %s raises a clear error, keeps the state, and the next poll emits what it missed',
		async (kind, message) => {
			const trigger = bidTrigger();
			await trigger.poll();
			const made = await activity({ bids: 1 });
			const before = JSON.stringify(trigger.staticData);
			await sandbox.control('faults', { kind, count: 1 });
			const failed = await trigger.poll();
			expect(failed.items).toBeNull();
			expect(failed.error?.message).toBe(message);
			expect(JSON.stringify(trigger.staticData)).toBe(before);
			expect(jsonOf(await trigger.poll()).map((bid) => bid.id)).toEqual(made.bids);
		},
	);

	it('a poll that times out raises a clear error, keeps the state, and the next poll emits what it missed', async () => {
		const trigger = bidTrigger({ requestOptions: { timeout: 500 } });
		await trigger.poll();
		const made = await activity({ bids: 1 });
		const before = JSON.stringify(trigger.staticData);
		await sandbox.control('faults', { kind: 'delay', delayMs: 2000, count: 1 });
		const failed = await trigger.poll();
		expect(failed.items).toBeNull();
		expect(failed.error?.message).toBe('The service did not answer in time');
		expect(JSON.stringify(trigger.staticData)).toBe(before);
		expect(jsonOf(await trigger.poll()).map((bid) => bid.id)).toEqual(made.bids);
	});

	it('a rejected credential fails the poll with the credential message and keeps the state', async () => {
		const trigger = poller(sandbox, { event: 'newBid' }, { password: 'wrong' });
		const failed = await trigger.poll();
		expect(failed.error?.message).toBe(
			'The user name, password or API key was rejected by the service',
		);
		expect(trigger.staticData).toEqual({});
	});

	it('a refused customer (403) and lasting rate limiting (429) fail the poll clearly and keep the state', async () => {
		const forbidden = poller(sandbox, { event: 'newBid', customerId: 'M40099' });
		const refused = await forbidden.poll();
		expect(refused.error?.message).toBe('The credential has no access to this customer or record');
		expect(forbidden.staticData).toEqual({});

		const trigger = bidTrigger();
		await trigger.poll();
		const made = await activity({ bids: 1 });
		const before = JSON.stringify(trigger.staticData);
		// The transport retries a 429 twice after Retry-After; the third refusal ends the poll.
		await sandbox.control('faults', { kind: 'status429', share: 1, retryAfterSeconds: 0 });
		const limited = await trigger.poll();
		expect(limited.error?.message).toBe(
			'The service is limiting requests; it asked to wait 0 seconds (Retry-After)',
		);
		expect(JSON.stringify(trigger.staticData)).toBe(before);
		await axios.delete(`${sandbox.url}/__sandbox/faults`);
		expect(jsonOf(await trigger.poll()).map((bid) => bid.id)).toEqual(made.bids);
	});

	it('emits the same items when the account talks XML', async () => {
		const json = bidTrigger();
		const xml = bidTrigger({ messageFormat: 'xml' });
		await json.poll();
		await xml.poll();
		await activity({ bids: 1 });
		const fromJson = jsonOf(await json.poll());
		const fromXml = jsonOf(await xml.poll());
		expect(fromXml).toEqual(fromJson);
		const log = await sandbox.requests();
		expect(log[log.length - 1].headers.accept).toBe('application/xml');
	});

	it('emits the existing bids on the first run when asked to, oldest first', async () => {
		const trigger = bidTrigger({ emitExistingOnFirstRun: true });
		const run = await trigger.poll();
		const listed = (await sandbox.requests())[0];
		expect(listed.path).toBe('/CRM/Bids/M30011');
		const createdAt = jsonOf(run).map((bid) => String(bid.createdAt));
		expect(createdAt.length).toBeGreaterThan(10);
		expect(createdAt).toEqual([...createdAt].sort());
		expect((await trigger.poll()).items).toBeNull();
	});
});
