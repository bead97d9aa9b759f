import { findContact, liveTime, startTestSandbox, type TestSandbox } from './helpers';

let sb: TestSandbox;
beforeAll(async () => {
	sb = await startTestSandbox();
});
afterAll(async () => sb.handle.close());

type Entry = { id: string; changedAt: string; customerId: string };
const store = () => sb.handle.store;
const ids = (entries: Entry[]) => entries.map((e) => e.id);

describe('GET /CRM/Contact/{customerId} (list with criteria)', () => {
	it('returns persons, companies and deceased estates of the customer', async () => {
		const response = await sb.demo.get('/CRM/Contact/M30011');
		expect(response.status).toBe(200);
		expect(Object.keys(response.data).sort()).toEqual(['companies', 'deceasedEstates', 'persons']);
		for (const list of Object.values(response.data) as Entry[][]) {
			expect(list.length).toBeGreaterThan(0);
			expect(Object.keys(list[0]).sort()).toEqual(['changedAt', 'customerId', 'id']);
		}
		expect(
			response.data.persons.every((e: Entry) => store().contacts.get(e.id)!.type === 'Person'),
		).toBe(true);
		const changed = response.data.persons.map((e: Entry) => e.changedAt);
		expect([...changed].sort()).toEqual(changed);
	});

	it('filters by agent, lead score, custom field, newsletter list and active order type', async () => {
		const agent = await sb.demo.get('/CRM/Contact/M30011', {
			params: { 'criteria.agentId': 'HANE8994B35F2DC6672CBAA6E4FEB287DD8' },
		});
		expect(
			ids(agent.data.persons).every(
				(id) => store().contacts.get(id)!.agentId === 'HANE8994B35F2DC6672CBAA6E4FEB287DD8',
			),
		).toBe(true);
		expect(agent.data.persons.length).toBeGreaterThan(0);

		const stars = await sb.demo.get('/CRM/Contact/G2', { params: { 'criteria.leadScore': 5 } });
		expect(stars.data.persons.length).toBeGreaterThan(0);
		expect(ids(stars.data.persons).every((id) => store().contacts.get(id)!.leadScore === 5)).toBe(
			true,
		);

		const withField = findContact(sb, 'Person', 'M30011', (c) => c.customFields.length > 0);
		const field = withField.customFields[0];
		const custom = await sb.demo.get('/CRM/Contact/M30011', {
			params: { 'criteria.customFieldName': field.name, 'criteria.customFieldValue': field.value },
		});
		expect(ids(custom.data.persons)).toContain(withField.id);
		expect(
			ids(custom.data.persons).every((id) =>
				store()
					.contacts.get(id)!
					.customFields.some((f) => f.name === field.name && f.value === field.value),
			),
		).toBe(true);

		const subscriber = findContact(sb, 'Person', 'M30011', (c) => c.newsletterListIds.length > 0);
		const newsletter = await sb.demo.get('/CRM/Contact/M30011', {
			params: { 'criteria.newsletterListId': subscriber.newsletterListIds[0] },
		});
		expect(ids(newsletter.data.persons)).toContain(subscriber.id);
		const listed = [
			...newsletter.data.persons,
			...newsletter.data.companies,
			...newsletter.data.deceasedEstates,
		];
		expect(
			ids(listed).every((id) =>
				store().contacts.get(id)!.newsletterListIds.includes(subscriber.newsletterListIds[0]),
			),
		).toBe(true);

		const order = [...store().contactOrders.values()].find(
			(o) => o.active && o.customerId === 'M30011',
		)!;
		const ordered = await sb.demo.get('/CRM/Contact/M30011', {
			params: { 'criteria.contactScheduledOrderType': order.type },
		});
		expect(ids(ordered.data.persons)).toContain(order.contactId);
		const withActive = new Set(
			[...store().contactOrders.values()]
				.filter((o) => o.active && o.type === order.type)
				.map((o) => o.contactId),
		);
		expect(ids(ordered.data.persons).every((id) => withActive.has(id))).toBe(true);
	});

	it('filters by createdAt and changedAt bounds (inclusive)', async () => {
		const contact = findContact(sb, 'Person', 'M30011', (c) => c.createdAt !== c.changedAt);
		const exact = await sb.demo.get('/CRM/Contact/M30011', {
			params: {
				'criteria.changedAtFrom': contact.changedAt,
				'criteria.changedAtTo': contact.changedAt,
			},
		});
		expect(ids(exact.data.persons)).toEqual([contact.id]);
		const created = await sb.demo.get('/CRM/Contact/M30011', {
			params: {
				'criteria.createdAtFrom': contact.createdAt,
				'criteria.createdAtTo': contact.createdAt,
			},
		});
		expect(ids(created.data.persons)).toContain(contact.id);
	});

	it('rejects bad criteria values', async () => {
		const response = await sb.demo.get('/CRM/Contact/M30011', {
			params: {
				'criteria.contactScheduledOrderType': 'Weekly',
				'criteria.leadScore': 'x',
				'criteria.changedAtFrom': 'yesterday',
			},
		});
		expect(response.status).toBe(400);
		expect(response.data.message).toBe('The request is invalid.');
		const byField = Object.fromEntries(
			response.data.errors.map((e: { field: string; message: string }) => [e.field, e.message]),
		);
		expect(byField['criteria.contactScheduledOrderType']).toBe(
			'must be one of: EstateValue, FinalPricesInArea, BoneoSearchProfile',
		);
		expect(byField['criteria.leadScore']).toBe('must be an integer');
		expect(byField['criteria.changedAtFrom']).toBe('must be an ISO 8601 date-time');
	});
});

describe('contact search', () => {
	it('finds by name, e-mail, phone and personal number with scores, capped by maxSize', async () => {
		const person = findContact(
			sb,
			'Person',
			'M30011',
			(c) => !!c.email && !!c.cellPhone && c.lastName.length >= 5,
		);
		const byName = await sb.demo.get('/CRM/Contact/G2/Search', {
			params: { 'criteria.term': `${person.firstName} ${person.lastName}` },
		});
		expect(byName.status).toBe(200);
		const hit = byName.data.matches.find((m: { id: string }) => m.id === person.id);
		expect(hit).toMatchObject({
			id: person.id,
			customerId: 'M30011',
			type: 'Person',
			score: 100,
			changedAt: liveTime(person.changedAt),
		});
		expect(
			(await sb.demo.get('/CRM/Contact/G2/Search', { params: { 'criteria.term': person.email } }))
				.data.matches[0].id,
		).toBe(person.id);
		const byPhone = await sb.demo.get('/CRM/Contact/G2/Search', {
			params: { 'criteria.term': person.cellPhone },
		});
		expect(byPhone.data.matches.map((m: { id: string }) => m.id)).toContain(person.id);
		const capped = await sb.demo.get('/CRM/Contact/G2/Search', {
			params: { 'criteria.term': 'mail.example', 'criteria.maxSize': 7 },
		});
		expect(capped.data.matches).toHaveLength(7);
		const scores = capped.data.matches.map((m: { score: number }) => m.score);
		expect([...scores].sort((a, b) => b - a)).toEqual(scores);
		const defaultCap = await sb.demo.get('/CRM/Contact/G2/Search', {
			params: { 'criteria.term': 'mail.example' },
		});
		expect(defaultCap.data.matches).toHaveLength(50);
	});

	it('searches by personal or organisation number', async () => {
		const person = findContact(sb, 'Person', 'M30011', (c) => !!c.socialSecurityNumber);
		const response = await sb.demo.get('/CRM/Contact/M30011/search/SocialNumber', {
			params: { 'criteria.socialNumber': person.socialSecurityNumber.replace('-', '') },
		});
		expect(response.status).toBe(200);
		expect(response.data.matches.map((m: { id: string }) => m.id)).toContain(person.id);
		const company = findContact(sb, 'Company', 'M30011');
		const org = await sb.demo.get('/CRM/Contact/M30011/search/SocialNumber', {
			params: { 'criteria.socialNumber': company.corporateNumber },
		});
		expect(org.data.matches[0]).toEqual({
			id: company.id,
			changedAt: liveTime(company.changedAt),
			customerId: company.customerId,
			contactClassTypes: ['Company'],
		});
		const bad = await sb.demo.get('/CRM/Contact/M30011/search/SocialNumber', {
			params: { 'criteria.socialNumber': '123' },
		});
		expect(bad.status).toBe(400);
	});

	it('takes a social number of 10 to 13 characters only', async () => {
		const search = (socialNumber: string) =>
			sb.demo.get('/CRM/Contact/M30011/search/SocialNumber', {
				params: { 'criteria.socialNumber': socialNumber },
			});
		expect((await search('800101-12')).data.errors).toEqual([
			{ field: 'criteria.socialNumber', message: 'must be at least 10 characters' },
		]);
		expect((await search('19800101-12345')).data.errors).toEqual([
			{ field: 'criteria.socialNumber', message: 'must be at most 13 characters' },
		]);
		expect((await search('8001011234')).status).toBe(200);
		expect((await search('19800101-1234')).status).toBe(200);
	});

	it('enforces the term length and maxSize limits', async () => {
		const short = await sb.demo.get('/CRM/Contact/G2/Search', {
			params: { 'criteria.term': 'Anna' },
		});
		expect(short.data).toEqual({
			message: 'The request is invalid.',
			errors: [{ field: 'criteria.term', message: 'must be at least 5 characters' }],
		});
		const big = await sb.demo.get('/CRM/Contact/G2/Search', {
			params: { 'criteria.term': 'Anders', 'criteria.maxSize': 1001 },
		});
		expect(big.data.errors).toEqual([
			{ field: 'criteria.maxSize', message: 'must be at most 1000' },
		]);
		const zero = await sb.demo.get('/CRM/Contact/G2/search/SocialNumber', {
			params: { 'criteria.socialNumber': '198001011234', 'criteria.maxSize': 0 },
		});
		expect(zero.data.errors).toEqual([
			{ field: 'criteria.maxSize', message: 'must be at least 1' },
		]);
		const missing = await sb.demo.get('/CRM/Contact/G2/Search');
		expect(missing.data.errors).toEqual([{ field: 'criteria.term', message: 'is required' }]);
	});
});

describe('contact records by id', () => {
	const persons = () =>
		[...store().contacts.values()].filter(
			(c) => c.type === 'Person' && c.customerId === 'M30011' && !c.linkedCustomerIds.length,
		);

	it('returns one CrmContact for one id and an array in the given order for a comma list', async () => {
		const [a, b, c] = persons();
		const one = await sb.demo.get(`/CRM/Contact/M30011/${a.id}`);
		expect(one.data).toMatchObject({
			id: a.id,
			type: 'Person',
			customerId: 'M30011',
			agentId: a.agentId,
			email: { emailAddress: a.email },
			createdAt: liveTime(a.createdAt),
			changedAt: liveTime(a.changedAt),
		});
		expect(Array.isArray(one.data.categories)).toBe(true);
		const many = await sb.demo.get(`/CRM/Contact/M30011/${c.id},${a.id},${b.id}`);
		expect(many.data.map((x: { id: string }) => x.id)).toEqual([c.id, a.id, b.id]);
		expect((await sb.demo.get('/CRM/Contact/M30011/C999999')).status).toBe(404);
	});

	it('serves typed records in path and query forms; other types are left out of lists', async () => {
		const list = persons().slice(0, 7);
		const company = findContact(sb, 'Company', 'M30011');
		const deceased = findContact(sb, 'DeceasedEstate', 'M30011');
		const person = await sb.demo.get(`/CRM/Contact/M30011/Person/${list[0].id}`);
		expect(person.data).toMatchObject({
			id: list[0].id,
			firstName: list[0].firstName,
			lastName: list[0].lastName,
			socialSecurityNumber: list[0].socialSecurityNumber,
		});
		expect((await sb.demo.get(`/CRM/Contact/M30011/Person/${company.id}`)).status).toBe(404);
		const pathForm = await sb.demo.get(
			`/CRM/Contact/M30011/Person/${list[0].id},${company.id},${list[1].id}`,
		);
		expect(pathForm.data.map((x: { id: string }) => x.id)).toEqual([list[0].id, list[1].id]);
		const queryForm = await sb.demo.get('/CRM/Contact/M30011/Person', {
			params: { contactIds: list.map((c) => c.id).join(',') },
		});
		expect(queryForm.data.map((x: { id: string }) => x.id)).toEqual(list.map((c) => c.id));
		const single = await sb.demo.get('/CRM/Contact/M30011/Person', {
			params: { contactIds: list[0].id },
		});
		expect(Array.isArray(single.data)).toBe(true);
		const companyRecord = await sb.demo.get(`/CRM/Contact/M30011/Company/${company.id}`);
		expect(companyRecord.data).toMatchObject({
			id: company.id,
			name: company.companyName,
			corporateNumber: company.corporateNumber,
			telephone: { switch: company.switchPhone },
		});
		const company2 = findContact(sb, 'Company', 'M30011', (c) => c.id !== company.id);
		const companyPath = await sb.demo.get(
			`/CRM/Contact/M30011/Company/${company2.id},${company.id}`,
		);
		expect(companyPath.data.map((x: { id: string }) => x.id)).toEqual([company2.id, company.id]);
		const companyQuery = await sb.demo.get('/CRM/Contact/M30011/Company', {
			params: { contactIds: company.id },
		});
		expect(companyQuery.data[0].id).toBe(company.id);
		const estateRecord = await sb.demo.get(`/CRM/Contact/M30011/DeceasedEstate/${deceased.id}`);
		expect(estateRecord.data).toMatchObject({
			id: deceased.id,
			type: 'DeceasedEstate',
			name: `Dödsbo efter ${deceased.firstName} ${deceased.lastName}`,
		});
		expect(
			(await sb.demo.get(`/CRM/Contact/M30011/DeceasedEstate/${deceased.id},${company.id}`)).data,
		).toHaveLength(1);
		expect(
			(
				await sb.demo.get('/CRM/Contact/M30011/DeceasedEstate', {
					params: { contactIds: deceased.id },
				})
			).data[0].id,
		).toBe(deceased.id);
	});

	it('limits lists to 20 ids in the path and in contactIds', async () => {
		const tooMany = persons()
			.slice(0, 21)
			.map((c) => c.id);
		for (const url of [
			`/CRM/Contact/M30011/${tooMany.join(',')}`,
			`/CRM/Contact/M30011/Person/${tooMany.join(',')}`,
			`/CRM/Contact/M30011/Speculator/${tooMany.join(',')}`,
		]) {
			const response = await sb.demo.get(url);
			expect(response.status).toBe(400);
			expect(response.data.errors[0].field).toBe('contactIds');
		}
		const query = await sb.demo.get('/CRM/Contact/M30011/Company', {
			params: { contactIds: tooMany.join(',') },
		});
		expect(query.status).toBe(400);
		expect(query.data.errors[0]).toEqual({
			field: 'contactIds',
			message: 'at most 20 ids are allowed, 21 were given',
		});
		expect(
			(await sb.demo.get(`/CRM/Contact/M30011/Person/${tooMany.slice(0, 20).join(',')}`)).status,
		).toBe(200);
		expect((await sb.demo.get('/CRM/Contact/M30011/Person')).data.errors[0]).toEqual({
			field: 'contactIds',
			message: 'is required',
		});
	});

	it('lists speculator relations from bids and interest applications', async () => {
		const interest = [...store().interestApplications.values()].find(
			(i) => i.customerId === 'M30011',
		)!;
		const response = await sb.demo.get(`/CRM/Contact/M30011/Speculator/${interest.contactId}`);
		expect(response.status).toBe(200);
		expect(response.data.id).toBe(interest.contactId);
		expect(response.data.speculatorOn).toContainEqual(
			expect.objectContaining({
				estateId: interest.estateId,
				estateType: store().estates.get(interest.estateId)!.type,
			}),
		);
		const bid = [...store().bids.values()].find((b) => b.customerId === 'M30011' && !b.isCanceled)!;
		const bidder = await sb.demo.get('/CRM/Contact/M30011/Speculator', {
			params: { contactIds: bid.contactId },
		});
		const pathList = await sb.demo.get(
			`/CRM/Contact/M30011/Speculator/${interest.contactId},${bid.contactId}`,
		);
		expect(pathList.data.map((x: { id: string }) => x.id)).toEqual([
			interest.contactId,
			bid.contactId,
		]);
		expect(bidder.data[0].speculatorOn).toContainEqual(
			expect.objectContaining({ estateId: bid.estateId, level: 'ParticipateInBidding' }),
		);
	});
});

describe('present accommodation', () => {
	it('stores a present accommodation and reads it back in every form', async () => {
		const contact = findContact(
			sb,
			'Person',
			'M30011',
			(c) => !store().presentAccommodations.has(c.id),
		);
		const written = {
			estateType: 'HousingCooperative',
			livingSpace: 64,
			numberOfRooms: 2.5,
			price: 3150000,
			monthlyCost: 4120,
			other: 'Balcony',
			coordinate: { latitude: 59.31, longitude: 18.07 },
			movedInDate: '2019-05-01T00:00:00Z',
		};
		const posted = await sb.demo.post(
			`/CRM/Contact/M30011/PresentAccomodation/${contact.id}`,
			written,
		);
		expect(posted.status).toBe(200);
		expect(posted.data).toMatch(/^PA\d{5}$/);
		const read = await sb.demo.get(`/CRM/Contact/M30011/PresentAccomodation/${contact.id}`);
		// Read back in the record of models-2026.json (Crm_CrmPresentAccomodation), which has no monthly cost.
		const { monthlyCost: _written, ...readable } = written;
		expect(read.data).toEqual({
			hasBeenAsked: true,
			...readable,
			changedAt: liveTime(store().presentAccommodations.get(contact.id)!.changedAt),
		});
		expect(store().presentAccommodations.get(contact.id)).toMatchObject({ monthlyCost: 4120 });
		// The write's Farm reads as an agriculture property; the read's own names cannot be written.
		const farm = await sb.demo.post(`/CRM/Contact/M30011/PresentAccomodation/${contact.id}`, {
			estateType: 'Farm',
		});
		expect(farm.data).toBe(posted.data);
		expect(
			(await sb.demo.get(`/CRM/Contact/M30011/PresentAccomodation/${contact.id}`)).data.estateType,
		).toBe('AgricultureProperty');
		const condominium = await sb.demo.post(
			`/CRM/Contact/M30011/PresentAccomodation/${contact.id}`,
			{ estateType: 'Condominium' },
		);
		expect(condominium.data.errors).toEqual([
			{
				field: 'estateType',
				message:
					'must be one of: None, House, RowHouse, HousingCooperative, Cottage, Plot, Farm, Tenancy, OtherHousing',
			},
		]);
		const again = await sb.demo.post(`/CRM/Contact/M30011/PresentAccomodation/${contact.id}`, {
			estateType: 'House',
			livingSpace: 120,
			hasBeenAsked: false,
		});
		expect(again.data).toBe(posted.data);
		// A property the model lacks is ignored, as the service does, and the log names it.
		expect((await sb.control.get('/requests')).data.at(-1).outsideModel).toEqual(['hasBeenAsked']);
		const other = [...store().presentAccommodations.values()].find(
			(p) => p.customerId === 'M30011' && p.contactId !== contact.id,
		)!;
		const list = await sb.demo.get(
			`/CRM/Contact/M30011/PresentAccomodation/${contact.id},${other.contactId}`,
		);
		expect(list.data).toHaveLength(2);
		expect(list.data[0]).toEqual({
			hasBeenAsked: true,
			estateType: 'House',
			livingSpace: 120,
			changedAt: liveTime(store().presentAccommodations.get(contact.id)!.changedAt),
		});
		const query = await sb.demo.get('/CRM/Contact/M30011/PresentAccomodation', {
			params: { contactIds: `${other.contactId},${contact.id}` },
		});
		expect(query.data[1]).toEqual(list.data[0]);
		const invalid = await sb.demo.post(`/CRM/Contact/M30011/PresentAccomodation/${contact.id}`, {
			estateType: 'Castle',
		});
		expect(invalid.data.errors[0].field).toBe('estateType');
		const wrongType = await sb.demo.post(`/CRM/Contact/M30011/PresentAccomodation/${contact.id}`, {
			estateType: 'House',
			price: 'a lot',
		});
		expect(wrongType.data.errors[0].field).toBe('price');
		const none = findContact(
			sb,
			'Person',
			'M30011',
			(c) => !store().presentAccommodations.has(c.id),
		);
		expect((await sb.demo.get(`/CRM/Contact/M30011/PresentAccomodation/${none.id}`)).status).toBe(
			404,
		);
	});

	it('summarises present accommodations as statistics', async () => {
		const response = await sb.demo.get('/CRM/Contact/G2/PresentAccomodation/Statistics');
		expect(response.status).toBe(200);
		expect(response.data.office.map((o: { customerId: string }) => o.customerId)).toEqual([
			'M30011',
			'M30012',
		]);
		const users = response.data.office.flatMap(
			(o: {
				users: {
					id: string;
					estates: number;
					prospectives: { prospectives: number }[];
					askedProspectives: { prospectives: number }[];
				}[];
			}) => o.users,
		);
		const karin = users.find((u: { id: string }) => u.id === 'HAN126BD4E4523136890F57E2BB7E76FEC6');
		expect(karin.estates).toBe(
			[...store().estates.values()].filter(
				(e) => e.customerId === 'M30011' && e.agentId === 'HAN126BD4E4523136890F57E2BB7E76FEC6',
			).length,
		);
		const total = (groups: { prospectives: number }[]) =>
			groups.reduce((n, g) => n + g.prospectives, 0);
		for (const user of users)
			expect(total(user.askedProspectives)).toBeLessThanOrEqual(total(user.prospectives));
		const agent = await sb.demo.get('/CRM/Contact/G2/PresentAccomodation/Statistics', {
			params: {
				userId: 'HAN126BD4E4523136890F57E2BB7E76FEC6',
				dateFrom: '2000-01-01',
				dateTo: '2100-01-01',
			},
		});
		expect(
			agent.data.office.flatMap((o: { users: { id: string }[] }) => o.users.map((u) => u.id)),
		).toEqual(['HAN126BD4E4523136890F57E2BB7E76FEC6']);
		const reversed = await sb.demo.get('/CRM/Contact/G2/PresentAccomodation/Statistics', {
			params: { dateFrom: '2026-02-01', dateTo: '2026-01-01' },
		});
		expect(reversed.status).toBe(400);
	});
});
