import { useSandbox } from '../../harness/sandbox';
import { contactsOf, contactsRunner } from './fixtures';

/**
 * List and Search of contacts return whole records unless Return Full Records is off, read on
 * each contact type's endpoint 20 ids a call.
 * Run in n8n's engine against the sandbox; calls counted on the sandbox's request log.
 */
describe('Estate Broker Contacts: whole records of List and Search', () => {
	const sandbox = useSandbox();
	const run = contactsRunner(sandbox, 'contact');
	const idsIn = (request: { path: string; query: Record<string, unknown> }) =>
		(request.query.contactIds
			? String(request.query.contactIds)
			: request.path.split('/').pop()!
		).split(',');
	const TYPED_PATH = /^\/CRM\/Contact\/M30011\/(Person|Company|DeceasedEstate)(\/|$)/;

	test('List of 45 persons: one list call, then 3 read calls (20, 20, 5), each record on its own item in list order', async () => {
		const store = sandbox.handle.store;
		const persons = contactsOf(store, 'Person').filter((c) => store.contactLinkedTo(c, 'M30011'));
		expect(persons.length).toBeGreaterThanOrEqual(45);
		const { items: listed } = await run({
			operation: 'list',
			returnAll: true,
			returnFullRecords: false,
		});
		const personIds = listed
			.filter((item) => item.json.type === 'Person')
			.map((item) => item.json.id as string);
		const limit =
			listed.findIndex(
				(item, index) =>
					listed.slice(0, index + 1).filter((entry) => entry.json.type === 'Person').length === 45,
			) + 1;
		const wanted = listed.slice(0, limit);
		await sandbox.clearRequests();

		const { items, error } = await run({
			operation: 'list',
			returnAll: false,
			limit,
			simplify: false,
		});
		expect(error).toBeUndefined();
		const requests = await sandbox.requests();
		expect(requests[0]).toMatchObject({ method: 'GET', path: '/CRM/Contact/M30011', status: 200 });
		const reads = requests.slice(1);
		expect(reads.every((request) => TYPED_PATH.test(request.path) && request.status === 200)).toBe(
			true,
		);
		const personReads = reads.filter((request) => request.path.includes('/Person'));
		expect(personReads.map((request) => idsIn(request).length).sort((a, b) => b - a)).toEqual([
			20, 20, 5,
		]);
		expect(personReads.flatMap(idsIn).sort()).toEqual(personIds.slice(0, 45).sort());
		// The fewest calls: 20 ids a call per type.
		const byType = (type: string) => wanted.filter((item) => item.json.type === type).length;
		expect(reads).toHaveLength(
			Math.ceil(45 / 20) +
				Math.ceil(byType('Company') / 20) +
				Math.ceil(byType('DeceasedEstate') / 20),
		);
		// Each record on the item of its own entry, in list order, with the type's own fields.
		expect(items.map((item) => [item.json.id, item.json.type])).toEqual(
			wanted.map((item) => [item.json.id, item.json.type]),
		);
		for (const item of items) {
			const contact = store.contacts.get(item.json.id as string)!;
			expect(item.pairedItem).toEqual({ item: 0 });
			if (contact.type === 'Person')
				expect(item.json).toMatchObject({
					firstName: contact.firstName,
					lastName: contact.lastName,
				});
			else expect(item.json.name).toEqual(expect.any(String));
			expect(item.json.changedAt).toBe(
				wanted.find((entry) => entry.json.id === item.json.id)!.json.changedAt,
			);
		}
	});

	test('Search returns whole records routed by type, keeping each match score; 2 input items share the read calls', async () => {
		const store = sandbox.handle.store;
		const [person] = contactsOf(store, 'Person');
		const [company] = contactsOf(store, 'Company');
		const { items, error } = await run(
			{ operation: 'search', term: '={{ $json.term }}', maxSize: 50, simplify: false },
			{ input: [{ term: person.email }, { term: company.companyName }] },
		);
		expect(error).toBeUndefined();
		const requests = await sandbox.requests();
		const searches = requests.filter((request) => request.path === '/CRM/Contact/M30011/Search');
		expect(searches).toHaveLength(2);
		const reads = requests.filter((request) => TYPED_PATH.test(request.path));
		expect(reads.length).toBe(requests.length - 2);
		const found = items.find((item) => item.json.id === person.id)!;
		expect(found.json).toMatchObject({
			type: 'Person',
			firstName: person.firstName,
			lastName: person.lastName,
			score: expect.any(Number),
		});
		expect(found.pairedItem).toEqual({ item: 0 });
		const foundCompany = items.find(
			(item) => item.json.id === company.id && (item.pairedItem as { item: number }).item === 1,
		)!;
		expect(foundCompany.json).toMatchObject({ type: 'Company', name: company.companyName });
		// The same contact found by both items is read once.
		const readIds = reads.flatMap(idsIn);
		expect(readIds.length).toBe(new Set(readIds).size);
	});

	test('Simplify gives a contact in plain words: one name, email, phone, address, agent; ids and numbers-looking text stay text, the lead score a number', async () => {
		const [person] = contactsOf(sandbox.handle.store, 'Person').filter(
			(c) => c.cellPhone && c.address.zipCode && c.leadScore !== null && c.leadScore !== undefined,
		);
		const { items, error } = await run({
			operation: 'search',
			term: person.email,
			maxSize: 10,
			simplify: true,
			messageFormat: 'xml',
		});
		expect(error).toBeUndefined();
		const item = items.find((entry) => entry.json.id === person.id)!;
		expect(item.json).toMatchObject({
			id: person.id,
			type: 'Person',
			name: `${person.firstName} ${person.lastName}`,
			email: person.email,
			phone: person.cellPhone,
			mobilePhone: person.cellPhone,
			streetAddress: person.address.streetAddress,
			postalCode: person.address.zipCode,
			city: person.address.city,
			officeId: person.customerId,
		});
		expect(typeof item.json.postalCode).toBe('string');
		expect(typeof item.json.mobilePhone).toBe('string');
		expect(typeof item.json.personalNumber).toBe('string');
		expect(item.json.leadScore).toBe(person.leadScore);
		expect(item.json).not.toHaveProperty('telephone');
		expect(item.json).not.toHaveProperty('address');
	});

	test('Simplify in words on Get Many of companies: the company name, organisation number, switchboard phone; empty fields left out', async () => {
		const companies = contactsOf(sandbox.handle.store, 'Company')
			.filter((c) => c.switchPhone && c.corporateNumber)
			.slice(0, 2);
		const companyRun = contactsRunner(sandbox, 'company');
		const { items, error } = await companyRun({
			operation: 'getAll',
			contactIds: companies.map((c) => c.id).join(','),
			simplify: true,
		});
		expect(error).toBeUndefined();
		items.forEach((item, index) => {
			expect(item.json).toMatchObject({
				id: companies[index].id,
				type: 'Company',
				name: companies[index].companyName,
				organisationNumber: companies[index].corporateNumber,
				switchboardPhone: companies[index].switchPhone,
				phone: companies[index].switchPhone,
			});
			expect(
				Object.values(item.json).some(
					(value) => value === '' || value === null || value === undefined,
				),
			).toBe(false);
		});
	});

	test('Return Full Records off: List and Search give ids only, in one call each', async () => {
		const { items, error } = await run({
			operation: 'list',
			returnAll: true,
			returnFullRecords: false,
		});
		expect(error).toBeUndefined();
		expect(await sandbox.requests()).toHaveLength(1);
		expect(items.length).toBeGreaterThan(0);
		for (const item of items)
			expect(Object.keys(item.json).sort()).toEqual(['changedAt', 'customerId', 'id', 'type']);
		const search = await run({
			operation: 'search',
			term: contactsOf(sandbox.handle.store, 'Person')[0].email,
			maxSize: 10,
			returnFullRecords: false,
		});
		expect(search.items.every((item) => !('firstName' in item.json))).toBe(true);
		expect(await sandbox.requests()).toHaveLength(2);
	});

	test('Return Full Records left at its default reads whole records', async () => {
		const { items, error } = await run({ operation: 'list', returnAll: false, limit: 3 });
		expect(error).toBeUndefined();
		expect(items).toHaveLength(3);
		expect((await sandbox.requests()).length).toBeGreaterThan(1);
		expect(items.every((item) => typeof item.json.name === 'string')).toBe(true);
	});
});
