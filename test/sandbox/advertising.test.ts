import { estateOf, findContact, useTestSandbox } from './helpers';

const sb = useTestSandbox();

const store = () => sb.handle.store;

describe('advertising association', () => {
	it('returns an association of the customer, 403 for another firm, 404 when unknown', async () => {
		const association = [...store().associations.values()].find((a) => a.customerId === 'M30011')!;
		const response = await sb.demo.get(`/Advertising/Association/M30011/${association.id}`);
		expect(response.status).toBe(200);
		expect(response.data).toMatchObject({
			name: association.name,
			corporateNumber: association.corporateNumber,
			numberOfApartments: association.numberOfApartments,
			descriptions: { generalAboutAssociation: association.description },
		});
		const foreign = [...store().associations.values()].find((a) => a.customerId === 'M40099')!;
		expect((await sb.demo.get(`/Advertising/Association/M30011/${foreign.id}`)).status).toBe(403);
		expect(
			(await sb.demo.get('/Advertising/Association/M30011/ORGBRF3D3E3916DCAFEB2522908C31D50699F4'))
				.status,
		).toBe(404);
	});
});

describe('interest applications', () => {
	it('creates a person, links it to the estate and adds an incoming lead', async () => {
		const estate = estateOf(sb, 'M30011');
		const contactsBefore = store().contacts.size;
		const response = await sb.demo.post(`/Advertising/Estate/M30011/${estate.id}/interest`, {
			firstName: 'Vera',
			lastName: 'Ekström',
			telephone: { cell: '070-987 65 43' },
			email: { emailAddress: 'vera.ekstrom@mail.example' },
			contactMessage: 'Finns det balkong?',
			status: 'VeryInterested',
		});
		expect(response.status).toBe(204);
		expect(response.data).toBe('');
		expect(store().contacts.size).toBe(contactsBefore + 1);
		const interest = [...store().interestApplications.values()].pop()!;
		expect(interest).toMatchObject({
			estateId: estate.id,
			status: 'VeryInterested',
			restrictive: false,
		});
		const contact = store().contacts.get(interest.contactId)!;
		expect(contact).toMatchObject({
			firstName: 'Vera',
			lastName: 'Ekström',
			cellPhone: '070-987 65 43',
			customerId: 'M30011',
		});
		expect(contact.createdAt).toBe(interest.createdAt);
		const lead = store().leads.get(interest.leadId)!;
		expect(lead).toMatchObject({
			direction: 'Incoming',
			leadType: 'InterestApplication',
			contactId: contact.id,
			estateId: estate.id,
			createdAt: interest.createdAt,
			customerId: 'M30011',
		});
		// the poller sees it as a new contact
		const list = await sb.demo.get('/CRM/Contact/M30011', {
			params: { 'criteria.createdAtFrom': contact.createdAt },
		});
		expect(list.data.persons.map((p: { id: string }) => p.id)).toContain(contact.id);
	});

	it('matches an existing person of any firm (whole database) and links it', async () => {
		const estate = estateOf(sb, 'M30011');
		const foreign = findContact(sb, 'Person', 'M40099', (c) => !!c.cellPhone);
		const response = await sb.demo.post(`/Advertising/Estate/M30011/${estate.id}/interest`, {
			firstName: foreign.firstName,
			lastName: foreign.lastName,
			telephone: { cell: foreign.cellPhone },
		});
		expect(response.status).toBe(204);
		const interest = [...store().interestApplications.values()].pop()!;
		expect(interest.contactId).toBe(foreign.id);
		expect(store().contacts.get(foreign.id)!.linkedCustomerIds).toContain('M30011');
		// now linked to the firm: readable through M30011
		expect((await sb.demo.get(`/CRM/Contact/M30011/${foreign.id}`)).status).toBe(200);
	});

	it('restrictive: only contacts linked to the firm count as duplicates', async () => {
		const estate = estateOf(sb, 'M30011');
		const foreign = findContact(sb, 'Person', 'M40099', (c) => !!c.socialSecurityNumber);
		const url = `/Advertising/Estate/M30011/${estate.id}/interestRestrictive`;
		const body = {
			firstName: foreign.firstName,
			lastName: foreign.lastName,
			socialSecurityNumber: foreign.socialSecurityNumber,
			email: { emailAddress: 'ny@mail.example' },
		};
		expect((await sb.demo.post(url, body)).status).toBe(204);
		const first = [...store().interestApplications.values()].pop()!;
		expect(first.contactId).not.toBe(foreign.id);
		expect(first.restrictive).toBe(true);
		const own = findContact(sb, 'Person', 'M30011', (c) => !!c.socialSecurityNumber);
		await sb.demo.post(url, {
			firstName: own.firstName,
			lastName: own.lastName,
			socialSecurityNumber: own.socialSecurityNumber,
			email: { emailAddress: own.email },
		});
		expect([...store().interestApplications.values()].pop()!.contactId).toBe(own.id);
		// the person created by the first call is now linked to the firm and is matched
		await sb.demo.post(url, body);
		expect([...store().interestApplications.values()].pop()!.contactId).toBe(first.contactId);
	});

	it('validates names and status', async () => {
		const estate = estateOf(sb, 'M30011');
		const response = await sb.demo.post(`/Advertising/Estate/M30011/${estate.id}/interest`, {
			firstName: '',
			lastName: 'x'.repeat(41),
			status: 'Curious',
		});
		expect(response.status).toBe(400);
		const fields = Object.fromEntries(
			response.data.errors.map((e: { field: string; message: string }) => [e.field, e.message]),
		);
		// models-2026.json: names 1 to 40 characters, its statuses, and an e-mail or a telephone.
		expect(fields).toEqual({
			firstName: 'must not be empty',
			lastName: 'must be at most 40 characters',
			status: 'must be one of: Interested, VeryInterested, Assigned, NotInterested',
			body: 'one of telephone, email must be given',
		});
		expect(
			(
				await sb.demo.post(`/Advertising/Estate/M30011/OBJ30011_2041199999/interest`, {
					firstName: 'a',
					lastName: 'b',
					telephone: { cell: '070-000 10 12' },
				})
			).status,
		).toBe(404);
	});

	it('keeps where the lead came from as sent: the referrer and the UTM tags (marketing, models-2026.json)', async () => {
		const estate = estateOf(sb, 'M30011');
		const marketing = {
			referrer: 'https://www.example.com/objekt/42',
			utmTags: [
				{ name: 'utm_source', value: 'hemnet' },
				{ name: 'utm_campaign', value: 'vår 2026' },
			],
		};
		const response = await sb.demo.post(`/Advertising/Estate/M30011/${estate.id}/interest`, {
			firstName: 'Utm',
			lastName: 'Taggad',
			email: { emailAddress: 'utm@mail.example' },
			marketing,
		});
		expect(response.status).toBe(204);
		expect([...store().interestApplications.values()].pop()!.marketing).toEqual(marketing);
		// A true/false flag is no marketing record: the service refuses it.
		const flag = await sb.demo.post(`/Advertising/Estate/M30011/${estate.id}/interest`, {
			firstName: 'Utm',
			lastName: 'Taggad',
			email: { emailAddress: 'utm@mail.example' },
			marketing: true,
		});
		expect(flag.status).toBe(400);
		expect(flag.data.errors).toEqual([{ field: 'marketing', message: 'must be an object' }]);
	});
});

describe('final-price watch', () => {
	it('registers a watch, returns its id and adds a lead', async () => {
		const estate = estateOf(sb, 'M30012');
		const response = await sb.demo.post(
			`/Advertising/Estate/M30012/${estate.id}/FinalPriceWatched`,
			{
				person: {
					firstName: 'Stig',
					lastName: 'Holm',
					email: { emailAddress: 'stig.holm@mail.example' },
				},
				prospectiveBuyerStatus: 'Interested',
				message: 'Meddela slutpris',
			},
		);
		expect(response.status).toBe(200);
		expect(response.data).toMatch(/^FP\d{6}$/);
		const watch = store().finalPriceWatches.get(response.data)!;
		expect(store().contacts.get(watch.contactId)!.email).toBe('stig.holm@mail.example');
		expect(store().leads.get(watch.leadId)!.leadType).toBe('FinalPriceWatch');
		const missing = await sb.demo.post(
			`/Advertising/Estate/M30012/${estate.id}/FinalPriceWatched`,
			{ message: 'x' },
		);
		expect(missing.data.errors).toEqual([{ field: 'person', message: 'is required' }]);
	});
});

describe('opt-out of a contact order', () => {
	it('ends the order; the contact no longer matches the order-type filter', async () => {
		const order = [...store().contactOrders.values()].find(
			(o) => o.active && o.customerId === 'M30011',
		)!;
		const filter = { 'criteria.contactScheduledOrderType': order.type };
		const before = await sb.demo.get('/CRM/Contact/M30011', { params: filter });
		expect(before.data.persons.map((p: { id: string }) => p.id)).toContain(order.contactId);
		const response = await sb.demo.put(
			`/Advertising/Message/M30011/ContactOrder/${order.id}/OptOut`,
		);
		expect(response.status).toBe(204);
		expect(store().contactOrders.get(order.id)).toMatchObject({ active: false });
		expect(store().contactOrders.get(order.id)!.endedAt).toEqual(expect.any(String));
		const stillActive = [...store().contactOrders.values()].some(
			(o) => o.contactId === order.contactId && o.active && o.type === order.type,
		);
		if (!stillActive) {
			const after = await sb.demo.get('/CRM/Contact/M30011', { params: filter });
			expect(after.data.persons.map((p: { id: string }) => p.id)).not.toContain(order.contactId);
		}
		expect(
			(await sb.demo.put(`/Advertising/Message/M30011/ContactOrder/${order.id}/OptOut`)).status,
		).toBe(204);
		expect(
			(await sb.demo.put('/Advertising/Message/M30011/ContactOrder/CO99999/OptOut')).status,
		).toBe(404);
		const foreign = [...store().contactOrders.values()].find((o) => o.customerId === 'M30012')!;
		expect(
			(await sb.demo.put(`/Advertising/Message/M30011/ContactOrder/${foreign.id}/OptOut`)).status,
		).toBe(403);
	});
});
