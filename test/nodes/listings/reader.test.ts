import type { IDataObject } from 'n8n-workflow';

import { runNode } from '../../harness/engine';
import { packageNode } from '../../harness/packageNodes';
import { useScriptedServer } from '../../hostile/scriptedServer';

/**
 * The one listing reader (nodes/shared/listings/records.ts), through the nodes' Get and Get Many
 * in n8n-core's engine against a test server of the project's own: its 404 rule, its customer-id
 * rule, and that only an answer that is the record asked for is taken (a record whose `id` is
 * the id read, advertising.md sections 7 and 8). The triggers' reads go through the same reader:
 * test/nodes/trigger/listingChanged.test.ts and test/nodes/notificationTrigger/webhook.test.ts
 * check each of them once.
 */
const estates = packageNode('estateBrokerEstates');
const office = packageNode('estateBrokerOffice');

/** Each kind's Get: its node, resource, id parameter, a well-formed id, and its read's path. */
const KINDS = [
	{ kind: 'estate', node: estates, resource: 'estate', idName: 'estateId', id: 'OBJ1_7' },
	{ kind: 'project', node: estates, resource: 'project', idName: 'projectId', id: 'OBJ1_P7' },
	{
		kind: 'agent',
		node: office,
		resource: 'agent',
		idName: 'agentId',
		id: 'HAN99DA69AB26B54D82B499E19CD3F5F340',
	},
	{ kind: 'office', node: office, resource: 'office', idName: 'officeId', id: 'FIR31529' },
	{
		kind: 'area',
		node: office,
		resource: 'publishedArea',
		idName: 'areaId',
		id: 'SOM384562414DA2468284C236FE507E55BD',
	},
] as const;

/** 200 answers that are not the record asked for. */
const ODD_ANSWERS: Array<[string, (id: string) => unknown]> = [
	['a status message', () => ({ message: 'OK' })],
	['a list holding the record', (id) => [{ id, name: 'Listed' }]],
	['a record of another id', () => ({ id: 'OBJ1_OTHER', name: 'Another' })],
	['an empty record', () => ({})],
	['an empty body', () => ''],
	['a record without its id', () => ({ name: 'No id', changedAt: '2026-01-08T09:53:06' })],
];

describe('The listing reader: one 404 rule, one customer-id rule, only the record asked for', () => {
	const server = useScriptedServer();
	const run = async (
		nodeType: typeof estates,
		parameters: IDataObject,
		options: { continueOnFail?: boolean } = {},
	) =>
		await runNode({
			nodeType,
			parameters: parameters as never,
			credentials: server.credentials({ customerId: 'M31529' }),
			continueOnFail: options.continueOnFail,
		});

	test('Estate › Get of an unknown estate fails its item with the kind and the ID (Continue On Fail: an error item)', async () => {
		server.script(() => ({ status: 404, body: { message: 'Not found' } }));
		const { items, error } = await run(
			estates,
			{ resource: 'estate', operation: 'get', estateId: 'OBJ1_404' },
			{ continueOnFail: true },
		);
		expect(error).toBeUndefined();
		expect(items.map((item) => item.json)).toEqual([
			{
				error: 'The service found no such record',
				description:
					'No published estate has the Estate ID OBJ1_404: it is unknown to the service, or no longer published.',
			},
		]);
	});

	test('Office › Get with a customer ID in the office ID place: the 404 says which ID is which', async () => {
		server.script(() => ({ status: 404, body: { message: 'Not found' } }));
		const { error } = await run(office, {
			resource: 'office',
			operation: 'get',
			officeId: { __rl: true, mode: 'id', value: 'M31529' },
		});
		expect(error?.message).toBe('The service found no such record');
		expect(error?.description).toMatch(
			/^M31529 is a customer ID .*the office's own ID, which starts with FIR/,
		);
		expect(server.requests.map((request) => request.path)).toEqual([
			'/Advertising/Office/M31529/M31529',
		]);
	});

	describe.each(KINDS)('$kind › Get', ({ node, resource, idName, id }) => {
		test('takes the record whose id is the one read, whatever other fields it has', async () => {
			server.script(() => ({ body: { id, name: 'Read', somethingNew: { kept: true } } }));
			const { items, error } = await run(node, {
				resource,
				operation: 'get',
				[idName]: id,
				simplify: false,
			});
			expect(error).toBeUndefined();
			expect(items.map((item) => item.json)).toEqual([
				expect.objectContaining({ id, name: 'Read', somethingNew: { kept: true } }),
			]);
		});

		test.each(ODD_ANSWERS)(
			'a 200 that is %s fails the item, naming the ID (Continue On Fail: an error item)',
			async (_, answer) => {
				server.script(() => ({ body: answer(id) }));
				const failed = await run(node, {
					resource,
					operation: 'get',
					[idName]: id,
					simplify: false,
				});
				expect(failed.error?.message).toMatch(
					new RegExp(`^The service's answer is not the record of .* ${id}$`),
				);
				const kept = await run(
					node,
					{ resource, operation: 'get', [idName]: id, simplify: false },
					{ continueOnFail: true },
				);
				expect(kept.error).toBeUndefined();
				expect(kept.items.map((item) => item.json)).toEqual([
					{
						error: expect.stringContaining(id),
						description: expect.stringContaining(`was due`),
					},
				]);
			},
		);
	});

	test('Estate › Get Many with whole records: a row whose read answers another estate fails the item, naming its ID', async () => {
		server.script((request) =>
			request.path === '/Advertising/Estate/M31529'
				? {
						body: {
							index: 0,
							count: 1,
							totalRowCount: 2,
							rows: ['OBJ1_1', 'OBJ1_2'].map((rowId) => ({
								id: rowId,
								customerId: 'M31529',
								changedAt: '2026-01-08T09:53:06',
							})),
						},
					}
				: { body: { id: 'OBJ1_1', changedAt: '2026-01-08T09:53:06' } },
		);
		const { items, error } = await run(
			estates,
			{ resource: 'estate', operation: 'getAll', returnAll: true, simplify: false },
			{ continueOnFail: true },
		);
		expect(error).toBeUndefined();
		expect(items.map((item) => item.json)).toEqual([
			{
				error: "The service's answer is not the record of published estate OBJ1_2",
				description: expect.stringContaining('a record of another id (OBJ1_1), not OBJ1_2'),
			},
		]);
	});
});
