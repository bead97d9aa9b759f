import { useSandbox } from '../../harness/sandbox';
import { agentsAt, jsonOf, officesOf, reportsRunner } from './fixtures';

describe('Estate Broker Reports: directory', () => {
	const sandbox = useSandbox();
	const run = reportsRunner(sandbox, 'directory');
	const store = () => sandbox.handle.store;

	test('Get Users lists the current users of the group, one item each, archived ones left out', async () => {
		const { items, error } = await run({ operation: 'getUsers', customerId: 'G2' });
		expect(error).toBeUndefined();
		const [request] = await sandbox.requests();
		expect(request).toMatchObject({
			method: 'GET',
			path: '/BusinessIntelligence/External/Users',
			status: 200,
		});
		expect(request.query).toEqual({ customerId: 'G2' });
		const agents = agentsAt(store(), officesOf(store(), 'G2'));
		expect(agents.some((agent) => agent.archived)).toBe(true);
		expect(jsonOf(items).map((user) => user.userId)).toEqual(
			agents.filter((agent) => !agent.archived).map((agent) => agent.userId),
		);
		const first = agents.find((agent) => !agent.archived)!;
		expect(items[0].json).toMatchObject({
			userId: first.userId,
			userName: first.userName,
			emailAddress: first.emailAddress,
			customerId: first.customerId,
			archived: false,
		});
	});

	test('Include Archived Users adds those who left', async () => {
		const { items } = await run({ operation: 'getUsers', includeArchived: true, customerId: 'G2' });
		expect(jsonOf(items).map((user) => user.userId)).toEqual(
			agentsAt(store(), officesOf(store(), 'G2')).map((agent) => agent.userId),
		);
	});

	test('Get Users in XML gives the same items, office lists included', async () => {
		const json = await run({ operation: 'getUsers', customerId: 'G2' });
		const xml = await run({ operation: 'getUsers', customerId: 'G2', messageFormat: 'xml' });
		expect((await sandbox.requests())[1].headers.accept).toBe('application/xml');
		expect(jsonOf(xml.items)).toEqual(jsonOf(json.items));
	});

	test('Get Trademarks lists the trademarks with the offices of the customer that use them', async () => {
		const { items, error } = await run({ operation: 'getTrademarks' });
		expect(error).toBeUndefined();
		const [request] = await sandbox.requests();
		expect(request).toMatchObject({
			method: 'GET',
			path: '/BusinessIntelligence/External/Trademarks',
		});
		expect(request.query).toEqual({ customerId: 'M30011' });
		const expected = [...store().trademarks.values()]
			.filter((trademark) => trademark.customerIds.includes('M30011'))
			.map((trademark) => ({ id: trademark.id, name: trademark.name, customerIds: ['M30011'] }));
		expect(expected).toHaveLength(1);
		expect(jsonOf(items)).toEqual(expected);
	});
});
