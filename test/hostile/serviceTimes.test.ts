import type { IDataObject } from 'n8n-workflow';

import { runNode } from '../harness/engine';
import { packageNode } from '../harness/packageNodes';
import { jsonOf, poller } from '../nodes/trigger/poller';
import { useScriptedServer } from './scriptedServer';
import { fakeDateOnly } from '../harness/fakeDate';

/**
 * Times in no form the service writes (docs/service-clock.md) against a service of the tests' own: never guessed. An
 * action item gives the record with the text as sent and says which field could not be read
 * (no record lost); a trigger poll fails naming it and keeps its state, and the next good
 * answer is read as usual. A text field that only looks like a date is left alone. Time is
 * simulated (Date only).
 */
const START = Date.parse('2026-07-10T19:00:00.000Z');
const ODD = '10/07/2026 21:23';
/** Forms the reader does not know, each tried in an action node and a trigger poll. */
const UNKNOWN_FORMS = [
	["in .NET's JSON date form", '/Date(1767225600000)/'],
	['with eight fractional digits', '2026-07-10T21:23:49.12345678'],
	['with a space for the T', '2026-07-10 21:23:49'],
	['in a form of its own', ODD],
] as const;
const bid = (id: string, createdAt: string, extra: IDataObject = {}): IDataObject => ({
	id,
	estateId: 'OBJ30011_2041100001',
	contactId: 'C000001',
	amount: '2500000',
	createdAt,
	isHidden: false,
	isCanceled: false,
	condition: '',
	...extra,
});

describe('Times the service should not write', () => {
	const server = useScriptedServer();
	const getBid = async (continueOnFail = false) =>
		await runNode({
			nodeType: packageNode('estateBrokerBid'),
			parameters: { resource: 'bid', operation: 'get', bidId: 'B1' } as never,
			credentials: server.credentials(),
			continueOnFail,
		});

	it.each(UNKNOWN_FORMS)(
		'a Get whose answer has a time %s gives the record with the text as sent and says which field could not be read',
		async (_form, text) => {
			server.script(() => ({ body: bid('B1', text, { contractDay: '2026-07-10' }) }));
			const { items, error } = await getBid();
			expect(error).toBeUndefined();
			expect(items.map((item) => item.json)).toEqual([
				{
					...bid('B1', text, { amount: 2500000, contractDay: '2026-07-10T00:00:00.000+02:00' }),
					timeReadError: `createdAt ("${text}") could not be read as a time, so it is given as the service sent it. The service writes Swedish time such as 2026-07-10T21:23:49.57, or a time with an offset such as 2026-10-04T13:51:41.233542+02:00; the node does not guess which instant other text means.`,
				},
			]);
		},
	);

	it.each(UNKNOWN_FORMS)(
		'a list with a time %s loses no record: the others read, that one as sent and saying so',
		async (_form, text) => {
			server.script(() => ({
				body: [
					bid('B1', '2026-07-10T21:23:49.57'),
					bid('B2', text),
					bid('B3', '2026-07-10T21:25:00'),
				],
			}));
			const { items, error } = await runNode({
				nodeType: packageNode('estateBrokerBid'),
				parameters: { resource: 'bid', operation: 'getAll', returnAll: true } as never,
				credentials: server.credentials(),
			});
			expect(error).toBeUndefined();
			// Newest first by the service's text: where an unread time sorts depends on its text.
			const byId = items
				.map((item) => [
					item.json.id,
					item.json.createdAt,
					item.json.timeReadError === undefined
						? 'read'
						: String(item.json.timeReadError).slice(0, 40),
				])
				.sort();
			expect(byId).toEqual([
				['B1', '2026-07-10T21:23:49.570+02:00', 'read'],
				['B2', text, `createdAt ("${text}") could not be read`.slice(0, 40)],
				['B3', '2026-07-10T21:25:00.000+02:00', 'read'],
			]);
		},
	);

	it('the live form gets its offset, and a note that only looks like a date is left as it is (JSON and XML)', async () => {
		const answer = bid('B1', '2026-07-10T21:23:49.57', { condition: '2026-07-10T21:23:49.57' });
		for (const messageFormat of ['json', 'xml']) {
			server.script(() =>
				messageFormat === 'json'
					? { body: answer }
					: {
							type: 'application/xml',
							body: `<Bid><Id>B1</Id><EstateId>OBJ30011_2041100001</EstateId><Amount>2500000</Amount><CreatedAt>${String(answer.createdAt)}</CreatedAt><Condition>${String(answer.condition)}</Condition></Bid>`,
						},
			);
			const { items, error } = await runNode({
				nodeType: packageNode('estateBrokerBid'),
				parameters: { resource: 'bid', operation: 'get', bidId: 'B1', messageFormat } as never,
				credentials: server.credentials(),
			});
			expect(error).toBeUndefined();
			expect(items[0].json).toMatchObject({
				createdAt: '2026-07-10T21:23:49.570+02:00',
				condition: '2026-07-10T21:23:49.57',
			});
		}
	});

	describe('a trigger poll', () => {
		beforeEach(() => {
			fakeDateOnly(new Date(START));
		});
		afterEach(() => jest.useRealTimers());

		it.each(
			(
				[
					[
						'New Bid',
						{ event: 'newBid' },
						(records: IDataObject[]) => ({ body: records }),
						'[1].createdAt',
					],
					[
						'New Interest or Lead',
						{ event: 'newInterestOrLead' },
						(records: IDataObject[]) => ({
							body: { incomingLeads: records, outgoingLeads: [], tips: [] },
						}),
						'incomingLeads[1].createdAt',
					],
					[
						'Changed Contacts',
						{ event: 'contactCreatedOrChanged', contactChange: 'changed' },
						(records: IDataObject[]) => ({
							body: {
								persons: records.map((record) => ({
									id: record.id,
									changedAt: record.createdAt,
									customerId: 'M30011',
								})),
								companies: [],
								deceasedEstates: [],
							},
						}),
						'persons[1].changedAt',
					],
				] as const
			).flatMap(([name, ...event]) =>
				UNKNOWN_FORMS.map(([form, text]) => [`${name}, a time ${form}`, ...event, text] as const),
			),
		)(
			'%s: fails naming the field and keeps its state; the next good answer is read',
			async (_name, parameters, answer, field, odd) => {
				// Swedish wall time, as the live service writes it: 20:50 in Stockholm is 18:50Z, before activation's look-back ends.
				let records: IDataObject[] = [bid('old', '2026-07-10T20:50:00')];
				server.script(() => answer(records));
				const trigger = poller(server, parameters);
				expect((await trigger.poll()).items).toBeNull();
				jest.setSystemTime(START + 5 * 60_000);
				records = [...records, bid('odd', odd), bid('new', '2026-07-10T21:04:00.5')];
				const before = JSON.parse(JSON.stringify(trigger.staticData));
				const failed = await trigger.poll();
				expect(failed.error?.message).toBe(
					`The service's answer has a time that cannot be read: ${field}`,
				);
				expect(failed.error?.description).toContain(`"${odd}"`);
				expect(trigger.staticData).toEqual(before);
				records = records.filter((record) => record.id !== 'odd');
				const good = await trigger.poll();
				expect(good.error).toBeUndefined();
				expect(jsonOf(good).map((item) => [item.id, item.createdAt ?? item.changedAt])).toEqual([
					['new', '2026-07-10T21:04:00.500+02:00'],
				]);
			},
		);
	});
});

/**
 * The hour that comes twice (25 October 2026, 02:00 to 03:00 in Stockholm), read against the
 * moment each answer arrived: the test's clock (Date only), never the real date.
 */
describe('The repeated autumn hour, read against the answer', () => {
	const server = useScriptedServer();
	afterEach(() => jest.useRealTimers());
	const clockAt = (iso: string) => fakeDateOnly(new Date(iso));
	const getBid = async () =>
		(
			await runNode({
				nodeType: packageNode('estateBrokerBid'),
				parameters: { resource: 'bid', operation: 'get', bidId: 'B1' } as never,
				credentials: server.credentials(),
			})
		).items.map((item) => item.json.createdAt);

	it('an action reads 02:30 as its first occurrence while the second is still ahead, and as the second once both are past', async () => {
		server.script(() => ({ body: bid('B1', '2026-10-25T02:30:00') }));
		// 02:45 of the first occurrence (00:45Z): the second 02:30 (01:30Z) has not come.
		clockAt('2026-10-25T00:45:00Z');
		expect(await getBid()).toEqual(['2026-10-25T02:30:00.000+02:00']);
		// 02:10 of the second occurrence (01:10Z): the second 02:30 is still ahead.
		jest.setSystemTime(Date.parse('2026-10-25T01:10:00Z'));
		expect(await getBid()).toEqual(['2026-10-25T02:30:00.000+02:00']);
		// 02:45 of the second occurrence: both are past, the documented choice.
		jest.setSystemTime(Date.parse('2026-10-25T01:45:00Z'));
		expect(await getBid()).toEqual(['2026-10-25T02:30:00.000+01:00']);
	});

	it.each([
		['New Bid', { event: 'newBid' }, (records: IDataObject[]) => ({ body: records }), 'createdAt'],
		[
			'Changed Contacts',
			{ event: 'contactCreatedOrChanged', contactChange: 'changed' },
			(records: IDataObject[]) => ({
				body: {
					persons: records.map((record) => ({
						id: record.id,
						changedAt: record.createdAt,
						customerId: 'M30011',
					})),
					companies: [],
					deceasedEstates: [],
				},
			}),
			'changedAt',
		],
	] as const)(
		'%s: a record of the first 02:30 is emitted once with its instant, and not again when later polls read its text as the second',
		async (_name, parameters, answer, field) => {
			let records: IDataObject[] = [bid('old', '2026-10-25T01:50:00')];
			server.script(() => answer(records));
			clockAt('2026-10-25T00:20:00Z');
			const trigger = poller(server, parameters);
			expect((await trigger.poll()).items).toBeNull();
			// Made at 02:30 of the first occurrence (00:30Z), listed at 02:35 (00:35Z).
			jest.setSystemTime(Date.parse('2026-10-25T00:35:00Z'));
			records = [...records, bid('first', '2026-10-25T02:30:00')];
			const emitted = await trigger.poll();
			expect(emitted.error).toBeUndefined();
			expect(jsonOf(emitted).map((item) => [item.id, item[field]])).toEqual([
				['first', '2026-10-25T02:30:00.000+02:00'],
			]);
			// Polls through the second occurrence and after it read the same text as 01:30Z: the same record, not a new one.
			for (const at of ['2026-10-25T01:10:00Z', '2026-10-25T01:35:00Z', '2026-10-25T01:50:00Z']) {
				jest.setSystemTime(Date.parse(at));
				const again = await trigger.poll();
				expect([at, again.error, again.items]).toEqual([at, undefined, null]);
			}
			// A record made at 02:40 of the second occurrence (01:40Z) is new, with its instant.
			jest.setSystemTime(Date.parse('2026-10-25T01:55:00Z'));
			records = [...records, bid('second', '2026-10-25T02:40:00')];
			expect(jsonOf(await trigger.poll()).map((item) => [item.id, item[field]])).toEqual([
				['second', '2026-10-25T02:40:00.000+01:00'],
			]);
		},
	);

	/**
	 * An incoming lead as the report lists it, with no id anywhere: known by what its row says
	 * (newLead.ts's leadKey), the time as the service wrote it included.
	 */
	const lead = (createdAt: string, firstName = 'Astrid'): IDataObject => ({
		createdAt,
		sender: { name: 'Hemnet', type: 'Partner' },
		receiver: { id: 'HAN126BD4E4523136890F57E2BB7E76FEC6', name: 'Karin Lindqvist', type: 'User' },
		lead: { type: 'InterestApplication', status: 'Active' },
		contact: { id: 'C000001', firstName, lastName: 'Berg' },
		estate: { id: 'OBJ30011_2041100001' },
	});
	const emittedOf = (run: Awaited<ReturnType<ReturnType<typeof poller>['poll']>>) =>
		jsonOf(run).map((item) => [
			item.contact && (item.contact as IDataObject).firstName,
			item.createdAt,
		]);

	it('a lead of the first 02:30 is emitted once, though later polls read its text as the second; one of the second 02:30 is new', async () => {
		let rows: IDataObject[] = [lead('2026-10-25T01:50:00', 'Before')];
		server.script(() => ({ body: { incomingLeads: rows, outgoingLeads: [], tips: [] } }));
		clockAt('2026-10-25T00:20:00Z');
		const trigger = poller(server, { event: 'newInterestOrLead' });
		expect((await trigger.poll()).items).toBeNull();
		// Made at 02:30 of the first occurrence (00:30Z), listed at 02:35 (00:35Z).
		jest.setSystemTime(Date.parse('2026-10-25T00:35:00Z'));
		rows = [...rows, lead('2026-10-25T02:30:00')];
		const first = await trigger.poll();
		expect(first.error).toBeUndefined();
		expect(emittedOf(first)).toEqual([['Astrid', '2026-10-25T02:30:00.000+02:00']]);
		// Through the second occurrence and after it: the same lead, whichever way its text is read.
		for (const at of ['2026-10-25T01:10:00Z', '2026-10-25T01:35:00Z', '2026-10-25T01:50:00Z']) {
			jest.setSystemTime(Date.parse(at));
			const again = await trigger.poll();
			expect([at, again.error, again.items]).toEqual([at, undefined, null]);
		}
		// The same contact applies again at 02:30 of the second occurrence (01:30Z), listed at 01:55Z: the report has two rows alike.
		jest.setSystemTime(Date.parse('2026-10-25T01:55:00Z'));
		rows = [...rows, lead('2026-10-25T02:30:00')];
		expect(emittedOf(await trigger.poll())).toEqual([['Astrid', '2026-10-25T02:30:00.000+01:00']]);
		jest.setSystemTime(Date.parse('2026-10-25T02:10:00Z'));
		expect((await trigger.poll()).items).toBeNull();
	});
});
