import type { IDataObject } from 'n8n-workflow';

import { jsonOf, poller } from '../nodes/trigger/poller';
import { useScriptedServer, type Answer } from './scriptedServer';
import { fakeDateOnly } from '../harness/fakeDate';

/**
 * New Bid 1.1's estate details against a scripted service: the sales reports of one poll are
 * asked for at once (within the account's five requests in flight), not one after another,
 * and each estate once whatever the number of its bids. Time is simulated (Date only).
 */
const START = Date.parse('2026-03-02T07:00:00.000Z');
const MINUTE = 60_000;
const LIST = '/CRM/Bids/M30011';
const REPORT = '/BusinessIntelligence/GetSalesReportForEstate';

const bid = (id: string, estateId: string, at: number): IDataObject => ({
	id,
	estateId,
	contactId: 'C000001',
	amount: '2500000',
	createdAt: new Date(at).toISOString(),
	isHidden: false,
	isCanceled: false,
});
const report = (estateId: string): Answer => ({
	body: {
		estates: [
			{
				id: estateId,
				estateNumber: `N-${estateId}`,
				address: { streetAddress: `Street ${estateId}`, zipCode: '11122' },
			},
		],
	},
});

describe('Estate Broker Trigger: the estate details of a poll are read at once', () => {
	const server = useScriptedServer();

	beforeEach(() => {
		fakeDateOnly(new Date(START));
	});
	afterEach(() => jest.useRealTimers());

	it('five bids on three estates: the three reports are all asked for before any is answered, then each bid has its estate', async () => {
		const bids: IDataObject[] = [];
		const held: Array<() => void> = [];
		server.script(async (request) => {
			if (request.path === LIST) return { body: bids };
			if (request.path !== REPORT) return { status: 404, body: { message: `No ${request.path}` } };
			// Answered only once all three are in flight: a trigger that waited for one answer before the next call would get none (the 2 s timeout fails the poll).
			await new Promise<void>((answer) => {
				held.push(answer);
				if (held.length === 3) for (const release of held) release();
			});
			return report(request.query.estateId);
		});
		const trigger = poller(server, { event: 'newBid', requestOptions: { timeout: 2000 } });
		expect((await trigger.poll()).items).toBeNull();
		jest.setSystemTime(START + 2 * MINUTE);
		const estates = [
			'OBJ30011_2041100001',
			'OBJ30011_2041100002',
			'OBJ30011_2041100003',
			'OBJ30011_2041100001',
			'OBJ30011_2041100002',
		];
		estates.forEach((estateId, index) =>
			bids.push(bid(`B${index + 1}`, estateId, START + MINUTE + index)),
		);
		server.requests.length = 0;
		const run = await trigger.poll();
		expect(run.error).toBeUndefined();
		const items = jsonOf(run);
		expect(items.map((item) => item.id)).toEqual(['B1', 'B2', 'B3', 'B4', 'B5']);
		expect(items.map((item) => (item.estate as IDataObject).streetAddress)).toEqual(
			estates.map((estateId) => `Street ${estateId}`),
		);
		expect(server.requests.map((request) => request.path)).toEqual([LIST, REPORT, REPORT, REPORT]);
		expect(
			server.requests
				.filter((request) => request.path === REPORT)
				.map((request) => request.query.estateId)
				.sort(),
		).toEqual(['OBJ30011_2041100001', 'OBJ30011_2041100002', 'OBJ30011_2041100003']);
		expect((await trigger.poll()).items).toBeNull();
	});
});
