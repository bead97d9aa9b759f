import { contactsOf, contactsRunner } from './fixtures';
import { useSandbox } from '../../harness/sandbox';

describe('Estate Broker Contacts: contact', () => {
	const sandbox = useSandbox();
	const run = contactsRunner(sandbox, 'contact');

	test('Get reads a contact of any kind', async () => {
		const [company] = contactsOf(sandbox.handle.store, 'Company');
		const { items, error } = await run({
			operation: 'get',
			contactId: company.id,
			simplify: false,
		});
		expect(error).toBeUndefined();
		expect((await sandbox.requests())[0]).toMatchObject({
			method: 'GET',
			path: `/CRM/Contact/M30011/${company.id}`,
			status: 200,
		});
		expect(items).toHaveLength(1);
		expect(items[0]).toMatchObject({
			json: { id: company.id, type: 'Company' },
			pairedItem: { item: 0 },
		});
	});

	test('Get Many keeps every chunk of ids in the path, even above 5, so it never reaches the list endpoint', async () => {
		const store = sandbox.handle.store;
		const ids = [
			...contactsOf(store, 'Person').slice(0, 20),
			...contactsOf(store, 'Company').slice(0, 3),
		]
			.map((c) => c.id)
			.reverse();
		const { items, error } = await run({
			operation: 'getAll',
			contactIds: ids.join('\n'),
			simplify: true,
		});
		expect(error).toBeUndefined();
		const requests = await sandbox.requests();
		expect(requests).toHaveLength(2);
		const paths = requests.map((request) => request.path).sort();
		expect(paths).toEqual(
			[
				`/CRM/Contact/M30011/${ids.slice(0, 20).join(',')}`,
				`/CRM/Contact/M30011/${ids.slice(20).join(',')}`,
			].sort(),
		);
		expect(requests.every((request) => Object.keys(request.query).length === 0)).toBe(true);
		expect(items.map((item) => item.json.id)).toEqual(ids);
	});

	test('List sends every filter as its criteria query and gives one item per contact with its type', async () => {
		const store = sandbox.handle.store;
		const agentId = contactsOf(store, 'Person').find((c) => c.agentId)!.agentId!;
		const { items, error } = await run({
			operation: 'list',
			returnAll: true,
			filters: {
				agentId,
				createdAtFrom: '2020-01-01T00:00:00Z',
				createdAtTo: '2030-01-01T00:00:00Z',
				changedAtFrom: '2020-01-01T00:00:00Z',
				changedAtTo: '2030-01-01T00:00:00Z',
				customFieldName: 'Källa',
				customFieldValue: 'Hemnet',
				leadScore: 3,
				contactScheduledOrderType: 'EstateValue',
				newsletterListId: 'NL1',
			},
		});
		expect(error).toBeUndefined();
		const [request] = await sandbox.requests();
		expect(request).toMatchObject({ method: 'GET', path: '/CRM/Contact/M30011', status: 200 });
		expect(request.query).toEqual({
			'criteria.agentId': agentId,
			'criteria.createdAtFrom': '2020-01-01T00:00:00.000Z',
			'criteria.createdAtTo': '2030-01-01T00:00:00.000Z',
			'criteria.changedAtFrom': '2020-01-01T00:00:00.000Z',
			'criteria.changedAtTo': '2030-01-01T00:00:00.000Z',
			'criteria.customFieldName': 'Källa',
			'criteria.customFieldValue': 'Hemnet',
			'criteria.leadScore': '3',
			'criteria.contactScheduledOrderType': 'EstateValue',
			'criteria.newsletterListId': 'NL1',
		});
		// Every contact that came out satisfies the filters that are easy to check from the store.
		for (const item of items)
			expect(store.contacts.get(item.json.id as string)).toMatchObject({ agentId, leadScore: 3 });
	});

	test('List by agent gives exactly the contacts of that agent', async () => {
		const store = sandbox.handle.store;
		const agentId = contactsOf(store, 'Person').find((c) => c.agentId)!.agentId!;
		const expected = [...store.contacts.values()]
			.filter((c) => c.agentId === agentId && store.contactLinkedTo(c, 'M30011'))
			.map((c) => c.id);
		const { items } = await run({ operation: 'list', returnAll: true, filters: { agentId } });
		expect(items.map((item) => item.json.id).sort()).toEqual(expected.sort());
		expect(
			items.every((item) =>
				['Person', 'Company', 'DeceasedEstate'].includes(item.json.type as string),
			),
		).toBe(true);
	});

	test('List by newsletter list gives exactly the contacts on that list', async () => {
		const store = sandbox.handle.store;
		const inOffice = [...store.contacts.values()].filter((c) => store.contactLinkedTo(c, 'M30011'));
		const newsletterListId = inOffice.find((c) => c.newsletterListIds.length > 0)!
			.newsletterListIds[0];
		const expected = inOffice
			.filter((c) => c.newsletterListIds.includes(newsletterListId))
			.map((c) => c.id);
		expect(expected.length).toBeGreaterThan(0);
		expect(expected.length).toBeLessThan(inOffice.length);
		const { items, error } = await run({
			operation: 'list',
			returnAll: true,
			filters: { newsletterListId },
		});
		expect(error).toBeUndefined();
		expect((await sandbox.requests())[0].query).toEqual({
			'criteria.newsletterListId': newsletterListId,
		});
		expect(items.map((item) => item.json.id).sort()).toEqual(expected.sort());
	});

	test('List flattens persons, companies and deceased estates, and Limit cuts the items', async () => {
		const all = await run({ operation: 'list', returnAll: true });
		const types = new Set(all.items.map((item) => item.json.type));
		expect(types).toEqual(new Set(['Person', 'Company', 'DeceasedEstate']));
		expect(
			all.items.every(
				(item) =>
					typeof item.json.id === 'string' &&
					item.pairedItem &&
					(item.pairedItem as { item: number }).item === 0,
			),
		).toBe(true);
		expect((await sandbox.requests())[0].query).toEqual({});
		const limited = await run({ operation: 'list', returnAll: false, limit: 3 });
		expect(limited.items).toHaveLength(3);
	});

	test('List refuses a created range that ends before it starts, before any request', async () => {
		const { error } = await run({
			operation: 'list',
			returnAll: true,
			filters: { createdAtFrom: '2026-02-01T00:00:00Z', createdAtTo: '2026-01-01T00:00:00Z' },
		});
		expect(error?.message).toBe('Created After must not be after Created Before');
		expect(await sandbox.requests()).toEqual([]);
	});

	test('Search sends the term and max size and gives one item per match', async () => {
		const person = contactsOf(sandbox.handle.store, 'Person')[0];
		const { items, error } = await run({ operation: 'search', term: person.email, maxSize: 10 });
		expect(error).toBeUndefined();
		const [request] = await sandbox.requests();
		expect(request).toMatchObject({
			method: 'GET',
			path: '/CRM/Contact/M30011/Search',
			status: 200,
		});
		expect(Object.keys(request.query).sort()).toEqual(['criteria.maxSize', 'criteria.term']);
		expect(request.query['criteria.maxSize']).toBe('10');
		expect(items.length).toBeGreaterThan(0);
		expect(items.length).toBeLessThanOrEqual(10);
		expect(items.map((item) => item.json.id)).toContain(person.id);
		expect(items[0].json).toHaveProperty('score');
	});

	test('Search refuses a too-short term and a max size of 1001 before any request', async () => {
		const short = await run({ operation: 'search', term: 'Anna', maxSize: 50 });
		expect(short.error?.message).toBe('Search Term needs at least 5 characters; got 4');
		const tooMany = await run({ operation: 'search', term: 'Andersson', maxSize: 1001 });
		expect(tooMany.error?.message).toBe('Max Size must be between 1 and 1000; got 1001');
		expect(await sandbox.requests()).toEqual([]);
	});

	test('Search by Social Number finds the person with that number', async () => {
		const person = contactsOf(sandbox.handle.store, 'Person')[0];
		const { items, error } = await run({
			operation: 'searchBySocialNumber',
			socialNumber: person.socialSecurityNumber,
			maxSize: 50,
		});
		expect(error).toBeUndefined();
		const [request] = await sandbox.requests();
		expect(request).toMatchObject({
			method: 'GET',
			path: '/CRM/Contact/M30011/search/SocialNumber',
		});
		expect(request.query).toEqual({
			'criteria.socialNumber': person.socialSecurityNumber,
			'criteria.maxSize': '50',
		});
		expect(items.map((item) => item.json.id)).toContain(person.id);
	});

	test.each([
		['9 characters', '800101-12', 9],
		['14 characters', '19800101-12345', 14],
		['a space too many', ' 19800101-1234', 14],
	])(
		'Search by Social Number refuses %s before any request, naming the field and the rule',
		async (_case, socialNumber, length) => {
			const { error } = await run({ operation: 'searchBySocialNumber', socialNumber, maxSize: 50 });
			expect(error?.message).toBe(`Social Number must have 10 to 13 characters; got ${length}`);
			expect(await sandbox.requests()).toEqual([]);
		},
	);

	test('Search by Social Number sends 10 and 13 characters as given', async () => {
		for (const socialNumber of ['8001011234', '19800101-1234']) {
			const { error } = await run({ operation: 'searchBySocialNumber', socialNumber, maxSize: 50 });
			expect(error).toBeUndefined();
		}
		expect(
			(await sandbox.requests()).map((request) => [
				request.query['criteria.socialNumber'],
				request.status,
			]),
		).toEqual([
			['8001011234', 200],
			['19800101-1234', 200],
		]);
	});

	test('Find by Phone Number gives one item per contact, within the Customer ID unless All Offices is on', async () => {
		const person = contactsOf(sandbox.handle.store, 'Person').find((c) => c.cellPhone !== '')!;
		const { items, error } = await run({
			operation: 'findByPhoneNumber',
			phoneNumber: person.cellPhone,
		});
		expect(error).toBeUndefined();
		const [request] = await sandbox.requests();
		expect(request).toMatchObject({ method: 'GET', path: '/Contacts/GetContactsWithPhonenumber' });
		expect(request.query).toEqual({ phoneNumber: person.cellPhone, customerId: 'M30011' });
		expect(items).toContainEqual({
			json: { contactId: person.id, customerId: 'M30011' },
			pairedItem: { item: 0 },
		});
		await sandbox.clearRequests();
		await run({
			operation: 'findByPhoneNumber',
			phoneNumber: person.cellPhone,
			options: { allOffices: true },
		});
		expect((await sandbox.requests())[0].query).toEqual({ phoneNumber: person.cellPhone });
	});
});
