import { routingComparison } from '../../harness/routingComparison';
import { useSandbox } from '../../harness/sandbox';
import { contactsOf, nodeType } from './fixtures';

/**
 * Contacts › Person › Create or Update runs as an n8n custom operation that applies
 * the fields' own `routing.send` and the operation's steps (engine/eachItem.ts). The same
 * parameters run through n8n-core's RoutingNode (the node type without its custom operations,
 * as n8n runs it when the operation is not custom) and through the custom operation must give
 * the sandbox the same requests and the workflow the same items.
 */
describe('Estate Broker Contacts: Create or Update person as a custom operation, same as the routing', () => {
	// A clock that stands still: the records' createdAt and changedAt of both runs agree.
	const sandbox = useSandbox({
		now: '2026-09-01T10:00:00Z',
		clock: () => Date.parse('2026-09-01T10:00:00Z'),
	});
	const { routed, runWith, bothWays } = routingComparison(sandbox, nodeType, {
		resource: 'person',
		operation: 'upsert',
	});

	afterEach(() => jest.restoreAllMocks());

	test('Every field filled, in JSON and in XML', async () => {
		const agent = sandbox.handle.store.agentsOf('M30011')[0];
		const categories = [...sandbox.handle.store.categories.values()]
			.filter((category) => category.customerId === 'M30011' && category.appliesTo === 'Person')
			.map((category) => category.id);
		expect(categories.length).toBeGreaterThan(1);
		const parameters = {
			contactId: { __rl: true, mode: 'id', value: '' },
			socialSecurityNumber: '19800101-1234',
			firstName: ' Astrid ',
			lastName: 'Lindqvist',
			email: 'astrid.lindqvist@mail.example',
			cellPhone: '070-111 22 33',
			telePhone: '08-123 45',
			additionalFields: {
				address: {
					value: {
						streetAddress: 'Götgatan 1',
						city: 'Stockholm',
						zipCode: '118 46',
						countryCode: 'SE',
					},
				},
				approval: true,
				approvalDate: '2026-03-01T10:00:00',
				categoryIds: categories.slice(0, 2),
				coordinate: { value: { latitud: 59.31, longitud: 18.07 } },
				customField: { field: { name: 'Källa', value: 'Hemnet' } },
				emailAddress2: 'astrid@work.example',
				gdprApprovalDate: '2026-03-02T08:30:00',
				leadScore: 4,
				note: 'Wants a balcony',
				obtainThrough: 'Visit',
				otherPhone: '0700',
				task: '{"description":"Call back"}',
				userId: { __rl: true, mode: 'id', value: agent.userId },
				wishAdvertising: true,
				workPhone: '08-999',
			},
		};
		const json = await bothWays({ parameters, timezone: 'Europe/Stockholm' });
		expect(json.requests.map((request) => `${request.method} ${request.status}`)).toEqual([
			'POST 200',
			'GET 200',
		]);
		expect(json.requests[0].body).toMatchObject({
			socialSecurityNumber: '19800101-1234',
			firstName: 'Astrid',
			approvalDate: '2026-03-01T09:00:00.000Z',
			userId: agent.userId,
			coordinate: { latitud: 59.31 },
		});
		const xml = await bothWays({
			parameters: { ...parameters, messageFormat: 'xml' },
			timezone: 'Europe/Stockholm',
		});
		expect(xml.requests[0].contentType).toContain('xml');
	});

	test('Few fields, blank values and the read-back turned off', async () => {
		await bothWays({
			parameters: { firstName: 'Maj', lastName: '', email: '  ', cellPhone: '070-1' },
		});
		const off = await bothWays({
			parameters: { firstName: 'Maj', email: 'maj@mail.example', options: { readBack: false } },
		});
		expect(off.requests.map((request) => request.method)).toEqual(['POST']);
		expect(off.items).toEqual([
			{ json: { contactId: expect.any(String) }, pairedItem: { item: 0 } },
		]);
	});

	test('Expressions over several items, an item that updates a seeded person, and additional fields from the item', async () => {
		const seeded = contactsOf(sandbox.handle.store, 'Person')[0];
		const input = [
			{ first: 'Sixten', last: 'Berg', mail: 'sixten@mail.example', note: 'first' },
			{ first: 'Vera', last: 'Holm', mail: 'vera@mail.example', note: '', id: seeded.id },
			{
				first: 'Ture',
				last: 'Sjö',
				mail: 'ture@mail.example',
				note: 'third',
				when: '2026-06-01T12:00:00+02:00',
			},
		];
		const run = await bothWays({
			parameters: {
				contactId: { __rl: true, mode: 'id', value: '={{ $json.id ?? "" }}' },
				firstName: '={{ $json.first }}',
				lastName: '={{ $json.last }}',
				email: '={{ $json.mail }}',
				additionalFields: {
					note: '={{ $json.note }}',
					approvalDate: '={{ $json.when ?? "" }}',
					address: { value: { city: '={{ $json.first }}stad' } },
				},
			},
			input,
		});
		expect(run.items.map((item) => item.pairedItem)).toEqual([
			{ item: 0 },
			{ item: 1 },
			{ item: 2 },
		]);
		expect(run.items[1].json.contactId).toBe(seeded.id);
		expect(run.requests.filter((request) => request.method === 'POST')).toHaveLength(3);
		// Three read-backs share one call.
		expect(run.requests.filter((request) => request.method === 'GET')).toHaveLength(1);
	});

	test('Bad input stops the node before any write; the routing wrote the good items and lost their output', async () => {
		const input = [{ first: 'Ok' }, { first: '' }, { first: 'Also ok' }];
		// A phone for every item (the service needs one), so that only the empty name fails.
		const named = {
			firstName: '={{ $json.first }}',
			cellPhone: '={{ $json.first ? "070-123 45 67" : "" }}',
		};
		const viaRouting = await runWith(routed, { parameters: named, input });
		const stopped = await runWith(nodeType, { parameters: named, input });
		expect(stopped.error).toMatchObject({ message: 'Nothing identifies the person', item: 1 });
		expect(viaRouting.error).toMatchObject({ message: 'Nothing identifies the person', item: 1 });
		// RoutingNode runs the checks of an item as its request starts: items 1 and 3 were written, and no item came out.
		expect(viaRouting.requests.filter((request) => request.method === 'POST')).toHaveLength(2);
		expect(stopped.requests).toHaveLength(0);
		const kept = await runWith(nodeType, {
			parameters: {
				firstName: '={{ $json.first }}',
				cellPhone: '070-123 45 67',
				additionalFields: { obtainThrough: '={{ $json.first ? "Visit" : "Hemnet" }}' },
			},
			input,
			continueOnFail: true,
		});
		expect(
			kept.items.map((item) => [item.json.error ?? item.json.firstName, item.pairedItem]),
		).toEqual([
			['Ok', { item: 0 }],
			['Obtained Through "Hemnet" is not one of the service\'s choices', { item: 1 }],
			['Also ok', { item: 2 }],
		]);
	});
});

describe('Estate Broker Contacts: Create or Update company as a custom operation, same as the routing', () => {
	const sandbox = useSandbox({
		now: '2026-09-01T10:00:00Z',
		clock: () => Date.parse('2026-09-01T10:00:00Z'),
	});
	const { routed, runWith, bothWays } = routingComparison(sandbox, nodeType, {
		resource: 'company',
		operation: 'upsert',
	});

	afterEach(() => jest.restoreAllMocks());

	test('Every field filled, in JSON and in XML', async () => {
		const agent = sandbox.handle.store.agentsOf('M30011')[0];
		const parameters = {
			contactId: { __rl: true, mode: 'id', value: '' },
			corporateNumber: '556677-8899',
			companyName: ' Bygg & Son AB ',
			switchPhone: '08-700 00 00',
			email: 'info@byggoson.example',
			additionalFields: {
				address: {
					value: {
						streetAddress: 'Sveavägen 1',
						city: 'Stockholm',
						zipCode: '111 57',
						countryCode: 'SE',
					},
				},
				approval: true,
				approvalDate: '2026-03-01T10:00:00',
				coordinate: { value: { latitud: 59.33, longitud: 18.06 } },
				customField: { field: { name: 'Källa', value: 'Mässa' } },
				emailAddress2: 'order@byggoson.example',
				homePage: 'https://www.byggoson.example',
				isForeignCorporateNumber: false,
				leadScore: 3,
				note: 'Wants offices',
				obtainThrough: 'Phone',
				otherPhone: '070-9',
				userId: { __rl: true, mode: 'id', value: agent.userId },
				wishAdvertising: true,
			},
		};
		const json = await bothWays({ parameters, timezone: 'Europe/Stockholm' });
		expect(json.requests.map((request) => `${request.method} ${request.status}`)).toEqual([
			'POST 200',
			'GET 200',
		]);
		expect(json.requests[0].body).toMatchObject({
			corporateNumber: '556677-8899',
			companyName: 'Bygg & Son AB',
			homePage: 'https://www.byggoson.example',
			userId: agent.userId,
		});
		const xml = await bothWays({
			parameters: { ...parameters, messageFormat: 'xml' },
			timezone: 'Europe/Stockholm',
		});
		expect(xml.requests[0].contentType).toContain('xml');
	});

	test('Expressions over several items, an item that updates a seeded company; read-backs share one call', async () => {
		const seeded = contactsOf(sandbox.handle.store, 'Company')[0];
		const input = [
			{ name: 'Alfa AB', phone: '08-1', note: 'first' },
			{ name: 'Beta AB', phone: '08-2', note: '', id: seeded.id },
			{ name: 'Gamma AB', phone: '08-3', note: 'third' },
		];
		const run = await bothWays({
			parameters: {
				contactId: { __rl: true, mode: 'id', value: '={{ $json.id ?? "" }}' },
				companyName: '={{ $json.name }}',
				switchPhone: '={{ $json.phone }}',
				additionalFields: { note: '={{ $json.note }}' },
			},
			input,
		});
		expect(run.items.map((item) => item.pairedItem)).toEqual([
			{ item: 0 },
			{ item: 1 },
			{ item: 2 },
		]);
		expect(run.items[1].json.contactId).toBe(seeded.id);
		expect(run.requests.filter((request) => request.method === 'POST')).toHaveLength(3);
		expect(run.requests.filter((request) => request.method === 'GET')).toHaveLength(1);
	});

	test('Bad input stops the node before any write; under Continue On Fail it is its own item', async () => {
		const input = [{ name: 'Alfa AB' }, { name: '' }, { name: 'Gamma AB' }];
		const parameters = {
			companyName: '={{ $json.name }}',
			switchPhone: '={{ $json.name ? "08-1" : "" }}',
		};
		const viaRouting = await runWith(routed, { parameters, input });
		const stopped = await runWith(nodeType, { parameters, input });
		expect(stopped.error).toMatchObject({ message: 'Nothing identifies the company', item: 1 });
		expect(viaRouting.error).toMatchObject({ message: 'Nothing identifies the company', item: 1 });
		expect(viaRouting.requests.filter((request) => request.method === 'POST')).toHaveLength(2);
		expect(stopped.requests).toHaveLength(0);
		const keptByRouting = await runWith(routed, { parameters, input, continueOnFail: true });
		const kept = await runWith(nodeType, { parameters, input, continueOnFail: true });
		expect(kept.requests).toEqual(keptByRouting.requests);
		expect(
			kept.items.map((item) => [item.json.error ?? typeof item.json.contactId, item.pairedItem]),
		).toEqual([
			['string', { item: 0 }],
			['Nothing identifies the company', { item: 1 }],
			['string', { item: 2 }],
		]);
		// The error item says what to fill in, as the package's other error items do; RoutingNode's item of a failed step gives the message alone.
		expect(kept.items[1].json.description).toBe(
			'Fill in at least one of: Contact ID, Corporate Number, Company Name, Email, Switchboard Phone, Other Phone. An empty company would otherwise be created.',
		);
		expect(
			kept.items.map(({ json: { description: _description, ...json }, pairedItem }) => ({
				json,
				pairedItem,
			})),
		).toEqual(keptByRouting.items);
	});
});
