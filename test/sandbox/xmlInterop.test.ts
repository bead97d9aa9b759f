import { buildXml, parseXml } from '../../nodes/shared/xml';
import { toXml } from '../../sandbox/src/http/xmlWrite';
import { estateOf, findContact, useTestSandbox } from './helpers';

/**
 * The sandbox and the nodes write XML with separate code (sandbox/src/http/xml*.ts and
 * nodes/shared/xml): each must read what the other writes as the same JSON value.
 */
const sb = useTestSandbox();

const asText = { responseType: 'text' as const, transformResponse: (x: string) => x };

async function jsonAndXml(path: string, params: Record<string, unknown> = {}) {
	const json = await sb.demo.get(path, {
		...asText,
		params,
		headers: { Accept: 'application/json' },
	});
	const xml = await sb.demo.get(path, {
		...asText,
		params,
		headers: { Accept: 'application/xml' },
	});
	expect([json.status, xml.status]).toEqual([200, 200]);
	expect(xml.headers['content-type']).toMatch(/^application\/xml/);
	return { json: JSON.parse(json.data) as unknown, xml: xml.data as string };
}

describe('the nodes read the sandbox’s XML answers as their JSON', () => {
	/** The two months before the seed's latest lead (the report's longest range), from the data, not the clock. */
	function leadsRange() {
		const latest = Math.max(
			...[...sb.handle.store.leads.values()].map((lead) => Date.parse(lead.createdAt)),
		);
		return {
			customerId: 'G2',
			dateFrom: new Date(latest - 59 * 86_400_000).toISOString(),
			dateTo: new Date(latest + 60_000).toISOString(),
		};
	}
	const answers: [string, () => [string, Record<string, unknown>?]][] = [
		['a list of many bids', () => ['/CRM/Bids/M30011']],
		[
			'a list of one bid',
			() => {
				const counts = new Map<string, number>();
				for (const bid of sb.handle.store.bids.values())
					if (bid.customerId === 'M30011' && !bid.isHidden)
						counts.set(bid.estateId, (counts.get(bid.estateId) ?? 0) + 1);
				const estateId = [...counts].find(([, count]) => count === 1)?.[0];
				if (!estateId) throw new Error('no estate with exactly one bid in the seed');
				return ['/CRM/Bids/M30011', { 'criteria.estateId': estateId }];
			},
		],
		['an empty list', () => ['/CRM/Bids/M30011', { 'criteria.estateId': 'E-none' }]],
		[
			'one bid',
			() => [
				'/CRM/Bid/M30011/' +
					[...sb.handle.store.bids.values()].find((b) => b.customerId === 'M30011')!.id,
			],
		],
		['the contact list (nested lists)', () => ['/CRM/Contact/G2']],
		['one person', () => [`/CRM/Contact/M30011/Person/${findContact(sb, 'Person', 'M30011').id}`]],
		[
			'one company',
			() => [`/CRM/Contact/M30011/Company/${findContact(sb, 'Company', 'M30011').id}`],
		],
		['areas with polygons', () => ['/Area/GetAreas', { 'criteria.customerId': 'G2' }]],
		['categories', () => ['/Category/GetCategories', { customerId: 'M30011' }]],
		['users', () => ['/BusinessIntelligence/External/Users', { customerId: 'G2' }]],
		[
			'the tips-and-leads report',
			() => ['/BusinessIntelligence/TipsAndLeads/Report', leadsRange()],
		],
		[
			'the sales report',
			() => ['/BusinessIntelligence/GetSalesReport', { customerId: 'G2', selectionType: 'Create' }],
		],
		['estate references', () => ['/BusinessIntelligence/Estates', { customerId: 'G2' }]],
		['present-accommodation statistics', () => ['/CRM/Contact/G2/PresentAccomodation/Statistics']],
	];

	it.each(answers)('%s', async (_name, request) => {
		const [path, params] = request();
		const { json, xml } = await jsonAndXml(path, params);
		expect(parseXml(xml)).toEqual(json);
	});
});

describe('the nodes read records of the spec written by the sandbox, empty values included', () => {
	const records: [string, unknown, string][] = [
		[
			'a contact list with one person, two companies and no estates',
			{
				persons: [{ id: 'C1', changedAt: '2026-01-01T00:00:00Z', customerId: 'M30011' }],
				companies: [
					{ id: 'C2', changedAt: '2026-01-02T00:00:00Z', customerId: 'M30011' },
					{ id: 'C3', changedAt: '2026-01-03T00:00:00Z', customerId: 'M30012' },
				],
				deceasedEstates: [],
			},
			'CrmContactList',
		],
		[
			'a bid with a null alias and an empty condition',
			{
				id: 'B000001',
				estateId: 'OBJ30011_2041100001',
				contactId: 'C1',
				amount: '2500000',
				alias: null,
				condition: '',
				isHidden: false,
				isCanceled: true,
				createdAt: '2026-01-01T10:00:00Z',
			},
			'Bid',
		],
		[
			'a condominium with one room, one seller and no interests',
			{
				baseInformation: {
					livingSpace: 74.5,
					address: {
						coordinate: { longitud: 18.07, latitud: 59.33 },
						zipCode: '11646',
						streetAddress: 'Götgatan 1 & <2>\r\nuppgång B',
					},
				},
				interior: { rooms: [{ heading: 'Kök', text: '' }] },
				sellers: ['C1'],
				interests: [],
				userId: 'HANBDB1DD105679979CA82B28EDD1C8CCD2',
			},
			'CmsCondominium',
		],
		[
			'a leads report with one incoming lead and nothing else',
			{
				incomingLeads: [
					{
						createdAt: '2026-01-01T00:00:00Z',
						sender: 'HANBDB1DD105679979CA82B28EDD1C8CCD2',
						receiver: 'HANFBB798C2524102012E7BD22EEF00E52D',
						lead: 'L1',
						contact: 'C1',
						estate: 'OBJ30011_2041100001',
					},
				],
				outgoingLeads: [],
				tips: [],
			},
			'TipsAndLeadsReport',
		],
		[
			'a user of one office',
			{
				userId: 'HANBDB1DD105679979CA82B28EDD1C8CCD2',
				userName: 'Anna',
				customerId: ['M30011'],
				subOffices: [],
				archived: false,
			},
			'User',
		],
	];

	it.each(records)('%s', (_name, record, root) => {
		expect(parseXml(toXml(record, { root }))).toEqual(record);
	});
});

describe('the sandbox reads the nodes’ XML bodies as their JSON', () => {
	/** Posts a body as JSON and as the nodes' XML; the sandbox must log the same parsed body. */
	async function postBoth(path: string, body: Record<string, unknown>, root: string) {
		const json = await sb.demo.post(path, body);
		const xml = await sb.demo.post(path, buildXml(body, { rootName: root }), {
			headers: { 'Content-Type': 'application/xml' },
		});
		expect([json.status, xml.status]).toEqual([json.status, json.status]);
		expect(json.status).toBeLessThan(300);
		const log = (await sb.control.get('/requests')).data as { body: unknown }[];
		expect(log.at(-1)!.body).toEqual(log.at(-2)!.body);
		return log.at(-1)!.body;
	}

	it('a person with nested records and a list of one category', async () => {
		const body = {
			customerId: 'M30011',
			firstName: 'Ylva',
			lastName: 'Xml',
			address: { streetAddress: 'Storgatan 1', zipCode: '11122', city: 'Stockholm' },
			email: { emailAddress: 'ylva@example.com' },
			categoryIds: ['CAT001'],
			leadScore: 3,
			wishAdvertising: true,
		};
		expect(await postBoth('/Contacts/UpdatePerson', body, 'UpdatePerson')).toMatchObject({
			categoryIds: ['CAT001'],
			address: { zipCode: '11122' },
			leadScore: 3,
		});
	});

	it('a person with many categories and with none', async () => {
		await postBoth(
			'/Contacts/UpdatePerson',
			{
				customerId: 'M30011',
				firstName: 'Many',
				lastName: 'Lists',
				cellPhone: '070-111 22 33',
				categoryIds: ['CAT001', 'CAT002'],
			},
			'UpdatePerson',
		);
		expect(
			await postBoth(
				'/Contacts/UpdatePerson',
				{
					customerId: 'M30011',
					firstName: 'No',
					lastName: 'Lists',
					cellPhone: '070-111 22 34',
					categoryIds: [],
				},
				'UpdatePerson',
			),
		).toMatchObject({ categoryIds: [] });
	});

	it('a condominium with one room, many sellers, no interests and a coordinate', async () => {
		const sellers = [
			findContact(sb, 'Person', 'M30011').id,
			findContact(sb, 'Company', 'M30011').id,
		];
		const body = {
			baseInformation: {
				livingSpace: 74.5,
				status: 'AssignmentAttempt',
				address: {
					coordinate: { longitud: 18.0686, latitud: 59.3293 },
					zipCode: '01646',
					city: 'Stockholm',
				},
			},
			interior: { numberOfRooms: 3, rooms: [{ heading: 'Kök', text: 'Nytt' }] },
			price: { startingPrice: 3950000 },
			sellers,
			interests: [],
			userId: 'HAN126BD4E4523136890F57E2BB7E76FEC6',
		};
		expect(await postBoth('/Condominium/M30011', body, 'CmsCondominium')).toMatchObject({
			sellers,
			interests: [],
			interior: { rooms: [{ heading: 'Kök' }] },
		});
	});

	it('a bid with amount as text', async () => {
		const estate = estateOf(sb, 'M30011');
		const contact = findContact(sb, 'Person', 'M30011');
		expect(
			await postBoth(
				`/CRM/Bid/M30011/${estate.id}/${contact.id}`,
				{ amount: '0250000', alias: 'Budgivare', isHidden: false },
				'BidData',
			),
		).toMatchObject({ amount: '0250000' });
	});

	it('a farm search profile with one drawn area of many coordinates', async () => {
		const profile = [...sb.handle.store.searchProfiles.values()].find(
			(p) => p.customerId === 'M30011' && p.objectType === 'Farm',
		)!;
		const body = {
			subtypes: ['Agriculture'],
			areaIds: [],
			drawnAreas: [
				{
					coordinates: [
						{ longitud: 18, latitud: 59 },
						{ longitud: 18.5, latitud: 59 },
						{ longitud: 18.5, latitud: 59.5 },
					],
				},
			],
			bedrooms: 2,
		};
		const read = await postPut(
			`/CRM/Contact/M30011/SearchProfile/Farm/${profile.id}`,
			body,
			'SearchProfileFarmUpdate',
		);
		expect(read).toMatchObject({
			drawnAreas: [{ coordinates: [{ longitud: 18 }, { longitud: 18.5 }, { longitud: 18.5 }] }],
			areaIds: [],
		});
	});

	async function postPut(path: string, body: Record<string, unknown>, root: string) {
		const json = await sb.demo.put(path, body);
		const xml = await sb.demo.put(path, buildXml(body, { rootName: root }), {
			headers: { 'Content-Type': 'application/xml' },
		});
		expect([json.status, xml.status]).toEqual([204, 204]);
		const log = (await sb.control.get('/requests')).data as { body: unknown }[];
		expect(log.at(-1)!.body).toEqual(log.at(-2)!.body);
		return log.at(-1)!.body;
	}
});

describe('the sandbox’s XML reader refuses what the service refuses', () => {
	const post = (xml: string) =>
		sb.demo.post('/Contacts/UpdatePerson', xml, { headers: { 'Content-Type': 'application/xml' } });

	it('refuses a DOCTYPE, so no entity is declared or expanded', async () => {
		const bomb =
			'<!DOCTYPE UpdatePerson [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]><UpdatePerson><CustomerId>M30011</CustomerId><FirstName>&b;</FirstName></UpdatePerson>';
		const response = await post(bomb);
		expect(response.status).toBe(400);
		expect(response.data.errors).toEqual([
			{
				field: 'body',
				message: 'is not valid XML: DOCTYPE and entity declarations are not accepted',
			},
		]);
		const external = await post(
			'<!DOCTYPE x SYSTEM "file:///etc/passwd"><UpdatePerson><CustomerId>M30011</CustomerId></UpdatePerson>',
		);
		expect(external.status).toBe(400);
	});

	it('refuses undeclared entities and text that is not XML, and decodes character references', async () => {
		expect(
			(
				await post(
					'<UpdatePerson><CustomerId>M30011</CustomerId><FirstName>&nbsp;</FirstName></UpdatePerson>',
				)
			).data.errors[0].message,
		).toBe('is not valid XML: the entity &nbsp; is not accepted');
		expect((await post('just text')).data.errors[0].message).toMatch(
			/^is not valid XML: not well-formed at line 1/,
		);
		const created = await post(
			'<UpdatePerson><CustomerId>M30011</CustomerId><FirstName>Bj&#246;rn &amp; &#x00C5;sa</FirstName><LastName>L</LastName><CellPhone>070-111 22 35</CellPhone></UpdatePerson>',
		);
		expect(created.status).toBe(200);
		expect(sb.handle.store.contacts.get(created.data)).toMatchObject({ firstName: 'Björn & Åsa' });
	});
});
