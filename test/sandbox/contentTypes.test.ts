import { parseXml } from '../../nodes/shared/xml';
import { estateOf, findContact, useTestSandbox } from './helpers';

const sb = useTestSandbox();

const asText = { responseType: 'text' as const, transformResponse: (x: string) => x };
const xmlAccept = (accept = 'application/xml') => ({ ...asText, headers: { Accept: accept } });

describe('XML responses', () => {
	it('sends a record, an array, a string and a boolean as XML when Accept asks for it', async () => {
		const bid = [...sb.handle.store.bids.values()].find(
			(b) => b.customerId === 'M30011' && !b.isCanceled && !b.isHidden,
		)!;
		const one = await sb.demo.get(`/CRM/Bid/M30011/${bid.id}`, xmlAccept());
		expect(one.headers['content-type']).toMatch(/^application\/xml/);
		expect(one.data).toMatch(/^<Bid[\s>]/);
		expect(one.data).toContain(`<Id>${bid.id}</Id>`);
		expect(parseXml(one.data)).toMatchObject({
			id: bid.id,
			amount: bid.amount,
			isHidden: false,
			estateId: bid.estateId,
		});

		const list = await sb.demo.get('/CRM/Bids/M30011', {
			...xmlAccept('text/xml'),
			params: { 'criteria.estateId': bid.estateId },
		});
		expect(list.headers['content-type']).toMatch(/^text\/xml/);
		expect(list.data).toMatch(/^<ArrayOfBid[\s>]/);
		const parsed = parseXml(list.data) as { id: string }[];
		expect(parsed.map((b) => b.id)).toContain(bid.id);

		const estate = estateOf(sb, 'M30011');
		const contact = findContact(sb, 'Person', 'M30011');
		const placed = await sb.demo.post(
			`/CRM/Bid/M30011/${estate.id}/${contact.id}`,
			{ amount: '10' },
			xmlAccept(),
		);
		expect(placed.data).toMatch(/^<string>B\d{6}<\/string>$/);
		const annulled = await sb.demo.delete(`/CRM/Bid/M30011/${bid.id}`, xmlAccept());
		expect(annulled.data).toBe('<boolean>true</boolean>');
	});

	it('prefers JSON when Accept allows both or anything', async () => {
		for (const accept of ['application/xml, application/json', 'application/xml, */*', '*/*']) {
			const response = await sb.demo.get('/CRM/HiddenBids/M30011', xmlAccept(accept));
			expect(response.headers['content-type']).toMatch(/^application\/json/);
			expect(Array.isArray(JSON.parse(response.data))).toBe(true);
		}
		const textJson = await sb.demo.get('/CRM/HiddenBids/M30011', xmlAccept('text/json'));
		expect(textJson.headers['content-type']).toMatch(/^text\/json/);
	});

	it('sends errors as XML too', async () => {
		const response = await sb.demo.get('/CRM/Contact/G2/Search', {
			...xmlAccept(),
			params: { 'criteria.term': 'abc' },
		});
		expect(response.status).toBe(400);
		expect(parseXml(response.data)).toMatchObject({ message: 'The request is invalid.' });
		expect(response.data).toContain('<Field>criteria.term</Field>');
	});
});

describe('request bodies', () => {
	it('reads PascalCase XML with element-collection lists', async () => {
		const xml = `<?xml version="1.0" encoding="utf-8"?>
<UpdatePerson>
	<CustomerId>M30011</CustomerId>
	<FirstName>Ylva</FirstName>
	<LastName>Xmlsson</LastName>
	<SocialSecurityNumber>19800101-1234</SocialSecurityNumber>
	<CellPhone>0701112233</CellPhone>
	<CategoryIds><string>CAT001</string></CategoryIds>
	<LeadScore>3</LeadScore>
	<WishAdvertising>true</WishAdvertising>
</UpdatePerson>`;
		const response = await sb.demo.post('/Contacts/UpdatePerson', xml, {
			headers: { 'Content-Type': 'application/xml' },
		});
		expect(response.status).toBe(200);
		const contact = sb.handle.store.contacts.get(response.data)!;
		expect(contact).toMatchObject({
			firstName: 'Ylva',
			lastName: 'Xmlsson',
			socialSecurityNumber: '19800101-1234',
			cellPhone: '0701112233',
			categoryIds: ['CAT001'],
			leadScore: 3,
			advertisingEnabled: true,
		});
		const log = (await sb.control.get('/requests')).data;
		expect(log.at(-1).body).toMatchObject({
			customerId: 'M30011',
			firstName: 'Ylva',
			categoryIds: ['CAT001'],
		});
	});

	it('reads text/xml, text/json and form-urlencoded bodies', async () => {
		const estate = estateOf(sb, 'M30011');
		const contact = findContact(sb, 'Person', 'M30011');
		const url = `/CRM/Bid/M30011/${estate.id}/${contact.id}`;
		const xml = await sb.demo.post(
			url,
			'<BidData><Amount>2500000</Amount><IsHidden>true</IsHidden></BidData>',
			{ headers: { 'Content-Type': 'text/xml' } },
		);
		expect(sb.handle.store.bids.get(xml.data)).toMatchObject({ amount: '2500000', isHidden: true });
		const textJson = await sb.demo.post(
			url,
			JSON.stringify({ Amount: '2600000', Alias: 'Pascal' }),
			{ headers: { 'Content-Type': 'text/json' } },
		);
		expect(sb.handle.store.bids.get(textJson.data)).toMatchObject({
			amount: '2600000',
			alias: 'Pascal',
		});
		const form = await sb.demo.post(url, 'amount=2700000&isHidden=false&condition=Villkorat', {
			headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
		});
		expect(sb.handle.store.bids.get(form.data)).toMatchObject({
			amount: '2700000',
			isHidden: false,
			condition: 'Villkorat',
		});
		const nested = await sb.demo.post(
			'/Contacts/UpdatePerson',
			'customerId=M30011&firstName=Form&lastName=Nested&cellPhone=070-000 10 11&address.city=Lund&categoryIds[0]=CAT002',
			{
				headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
			},
		);
		expect(sb.handle.store.contacts.get(nested.data)).toMatchObject({
			firstName: 'Form',
			address: { city: 'Lund' },
			categoryIds: ['CAT002'],
		});
	});

	it('rejects unreadable JSON with a 400 body', async () => {
		const raw = {
			headers: { 'Content-Type': 'application/json' },
			transformRequest: [(data: string) => data],
		};
		const response = await sb.demo.post('/Contacts/UpdatePerson', '{"customerId": ', raw);
		expect(response.status).toBe(400);
		expect(response.data).toEqual({
			message: 'The request is invalid.',
			errors: [{ field: 'body', message: 'is not valid JSON' }],
		});
		const notObject = await sb.demo.post('/Contacts/UpdatePerson', '"just text"', raw);
		expect(notObject.data.errors).toEqual([{ field: 'body', message: 'must be an object' }]);
	});
});
