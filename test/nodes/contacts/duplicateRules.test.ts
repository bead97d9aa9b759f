import { contactsOf, contactsRunner } from './fixtures';
import { useSandbox } from '../../harness/sandbox';

/** The duplicate rules of interface.md 4.5, each end to end: what one input sent twice does. */
describe('Estate Broker Contacts: duplicate rules of Create or Update', () => {
	const sandbox = useSandbox();
	const person = contactsRunner(sandbox, 'person');
	const company = contactsRunner(sandbox, 'company');
	const contactCount = () => sandbox.handle.store.contacts.size;

	async function twice(run: typeof person, parameters: Record<string, unknown>) {
		const first = await run({ operation: 'upsert', ...parameters });
		const second = await run({ operation: 'upsert', ...parameters });
		expect(first.error).toBeUndefined();
		expect(second.error).toBeUndefined();
		return [first.items[0].json, second.items[0].json];
	}

	test('1. With a Contact ID, that person is updated: twice gives the same person', async () => {
		const [stored] = contactsOf(sandbox.handle.store, 'Person');
		const before = contactCount();
		const [first, second] = await twice(person, {
			contactId: stored.id,
			cellPhone: stored.cellPhone,
			additionalFields: { note: 'Called back' },
		});
		expect(first.contactId).toBe(stored.id);
		expect(second.contactId).toBe(stored.id);
		expect(second.note).toBe('Called back');
		expect(contactCount()).toBe(before);
		const saves = (await sandbox.requests()).filter((request) => request.method === 'POST');
		expect(saves.map((request) => (request.body as { contactId: string }).contactId)).toEqual([
			stored.id,
			stored.id,
		]);
	});

	test('2. Without a Contact ID, the social security number matches: twice gives the stored person', async () => {
		const [, stored] = contactsOf(sandbox.handle.store, 'Person');
		const before = contactCount();
		const [first, second] = await twice(person, {
			socialSecurityNumber: stored.socialSecurityNumber,
			cellPhone: stored.cellPhone,
			additionalFields: { obtainThrough: 'Visit' },
		});
		expect([first.contactId, second.contactId]).toEqual([stored.id, stored.id]);
		expect(contactCount()).toBe(before);
	});

	test('3. Without both, first and last name with a phone or email match: twice gives one person', async () => {
		const stored = contactsOf(sandbox.handle.store, 'Person').find((c) => c.cellPhone !== '')!;
		const before = contactCount();
		const [first, second] = await twice(person, {
			firstName: stored.firstName,
			lastName: stored.lastName,
			cellPhone: stored.cellPhone,
		});
		expect([first.contactId, second.contactId]).toEqual([stored.id, stored.id]);
		expect(contactCount()).toBe(before);
	});

	test('4. Names alone are refused before sending: the service keeps no person without a phone or an e-mail (models-2026.json)', async () => {
		const before = contactCount();
		const { error } = await person({
			operation: 'upsert',
			firstName: 'Nils',
			lastName: 'Holgersson',
			additionalFields: { otherPhone: '070-000 00 00' },
		});
		expect(error?.message).toBe(
			'Email, Second Email, Mobile Phone, Home Phone or Work Phone must be given',
		);
		expect(await sandbox.requests()).toEqual([]);
		expect(contactCount()).toBe(before);
	});

	test('5. When nothing matches a new person is created; the same input again finds it', async () => {
		const before = contactCount();
		const [first, second] = await twice(person, {
			socialSecurityNumber: '19991231-9999',
			firstName: 'Selma',
			lastName: 'Lagerlöf',
			telePhone: '0590-123 45',
		});
		expect(first.contactId).toBe(second.contactId);
		expect(first).toMatchObject({ firstName: 'Selma', lastName: 'Lagerlöf' });
		expect(contactCount()).toBe(before + 1);
	});

	test('6. One matching field is enough: the other fields come back filled in', async () => {
		const stored = contactsOf(sandbox.handle.store, 'Person').find((c) => c.email !== '')!;
		const { items, error } = await person({
			operation: 'upsert',
			socialSecurityNumber: stored.socialSecurityNumber,
			email: stored.email,
		});
		expect(error).toBeUndefined();
		const [save] = await sandbox.requests();
		expect(save.body).toEqual({
			customerId: 'M30011',
			socialSecurityNumber: stored.socialSecurityNumber,
			email: { emailAddress: stored.email },
		});
		expect(items[0].json).toMatchObject({
			contactId: stored.id,
			firstName: stored.firstName,
			lastName: stored.lastName,
			email: { emailAddress: stored.email },
		});
	});

	test('Companies: the organisation number, then the name with the switchboard phone, match', async () => {
		const [stored] = contactsOf(sandbox.handle.store, 'Company');
		const before = contactCount();
		const [byNumber] = await twice(company, { corporateNumber: stored.corporateNumber });
		const [byName] = await twice(company, {
			companyName: stored.companyName,
			switchPhone: stored.switchPhone,
		});
		expect(byNumber).toMatchObject({ contactId: stored.id, name: stored.companyName });
		expect(byName.contactId).toBe(stored.id);
		expect(contactCount()).toBe(before);
		const [save, read] = await sandbox.requests();
		expect(save).toMatchObject({
			method: 'POST',
			path: '/Contacts/UpdateCompany',
			body: { customerId: 'M30011', corporateNumber: stored.corporateNumber },
		});
		expect(read).toMatchObject({ method: 'GET', path: `/CRM/Contact/M30011/Company/${stored.id}` });
	});
});
