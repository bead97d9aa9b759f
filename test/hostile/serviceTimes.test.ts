import type { IDataObject } from 'n8n-workflow';

import { runNode } from '../harness/engine';
import { packageNode } from '../harness/packageNodes';
import { jsonOf, poller } from '../nodes/trigger/poller';
import { useHostileServer } from './server';

/**
 * Times in no form the service writes (docs/service-clock.md) against a service of the tests' own: never
 * guessed. An action item fails naming the field and the text (an error item under Continue);
 * a trigger poll fails and keeps its state, and the next good answer is read as usual. A text
 * field that only looks like a date is left alone. Time is simulated (Date only).
 */
const START = Date.parse('2026-07-10T19:00:00.000Z');
const ODD = '10/07/2026 21:23';
const bid = (id: string, createdAt: string, extra: IDataObject = {}): IDataObject => ({ id, estateId: 'E00001', contactId: 'C000001', amount: '2500000', createdAt, isHidden: false, isCanceled: false, condition: '', ...extra });

describe('Times the service should not write', () => {
	const server = useHostileServer();
	const getBid = async (continueOnFail = false) =>
		await runNode({ nodeType: packageNode('estateBrokerBid'), parameters: { resource: 'bid', operation: 'get', bidId: 'B1' } as never, credentials: server.credentials(), continueOnFail });

	it('a Get whose answer has a time in no known form fails naming the field and the text; Continue gives an error item', async () => {
		server.script(() => ({ body: bid('B1', ODD) }));
		const { error } = await getBid();
		expect(error?.message).toBe("The service's answer has a time that cannot be read: createdAt");
		expect(error?.description).toContain(`createdAt is "${ODD}"`);
		const continued = await getBid(true);
		expect(continued.error).toBeUndefined();
		expect(continued.items.map((item) => item.json)).toEqual([expect.objectContaining({ error: "The service's answer has a time that cannot be read: createdAt" })]);
	});

	it('the live form gets its offset, and a note that only looks like a date is left as it is (JSON and XML)', async () => {
		const answer = bid('B1', '2026-07-10T21:23:49.57', { condition: '2026-07-10T21:23:49.57' });
		for (const messageFormat of ['json', 'xml']) {
			server.script(() =>
				messageFormat === 'json'
					? { body: answer }
					: { type: 'application/xml', body: `<Bid><Id>B1</Id><EstateId>E00001</EstateId><Amount>2500000</Amount><CreatedAt>${String(answer.createdAt)}</CreatedAt><Condition>${String(answer.condition)}</Condition></Bid>` },
			);
			const { items, error } = await runNode({
				nodeType: packageNode('estateBrokerBid'),
				parameters: { resource: 'bid', operation: 'get', bidId: 'B1', messageFormat } as never,
				credentials: server.credentials(),
			});
			expect(error).toBeUndefined();
			expect(items[0].json).toMatchObject({ createdAt: '2026-07-10T21:23:49.570+02:00', condition: '2026-07-10T21:23:49.57' });
		}
	});

	describe('a trigger poll', () => {
		beforeEach(() => {
			jest.useFakeTimers({
				doNotFake: ['nextTick', 'setImmediate', 'clearImmediate', 'setInterval', 'clearInterval', 'setTimeout', 'clearTimeout', 'queueMicrotask', 'hrtime', 'performance'],
				now: new Date(START),
			});
		});
		afterEach(() => jest.useRealTimers());

		it.each([
			['New Bid', { event: 'newBid' }, (records: IDataObject[]) => ({ body: records }), '[1].createdAt'],
			['New Interest or Lead', { event: 'newInterestOrLead' }, (records: IDataObject[]) => ({ body: { incomingLeads: records, outgoingLeads: [], tips: [] } }), 'incomingLeads[1].createdAt'],
			[
				'Changed Contacts',
				{ event: 'contactCreatedOrChanged', contactChange: 'changed' },
				(records: IDataObject[]) => ({ body: { persons: records.map((record) => ({ id: record.id, changedAt: record.createdAt, customerId: 'M30011' })), companies: [], deceasedEstates: [] } }),
				'persons[1].changedAt',
			],
		] as const)('%s: fails naming the field and keeps its state; the next good answer is read', async (_name, parameters, answer, field) => {
			// Swedish wall time, as the live service writes it: 20:50 in Stockholm is 18:50Z, before activation's look-back ends.
			let records: IDataObject[] = [bid('old', '2026-07-10T20:50:00')];
			server.script(() => answer(records));
			const trigger = poller(server, parameters);
			expect((await trigger.poll()).items).toBeNull();
			jest.setSystemTime(START + 5 * 60_000);
			records = [...records, bid('odd', ODD), bid('new', '2026-07-10T21:04:00.5')];
			const before = JSON.parse(JSON.stringify(trigger.staticData));
			const failed = await trigger.poll();
			expect(failed.error?.message).toBe(`The service's answer has a time that cannot be read: ${field}`);
			expect(failed.error?.description).toContain(`"${ODD}"`);
			expect(trigger.staticData).toEqual(before);
			records = records.filter((record) => record.id !== 'odd');
			const good = await trigger.poll();
			expect(good.error).toBeUndefined();
			expect(jsonOf(good).map((item) => [item.id, item.createdAt ?? item.changedAt])).toEqual([['new', '2026-07-10T21:04:00.500+02:00']]);
		});
	});
});
