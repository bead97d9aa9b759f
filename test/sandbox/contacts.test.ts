import { findContact, useTestSandbox } from './helpers';

const sb = useTestSandbox();

const store = () => sb.handle.store;
const upsertPerson = (body: Record<string, unknown>) =>
	sb.demo.post('/Contacts/UpdatePerson', { customerId: 'M30011', ...body });
const upsertCompany = (body: Record<string, unknown>) =>
	sb.demo.post('/Contacts/UpdateCompany', { customerId: 'M30011', ...body });

describe('UpdatePerson duplicate rules (4.5)', () => {
	it('rule 1: matches on ContactId and updates the submitted fields', async () => {
		const person = findContact(sb, 'Person', 'M30011');
		const before = person.changedAt;
		const response = await upsertPerson({
			contactId: person.id,
			note: 'Ringa efter visning',
			cellPhone: '070-111 22 33',
		});
		expect(response.status).toBe(200);
		expect(response.data).toBe(person.id);
		const stored = store().contacts.get(person.id)!;
		expect(stored.note).toBe('Ringa efter visning');
		expect(stored.cellPhone).toBe('070-111 22 33');
		expect(stored.changedAt > before).toBe(true);
	});

	it("rule 1: an unknown ContactId is 404, another firm's is 403", async () => {
		expect(
			(await upsertPerson({ contactId: 'C999999', firstName: 'X', cellPhone: '070-000 10 00' }))
				.status,
		).toBe(404);
		const foreign = findContact(sb, 'Person', 'M30012');
		expect(
			(await upsertPerson({ contactId: foreign.id, firstName: 'X', cellPhone: '070-000 10 00' }))
				.status,
		).toBe(403);
	});

	it('rule 2: matches on SocialSecurityNumber (any notation) and updates the other fields', async () => {
		const person = findContact(sb, 'Person', 'M30011', (c) => !!c.socialSecurityNumber);
		const shortForm = person.socialSecurityNumber.slice(2); // YYMMDD-NNNN
		const response = await upsertPerson({
			socialSecurityNumber: shortForm,
			email: { emailAddress: 'ny.adress@mail.example', emailAddress2: 'andra@mail.example' },
		});
		expect(response.data).toBe(person.id);
		expect(store().contacts.get(person.id)).toMatchObject({
			email: 'ny.adress@mail.example',
			email2: 'andra@mail.example',
		});
	});

	it('reads the body as its model (docs/spec/models-2026.json): a phone or an e-mail, e-mail as text is a 400 naming it, Obtained Through one of its choices', async () => {
		const neither = await upsertPerson({ firstName: 'Ada', lastName: 'Lund' });
		expect(neither.status).toBe(400);
		expect(neither.data.errors).toEqual([
			{ field: 'body', message: 'one of telePhone, workPhone, cellPhone, email must be given' },
		]);
		const text = await upsertPerson({ firstName: 'Ada', email: 'ada@mail.example' });
		expect(text.status).toBe(400);
		expect(text.data.errors).toEqual([{ field: 'email', message: 'must be an object' }]);
		const choice = await upsertPerson({
			firstName: 'Ada',
			cellPhone: '070-000 10 01',
			obtainThrough: 'Hemnet',
			customField: [{ name: 'Källa', value: 'x' }],
		});
		expect(choice.status).toBe(400);
		expect(choice.data.errors).toEqual([
			{
				field: 'obtainThrough',
				message: 'must be one of: Interest, Phone, Visit, Agreement, Other, Email, NotAsked',
			},
			{ field: 'customField', message: 'must be an object' },
		]);
		const stray = await upsertPerson({
			firstName: 'Ada',
			lastName: 'Lund',
			cellPhone: '070-000 10 02',
			address: { city: 'Lund', careOf: 'Berg' },
			obtainThrough: 'Visit',
		});
		expect(stray.status).toBe(200);
		expect(store().contacts.get(stray.data)!.address).not.toHaveProperty('careOf');
		const logged = (await sb.control.get('/requests')).data.at(-1);
		expect(logged.outsideModel).toEqual(['address.careOf']);
	});

	it('rule 2: an unmatched SocialSecurityNumber creates a person even when names and phone match someone', async () => {
		const person = findContact(sb, 'Person', 'M30011', (c) => !!c.cellPhone);
		const response = await upsertPerson({
			socialSecurityNumber: '19991231-0000',
			firstName: person.firstName,
			lastName: person.lastName,
			cellPhone: person.cellPhone,
		});
		expect(response.status).toBe(200);
		expect(response.data).not.toBe(person.id);
		expect(store().contacts.get(response.data)!.socialSecurityNumber).toBe('19991231-0000');
	});

	it('rule 3: matches on first and last name with cellphone, telephone or e-mail', async () => {
		const person = findContact(sb, 'Person', 'M30011', (c) => !!c.cellPhone && !!c.email);
		const byCell = await upsertPerson({
			firstName: person.firstName.toUpperCase(),
			lastName: person.lastName,
			cellPhone: person.cellPhone.replace(/\D/g, ''),
		});
		expect(byCell.data).toBe(person.id);
		const byEmail = await upsertPerson({
			firstName: person.firstName,
			lastName: person.lastName,
			email: { emailAddress: person.email },
		});
		expect(byEmail.data).toBe(person.id);
		const withTele = findContact(sb, 'Person', 'M30011', (c) => !!c.telePhone);
		const byTele = await upsertPerson({
			firstName: withTele.firstName,
			lastName: withTele.lastName,
			telePhone: withTele.telePhone,
		});
		expect(byTele.data).toBe(withTele.id);
	});

	it('rule 3: names with a different phone create a new person', async () => {
		const person = findContact(sb, 'Person', 'M30011', (c) => !!c.cellPhone);
		const response = await upsertPerson({
			firstName: person.firstName,
			lastName: person.lastName,
			cellPhone: '070-000 00 01',
		});
		expect(response.data).not.toBe(person.id);
	});

	it('rule 4: names make no duplicate check and create a new person every time', async () => {
		const person = findContact(sb, 'Person', 'M30011');
		const first = await upsertPerson({
			firstName: person.firstName,
			lastName: person.lastName,
			workPhone: '08-000 10 03',
		});
		const second = await upsertPerson({
			firstName: person.firstName,
			lastName: person.lastName,
			workPhone: '08-000 10 04',
		});
		expect(first.data).not.toBe(person.id);
		expect(second.data).not.toBe(first.data);
	});

	it('rule 5: creates a person with new id, createdAt and changedAt', async () => {
		const size = store().contacts.size;
		const response = await upsertPerson({
			firstName: 'Greta',
			lastName: 'Nyman',
			cellPhone: '073-555 12 12',
			userId: 'HANE8994B35F2DC6672CBAA6E4FEB287DD8',
			categoryIds: ['CAT001'],
			leadScore: 4,
		});
		expect(response.status).toBe(200);
		expect(response.data).toBe(`C${String(size + 1).padStart(6, '0')}`);
		const created = store().contacts.get(response.data)!;
		expect(created).toMatchObject({
			type: 'Person',
			customerId: 'M30011',
			agentId: 'HANE8994B35F2DC6672CBAA6E4FEB287DD8',
			firstName: 'Greta',
			leadScore: 4,
			categoryIds: ['CAT001'],
		});
		expect(created.createdAt).toBe(created.changedAt);
	});

	it('blank names leave the stored values', async () => {
		const person = findContact(sb, 'Person', 'M30011');
		await upsertPerson({
			contactId: person.id,
			firstName: '',
			lastName: '   ',
			note: 'x',
			cellPhone: person.cellPhone,
		});
		const stored = store().contacts.get(person.id)!;
		expect(stored.firstName).toBe(person.firstName);
		expect(stored.lastName).toBe(person.lastName);
	});

	it("a group customer id creates the person in the user's office", async () => {
		const response = await sb.demo.post('/Contacts/UpdatePerson', {
			customerId: 'G2',
			firstName: 'Olle',
			lastName: 'Gruppsson',
			cellPhone: '070-000 10 05',
			userId: 'HAN55C6B13B304CB12A6F70D20F7A0302DA',
		});
		expect(store().contacts.get(response.data)!.customerId).toBe('M30012');
	});

	it('rejects unknown users and categories, long names, missing customerId', async () => {
		const user = await upsertPerson({
			firstName: 'A',
			cellPhone: '070-000 10 06',
			userId: 'HAN8C502EFB294EC0CA5E8E0F889522EBC2',
		});
		expect(user.status).toBe(400);
		expect(user.data.errors[0].field).toBe('userId');
		const category = await upsertPerson({
			firstName: 'A',
			cellPhone: '070-000 10 07',
			categoryIds: ['CAT999'],
		});
		expect(category.data.errors[0].field).toBe('categoryIds');
		const long = await upsertPerson({ firstName: 'x'.repeat(31), cellPhone: '070-000 10 08' });
		expect(long.data).toEqual({
			message: 'The request is invalid.',
			errors: [{ field: 'firstName', message: 'must be at most 30 characters' }],
		});
		const missing = await sb.demo.post('/Contacts/UpdatePerson', {
			firstName: 'A',
			cellPhone: '070-000 10 09',
		});
		expect(missing.status).toBe(400);
		expect(missing.data.errors).toEqual([{ field: 'customerId', message: 'is required' }]);
		const noBody = await sb.demo.post('/Contacts/UpdatePerson', undefined, {
			headers: { 'content-type': 'application/json' },
		});
		expect(noBody.status).toBe(400);
		expect(noBody.data.errors[0].field).toBe('body');
		const wrongType = await upsertPerson({
			leadScore: 'many',
			wishAdvertising: 'perhaps',
			cellPhone: '070-000 10 10',
		});
		expect(wrongType.data.errors.map((e: { field: string }) => e.field).sort()).toEqual([
			'leadScore',
			'wishAdvertising',
		]);
	});
});

describe('UpdateCompany duplicate rules (4.5)', () => {
	it('rule 1: ContactId', async () => {
		const company = findContact(sb, 'Company', 'M30011');
		const response = await upsertCompany({ contactId: company.id, homePage: 'https://ny.example' });
		expect(response.data).toBe(company.id);
		expect(store().contacts.get(company.id)!.homePage).toBe('https://ny.example');
		// a person id is not a company
		expect(
			(await upsertCompany({ contactId: findContact(sb, 'Person', 'M30011').id })).status,
		).toBe(404);
	});

	it('rule 2: CorporateNumber, with or without hyphen', async () => {
		const company = findContact(sb, 'Company', 'M30011');
		const response = await upsertCompany({
			corporateNumber: company.corporateNumber.replace('-', ''),
			note: 'Ny avtalskund',
		});
		expect(response.data).toBe(company.id);
		expect(store().contacts.get(company.id)!.note).toBe('Ny avtalskund');
	});

	it('rule 3: CompanyName with SwitchPhone or e-mail', async () => {
		const company = findContact(sb, 'Company', 'M30011');
		expect(
			(await upsertCompany({ companyName: company.companyName, switchPhone: company.switchPhone }))
				.data,
		).toBe(company.id);
		expect(
			(
				await upsertCompany({
					companyName: company.companyName.toLowerCase(),
					email: { emailAddress: company.email },
				})
			).data,
		).toBe(company.id);
		expect(
			(await upsertCompany({ companyName: company.companyName, switchPhone: '08-000 00 00' })).data,
		).not.toBe(company.id);
	});

	it('otherwise creates a company', async () => {
		const response = await upsertCompany({
			companyName: 'Nya Fastigheter AB',
			corporateNumber: '559999-0001',
		});
		const created = store().contacts.get(response.data)!;
		expect(created).toMatchObject({
			type: 'Company',
			companyName: 'Nya Fastigheter AB',
			corporateNumber: '559999-0001',
			customerId: 'M30011',
		});
	});
});

describe('the duplicate rules find contacts as they stand', () => {
	it("a person renamed by an upsert is found by the new name only; one added by the seed's activity is found; one merged away is not", async () => {
		const person = findContact(sb, 'Person', 'M30011', (c) => !!c.cellPhone);
		const { cellPhone, firstName, lastName } = person;
		// A first check builds the rules' index.
		expect((await upsertPerson({ firstName, lastName, cellPhone })).data).toBe(person.id);
		expect((await upsertPerson({ contactId: person.id, lastName: 'Omdöpt', cellPhone })).data).toBe(
			person.id,
		);
		expect((await upsertPerson({ firstName, lastName: 'omdöpt', cellPhone })).data).toBe(person.id);
		const byOldName = await upsertPerson({ firstName, lastName, cellPhone });
		expect(byOldName.data).not.toBe(person.id);

		// Added to the store by other code than the rules' callers, after the index was built.
		const added = {
			...store().contacts.get(byOldName.data)!,
			id: 'C900001',
			firstName: 'Tilda',
			lastName: 'Tillagd',
			cellPhone: '070-900 00 01',
			linkedCustomerIds: [],
		};
		store().contacts.set(added.id, added);
		expect(
			(await upsertPerson({ firstName: 'Tilda', lastName: 'Tillagd', cellPhone: '0709000001' }))
				.data,
		).toBe('C900001');

		// Deleted from the store (a merge), the same number of contacts as before: not found.
		store().contacts.delete('C900001');
		const twin = {
			...added,
			id: 'C900002',
			firstName: 'Annan',
			lastName: 'Tvilling',
			cellPhone: '070-900 00 02',
		};
		store().contacts.set(twin.id, twin);
		expect(
			(await upsertPerson({ firstName: 'Tilda', lastName: 'Tillagd', cellPhone: '0709000001' }))
				.data,
		).not.toBe('C900001');
	});

	it('with several matches the oldest contact wins, also when an older one takes the name later', async () => {
		const older = findContact(sb, 'Person', 'M30011', (c) => !!c.email);
		const newer = (
			await upsertPerson({
				firstName: 'Ebba',
				lastName: 'Äldst',
				email: { emailAddress: older.email },
			})
		).data as string;
		expect(newer > older.id).toBe(true);
		expect(
			(
				await upsertPerson({
					firstName: 'Ebba',
					lastName: 'Äldst',
					email: { emailAddress: older.email },
				})
			).data,
		).toBe(newer);
		await upsertPerson({
			contactId: older.id,
			firstName: 'Ebba',
			lastName: 'Äldst',
			email: { emailAddress: older.email },
		});
		expect(
			(
				await upsertPerson({
					firstName: 'Ebba',
					lastName: 'Äldst',
					email: { emailAddress: older.email },
				})
			).data,
		).toBe(older.id);
	});
});

describe('GetContactsWithPhonenumber', () => {
	it('finds contacts by phone in any notation, grouped by customer', async () => {
		const person = findContact(sb, 'Person', 'M30011', (c) => !!c.cellPhone);
		const international = '+46' + person.cellPhone.replace(/\D/g, '').slice(1);
		const response = await sb.demo.get('/Contacts/GetContactsWithPhonenumber', {
			params: { phoneNumber: international },
		});
		expect(response.status).toBe(200);
		const group = response.data.find((g: { customerId: string }) => g.customerId === 'M30011');
		expect(group.contactIds).toContain(person.id);
		const scoped = await sb.demo.get('/Contacts/GetContactsWithPhonenumber', {
			params: { phoneNumber: person.cellPhone, customerId: 'M30012' },
		});
		expect(scoped.data.flatMap((g: { contactIds: string[] }) => g.contactIds)).not.toContain(
			person.id,
		);
	});

	it('needs phoneNumber', async () => {
		const response = await sb.demo.get('/Contacts/GetContactsWithPhonenumber');
		expect(response.status).toBe(400);
		expect(response.data.errors[0]).toEqual({ field: 'phoneNumber', message: 'is required' });
	});
});

describe('GET /Category/GetCategories', () => {
	it('lists person and company categories of the customer', async () => {
		const response = await sb.demo.get('/Category/GetCategories', { params: { customerId: 'G2' } });
		expect(response.status).toBe(200);
		expect(response.data.personCategories.map((c: { name: string }) => c.name)).toContain(
			'Spekulant',
		);
		expect(
			response.data.companyCategories.every(
				(c: object) => Object.keys(c).sort().join() === 'id,name,readOnly',
			),
		).toBe(true);
		expect((await sb.demo.get('/Category/GetCategories')).status).toBe(400);
	});
});
