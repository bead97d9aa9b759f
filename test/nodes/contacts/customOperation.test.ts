import { ExecuteContext, RoutingNode } from 'n8n-core';

import { useSandbox } from '../../harness/sandbox';
import { contactsOf, contactsRunner, nodeType } from './fixtures';

/**
 * The reads by id are n8n custom operations (docs/performance.md): n8n-core's WorkflowExecute runs
 * `customOperations[resource][operation]` once for all items instead of its per-item routing
 * (RoutingNode), whose property walk cost most of a 1,000-item run. Calls counted on the
 * sandbox's request log; gathering and halving themselves are in gathering.test.ts.
 */
describe('Estate Broker Contacts: reads by id as custom operations', () => {
	const sandbox = useSandbox();
	const persons = contactsRunner(sandbox, 'person');
	const idsIn = (path: string, query: Record<string, unknown>) =>
		(query.contactIds ? String(query.contactIds) : path.split('/').pop()!).split(',');
	const personIds = (count: number) =>
		contactsOf(sandbox.handle.store, 'Person')
			.slice(0, count)
			.map((person) => person.id);

	afterEach(() => jest.restoreAllMocks());

	test('Every Get and Get Many by id (and the person and company upserts) is a custom operation, and n8n runs it without its per-item routing', async () => {
		expect(
			Object.fromEntries(
				Object.entries(nodeType.customOperations ?? {}).map(([resource, operations]) => [
					resource,
					Object.keys(operations).sort(),
				]),
			),
		).toEqual({
			contact: ['get', 'getAll'],
			person: ['get', 'getAll', 'upsert'],
			company: ['get', 'getAll', 'upsert'],
			deceasedEstate: ['get', 'getAll'],
			presentAccommodation: ['getAll'],
			speculator: ['getAll'],
		});
		const routing = jest.spyOn(RoutingNode.prototype, 'runNode');
		const ids = personIds(3);
		const { items, error } = await persons(
			{ operation: 'getAll', contactIds: '={{ $json.id }}', simplify: false },
			{ input: ids.map((id) => ({ id })) },
		);
		expect(error).toBeUndefined();
		expect(items.map((item) => item.json.id)).toEqual(ids);
		expect(routing).not.toHaveBeenCalled();
		// The spy does see the routing of an operation that is not custom.
		await contactsRunner(sandbox, 'category')({ operation: 'getAll', returnAll: true });
		expect(routing).toHaveBeenCalledTimes(1);
	});

	test('A bad Contact IDs value in the third item stops the node naming the field and the item, before any request', async () => {
		const ids = personIds(2);
		const { error } = await persons(
			{ operation: 'getAll', contactIds: '={{ $json.ids }}' },
			{ input: [{ ids: ids[0] }, { ids: ids[1] }, { ids: ' , ; ' }] },
		);
		expect(error?.message).toBe('Contact IDs needs at least one ID');
		expect(error?.context?.itemIndex).toBe(2);
		expect(await sandbox.requests()).toHaveLength(0);
	});

	test('Under Continue On Fail a bad item becomes its own error item; the others share one call and keep their pairing', async () => {
		const ids = personIds(3);
		const { items, error } = await persons(
			{ operation: 'getAll', contactIds: '={{ $json.ids }}', simplify: false },
			{
				input: [{ ids: ids[0] }, { ids: { contact: 'C1' } }, { ids: `${ids[1]},${ids[2]}` }],
				continueOnFail: true,
			},
		);
		expect(error).toBeUndefined();
		expect(
			items.map((item) => [item.json.id ?? 'failed', (item.pairedItem as { item: number }).item]),
		).toEqual([
			[ids[0], 0],
			['failed', 1],
			[ids[1], 2],
			[ids[2], 2],
		]);
		expect(String(items[1].json.error)).toContain('Contact IDs');
		const requests = await sandbox.requests();
		expect(requests.map((request) => idsIn(request.path, request.query))).toEqual([ids]);
	});

	test('Request Options apply to the gathered calls: a Timeout set by expression is checked per item before any request', async () => {
		const { error } = await persons(
			{
				operation: 'getAll',
				contactIds: '={{ $json.id }}',
				requestOptions: { timeout: '={{ $json.timeout }}' },
			},
			{
				input: [
					{ id: personIds(1)[0], timeout: 5000 },
					{ id: personIds(2)[1], timeout: 5 },
				],
			},
		);
		expect(error?.message).toContain('Request Options › Timeout');
		expect(await sandbox.requests()).toHaveLength(0);
	});

	test('Request Options › Batching: 25 items in batches of 10 make one call per batch, in item order', async () => {
		const ids = personIds(25);
		const { items, error } = await persons(
			{
				operation: 'get',
				contactId: '={{ $json.id }}',
				simplify: false,
				requestOptions: { batching: { batch: { batchSize: 10, batchInterval: 20 } } },
			},
			{ input: ids.map((id) => ({ id })) },
		);
		expect(error).toBeUndefined();
		expect(items.map((item) => item.json.id)).toEqual(ids);
		expect((await sandbox.requests()).map((request) => idsIn(request.path, request.query))).toEqual(
			[ids.slice(0, 10), ids.slice(10, 20), ids.slice(20)],
		);
	});

	test('Contact IDs named as a field of the item are read from it without n8n evaluating them, with the same calls and items as n8n evaluating them', async () => {
		const ids = personIds(4);
		const input = [
			{ lead: { id: ids[0] } },
			{ lead: { id: `${ids[1]}, ${ids[2]}` } },
			{ lead: { id: 42 } },
			{ lead: { id: [ids[3], ids[0]] } },
			{ lead: { id: ' ' } },
			{ lead: {} },
		];
		const runWith = async (contactIds: string) => {
			await sandbox.clearRequests();
			const evaluated = jest.spyOn(
				ExecuteContext.prototype as unknown as { _getNodeParameter: (name: string) => unknown },
				'_getNodeParameter',
			);
			const { items, error } = await persons(
				{ operation: 'getAll', contactIds, simplify: false },
				{ input, continueOnFail: true },
			);
			const contactIdsEvaluations = evaluated.mock.calls.filter(
				([name]) => name === 'contactIds',
			).length;
			evaluated.mockRestore();
			const calls = (await sandbox.requests()).map((request) => [request.path, request.query]);
			return {
				items: items.map((item) => ({ json: item.json, pairedItem: item.pairedItem })),
				error,
				calls,
				contactIdsEvaluations,
			};
		};
		const read = await runWith('={{ $json.lead.id }}');
		// The same field through an expression the reader leaves to n8n: evaluated for every item.
		const evaluated = await runWith('={{ ($json.lead.id) }}');
		expect(read.error).toBeUndefined();
		expect(read.items.map((item) => item.json.id ?? String(item.json.error))).toEqual([
			ids[0],
			ids[1],
			ids[2],
			'The service found no such record',
			ids[3],
			ids[0],
			expect.stringContaining('Contact IDs'),
			expect.stringContaining('Contact IDs'),
		]);
		expect({ ...read, contactIdsEvaluations: 0 }).toEqual({
			...evaluated,
			contactIdsEvaluations: 0,
		});
		// Only the first item (n8n's reading confirms the reader's, itemParameters.ts) and the item
		// without the field (n8n decides what a missing field gives) went to n8n.
		expect(read.contactIdsEvaluations).toBe(2);
		expect(evaluated.contactIdsEvaluations).toBe(input.length);
	});
});
