import { contactsOf, contactsRunner } from './fixtures';
import { useSandbox } from '../../harness/sandbox';

describe('Estate Broker Contacts: company, deceased estate and speculator records', () => {
	const sandbox = useSandbox();

	test('Company Get and Get Many read companies; 6 ids go as the contactIds query', async () => {
		const run = contactsRunner(sandbox, 'company');
		const companies = contactsOf(sandbox.handle.store, 'Company').slice(0, 6);
		expect(companies).toHaveLength(6);
		const one = await run({ operation: 'get', contactId: companies[0].id, simplify: true });
		expect(one.error).toBeUndefined();
		expect(one.items[0].json).toMatchObject({
			id: companies[0].id,
			name: companies[0].companyName,
		});
		const ids = companies.map((c) => c.id);
		const many = await run({ operation: 'getAll', contactIds: ids.join(','), simplify: true });
		expect(many.error).toBeUndefined();
		const requests = await sandbox.requests();
		expect(requests[0]).toMatchObject({
			method: 'GET',
			path: `/CRM/Contact/M30011/Company/${companies[0].id}`,
		});
		expect(requests[1]).toMatchObject({
			method: 'GET',
			path: '/CRM/Contact/M30011/Company',
			query: { contactIds: ids.join(',') },
		});
		expect(many.items.map((item) => item.json.id)).toEqual(ids);
	});

	test('Deceased Estate Get and Get Many read deceased estates', async () => {
		const run = contactsRunner(sandbox, 'deceasedEstate');
		const estates = [...sandbox.handle.store.contacts.values()]
			.filter(
				(c) => c.type === 'DeceasedEstate' && sandbox.handle.store.contactLinkedTo(c, 'M30011'),
			)
			.slice(0, 2);
		expect(estates.length).toBeGreaterThan(0);
		const one = await run({ operation: 'get', contactId: estates[0].id, simplify: false });
		expect(one.error).toBeUndefined();
		expect(one.items[0].json).toMatchObject({ id: estates[0].id, type: 'DeceasedEstate' });
		const ids = estates.map((c) => c.id);
		const many = await run({ operation: 'getAll', contactIds: ids, simplify: false });
		const requests = await sandbox.requests();
		expect(requests.map((request) => request.path)).toEqual([
			`/CRM/Contact/M30011/DeceasedEstate/${ids[0]}`,
			`/CRM/Contact/M30011/DeceasedEstate/${ids.join(',')}`,
		]);
		expect(many.items.map((item) => item.json.id)).toEqual(ids);
	});

	test('Speculator Get reads the relations; Get Many uses the query form for 6 to 20 ids', async () => {
		const run = contactsRunner(sandbox, 'speculator');
		const persons = contactsOf(sandbox.handle.store, 'Person').slice(0, 8);
		const one = await run({ operation: 'get', contactId: persons[0].id });
		expect(one.error).toBeUndefined();
		expect(one.items[0].json).toMatchObject({ id: persons[0].id });
		expect(Array.isArray(one.items[0].json.speculatorOn)).toBe(true);
		const ids = persons.map((c) => c.id);
		const many = await run({ operation: 'getAll', contactIds: ids.join(',') });
		expect(many.error).toBeUndefined();
		const requests = await sandbox.requests();
		expect(requests[0]).toMatchObject({
			method: 'GET',
			path: `/CRM/Contact/M30011/Speculator/${ids[0]}`,
		});
		expect(requests[1]).toMatchObject({
			method: 'GET',
			path: '/CRM/Contact/M30011/Speculator',
			query: { contactIds: ids.join(',') },
		});
		expect(many.items.map((item) => item.json.id)).toEqual(ids);
	});
});
