import type { ICredentialDataDecryptedObject, INodeParameters } from 'n8n-workflow';

import { loaderContext as contextFor } from '../../harness/loadOptions';
import { useSandbox } from '../../harness/sandbox';
import { nodeType } from './fixtures';

/** The Contacts node's dropdowns as n8n's loader delivers them, opened in the editor. */
const loadOptions = nodeType.methods!.loadOptions!;
/** The agent picker's list: the office's agents, as From list shows them. */
const agentList = async (context: ReturnType<typeof loaderContext>) =>
	(await nodeType.methods!.listSearch!.searchAgents.call(context)).results;
const loaderContext = (credentials: ICredentialDataDecryptedObject, parameters: INodeParameters) =>
	contextFor(nodeType, credentials, parameters);

describe('Shared dropdown loaders', () => {
	const sandbox = useSandbox();

	test('Categories and increased requirements load with the credential customer id, sorted by name', async () => {
		const context = loaderContext(sandbox.credentials(), { customerId: '' });
		const store = sandbox.handle.store;
		const persons = await loadOptions.getPersonCategories.call(context);
		expect(persons.length).toBeGreaterThan(0);
		expect(
			persons.every(
				(option) => store.categories.get(option.value as string)?.appliesTo === 'Person',
			),
		).toBe(true);
		const requirements = await loadOptions.getIncreasedRequirements.call(context);
		expect(requirements.map((option) => option.value).sort()).toEqual(
			store.increasedRequirements.map((r) => r.id).sort(),
		);
		const requests = await sandbox.requests();
		expect(requests.map((request) => [request.path, request.query])).toEqual([
			['/Category/GetCategories', { customerId: 'M30011' }],
			['/IncreasedRequirement/M30011', {}],
		]);
		expect(names(persons)).toEqual([...names(persons)].sort((a, b) => a.localeCompare(b, 'sv')));
	});

	test('Areas load from GetAreas with criteria.customerId, archived ones left out, sorted by name', async () => {
		const ofOffice = [...sandbox.handle.store.areas.values()].filter(
			(area) => area.customerId === 'M30012',
		);
		ofOffice[0].archived = true; // the seed archives none; the sandbox is reset after each test
		const context = loaderContext(sandbox.credentials(), { customerId: 'M30012' });
		const areas = await loadOptions.getAreas.call(context);
		expect(ofOffice.length).toBeGreaterThan(1);
		expect(areas.map((option) => option.value).sort()).toEqual(
			ofOffice
				.slice(1)
				.map((area) => area.areaId)
				.sort(),
		);
		expect(names(areas)).toEqual([...names(areas)].sort((a, b) => a.localeCompare(b, 'sv')));
		const [request] = await sandbox.requests();
		expect(request).toMatchObject({ method: 'GET', path: '/Area/GetAreas', status: 200 });
		expect(request.query).toEqual({ 'criteria.customerId': 'M30012' });
	});

	test('Areas are listed in Swedish alphabetical order: Å, Ä and Ö after Z', async () => {
		const ofOffice = [...sandbox.handle.store.areas.values()].filter(
			(area) => area.customerId === 'M30012',
		);
		const given = ['Östermalm', 'Årsta', 'Zinkensdamm', 'Älvsjö', 'Hammarby'];
		expect(ofOffice.length).toBeGreaterThanOrEqual(given.length);
		given.forEach((name, index) => (ofOffice[index].areaName = name)); // the sandbox is reset after each test
		const areas = await loadOptions.getAreas.call(
			loaderContext(sandbox.credentials(), { customerId: 'M30012' }),
		);
		expect(names(areas).filter((name) => given.includes(name))).toEqual([
			'Hammarby',
			'Zinkensdamm',
			'Årsta',
			'Älvsjö',
			'Östermalm',
		]);
	});

	test("Agents (the picker's list) load from External/Users, archived agents left out, by the names the live-data report gives them, title and login as description", async () => {
		const context = loaderContext(sandbox.credentials(), { customerId: 'G2' });
		const users = await agentList(context);
		const agents = sandbox.handle.store.agentsOf('G2');
		expect(agents.some((agent) => agent.archived)).toBe(true);
		expect(users.map((option) => option.value).sort()).toEqual(
			agents
				.filter((agent) => !agent.archived)
				.map((agent) => agent.userId)
				.sort(),
		);
		const first = agents.find((agent) => agent.userId === users[0].value)!;
		expect(users[0]).toMatchObject({
			name: `${first.firstName} ${first.lastName}`,
			description: `${first.title}, ${first.userName}`,
		});
		expect(users.every((option) => !option.name.includes('.'))).toBe(true);
		expect(names(users)).toEqual([...names(users)].sort((a, b) => a.localeCompare(b, 'sv')));
		const requests = await sandbox.requests();
		expect(requests.map((r) => r.path).sort()).toEqual([
			'/BusinessIntelligence/External/Users',
			'/BusinessIntelligence/LiveData/Report',
		]);
		expect(requests.find((r) => r.path.endsWith('/Users'))!.query).toEqual({ customerId: 'G2' });
	});

	test('Without the live-data report (failing), agents read as the names in their logins', async () => {
		await sandbox.control('faults', {
			kind: 'status500',
			count: 5,
			pathPrefix: '/BusinessIntelligence/LiveData/Report',
		});
		const users = await agentList(loaderContext(sandbox.credentials(), { customerId: 'M30011' }));
		const agent = sandbox.handle.store.agentsOf('M30011').find((a) => a.userId === users[0].value)!;
		expect(users[0].name).toBe(
			agent.userName
				.split('.')
				.map((w) => w.charAt(0).toUpperCase() + w.slice(1))
				.join(' '),
		);
	});

	test("The node's own Customer ID wins over the credential's", async () => {
		const context = loaderContext(sandbox.credentials(), { customerId: 'M30012' });
		await loadOptions.getCompanyCategories.call(context);
		expect((await sandbox.requests())[0].query).toEqual({ customerId: 'M30012' });
	});

	test('Step lists come from the search-profile-values lookup', async () => {
		const context = loaderContext(sandbox.credentials(), {});
		const rooms = await loadOptions.getRoomSteps.call(context);
		expect(rooms.map((option) => option.value)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 10]);
		const prices = await loadOptions.getDomesticPriceSteps.call(context);
		expect(prices[1]).toEqual({ name: '500,000', value: 500000 });
		expect(await loadOptions.getFarmSubtypes.call(context)).toEqual([
			{ name: 'Agriculture', value: 'Agriculture' },
			{ name: 'No Agriculture', value: 'NoAgriculture' },
			{ name: 'Forestry', value: 'Forestry' },
			{ name: 'Horse Farm', value: 'HorseFarm' },
		]);
		expect((await sandbox.requests())[0]).toMatchObject({
			method: 'GET',
			path: '/CRM/Contact/M30011/SearchProfile/SearchProfileValues',
		});
	});
});

function names(options: Array<{ name: string }>): string[] {
	return options.map((option) => option.name);
}
