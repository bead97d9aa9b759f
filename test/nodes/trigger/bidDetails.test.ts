import { useSandbox } from '../../harness/sandbox';
import { placeBid } from '../../../sandbox/src/domain/bids';
import { jsonOf, poller, type Activity } from './poller';

/**
 * A new-bid item carries the amount as a number and its estate's address and responsible
 * agent, read once per estate of the poll. In n8n-core's PollContext against the sandbox.
 */
describe('Estate Broker Trigger: New Bid items with the estate and its agent', () => {
	const sandbox = useSandbox();
	const activity = async (body: object) =>
		await sandbox.control<Activity>('activity', { customerId: 'M30011', ...body });
	const REPORT = '/BusinessIntelligence/GetSalesReportForEstate';

	it('reads each estate of the poll once (6 bids on 2 estates: 2 report calls) and puts its address and agent on every bid', async () => {
		const trigger = poller(sandbox, { event: 'newBid' });
		await trigger.poll();
		const stateBefore = JSON.stringify(trigger.staticData).length;
		const store = sandbox.handle.store;
		const [first, second] = [...store.estates.values()].filter(
			(estate) => estate.customerId === 'M30011' && estate.status === 'ForSale',
		);
		const bidder = [...store.contacts.values()].find(
			(contact) => contact.type === 'Person' && contact.customerId === 'M30011',
		)!;
		const made = [first, second, first, second, first, first].map(
			(estate, index) =>
				placeBid(store, 'M30011', estate.id, bidder.id, {
					amount: String(3_000_000 + index * 25_000),
					isHidden: false,
				}).id,
		);
		await sandbox.clearRequests();
		const run = await trigger.poll();
		expect(run.error).toBeUndefined();
		const items = jsonOf(run);
		expect(items.map((item) => item.id).sort()).toEqual([...made].sort());
		const reports = (await sandbox.requests()).filter((request) => request.path === REPORT);
		expect(reports.map((request) => request.query.estateId).sort()).toEqual(
			[first.id, second.id].sort(),
		);
		for (const item of items) {
			const bid = store.bids.get(item.id as string)!;
			const estate = store.estates.get(bid.estateId)!;
			const agent = store.agents.get(estate.agentId)!;
			expect(item.amount).toBe(Number(bid.amount));
			expect(typeof item.amount).toBe('number');
			expect(item).toMatchObject({ id: bid.id, estateId: estate.id, contactId: bid.contactId });
			expect(typeof item.estateId).toBe('string');
			expect(item.estate).toMatchObject({
				id: estate.id,
				streetAddress: estate.address.streetAddress,
				postalCode: estate.address.zipCode,
			});
			expect(typeof (item.estate as { postalCode: unknown }).postalCode).toBe('string');
			expect(item.agent).toMatchObject({
				id: agent.userId,
				name: `${agent.firstName} ${agent.lastName}`,
			});
		}
		// Nothing of the details is kept between polls.
		expect(JSON.stringify(trigger.staticData)).not.toContain(first.address.streetAddress);
		expect(JSON.stringify(trigger.staticData).length).toBeLessThan(stateBefore + 6 * 80);
		expect((await trigger.poll()).items).toBeNull();
	});

	it('the same in the XML message format: the amount a number, the postal code text', async () => {
		const trigger = poller(sandbox, { event: 'newBid', messageFormat: 'xml' });
		await trigger.poll();
		const made = await activity({ bids: 1 });
		const [item] = jsonOf(await trigger.poll());
		const bid = sandbox.handle.store.bids.get(made.bids[0])!;
		expect(item.amount).toBe(Number(bid.amount));
		expect(typeof (item.estate as { postalCode: unknown }).postalCode).toBe('string');
		expect((item.agent as { name: unknown }).name).toEqual(expect.any(String));
	});

	it('Include Estate and Agent off: the amount a number, and no report call', async () => {
		const trigger = poller(sandbox, { event: 'newBid', estateDetails: false });
		await trigger.poll();
		await activity({ bids: 1 });
		await sandbox.clearRequests();
		const [item] = jsonOf(await trigger.poll());
		expect(typeof item.amount).toBe('number');
		expect(item).not.toHaveProperty('estate');
		expect((await sandbox.requests()).map((request) => request.path)).toEqual(['/CRM/Bids/M30011']);
	});

	it('a report that fails for a while fails the poll and keeps the state; the next poll emits the bid once, with its details', async () => {
		const trigger = poller(sandbox, { event: 'newBid' });
		await trigger.poll();
		const made = await activity({ bids: 1 });
		const before = JSON.stringify(trigger.staticData);
		await sandbox.control('faults', { kind: 'status503', count: 1, pathPrefix: REPORT });
		const failed = await trigger.poll();
		expect(failed.error).toBeDefined();
		expect(JSON.stringify(trigger.staticData)).toBe(before);
		const again = jsonOf(await trigger.poll());
		expect(again.map((item) => item.id)).toEqual(made.bids);
		expect(again[0].estate).toHaveProperty('streetAddress');
		expect((await trigger.poll()).items).toBeNull();
	});

	it('an estate the report does not know: its bid goes out without details and says why', async () => {
		const trigger = poller(sandbox, { event: 'newBid' });
		await trigger.poll();
		const made = await activity({ bids: 1 });
		const bid = sandbox.handle.store.bids.get(made.bids[0])!;
		sandbox.handle.store.estates.delete(bid.estateId);
		const [item] = jsonOf(await trigger.poll());
		expect(item.id).toBe(bid.id);
		expect(item).not.toHaveProperty('estate');
		expect(item.estateDetailsError).toEqual(expect.any(String));
	});
});
