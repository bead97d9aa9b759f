import { estateOf, findContact, useTestSandbox } from './helpers';

const sb = useTestSandbox();

const store = () => sb.handle.store;

function condominium(sellerId: string) {
	return {
		baseInformation: {
			livingSpace: 64.5,
			otherSpace: 4,
			propertyUnitDesignation: 'Stockholm Katarina 5:12',
			status: 'AssignmentAttempt',
			address: {
				municipality: 'Stockholm',
				coordinate: { longitud: 18.071, latitud: 59.315 },
				streetAddress: 'Åsögatan 112',
				zipCode: '116 24',
				city: 'Stockholm',
				countryCode: 'SE',
			},
		},
		interior: {
			numberOfRooms: 2.5,
			numberOfBedrooms: 1,
			maxNumberOfBedrooms: 2,
			description: 'Ljus tvåa med balkong.',
			rooms: [
				{ heading: 'Kök', text: 'Renoverat 2021.' },
				{ heading: 'Vardagsrum', text: 'Balkong i söderläge.' },
			],
		},
		price: { startingPrice: 4_250_000 },
		sellers: [sellerId],
		interests: [],
		description: {
			sellPhrase: 'Sol hela dagen',
			sellingHeading: 'Tvåa på Söder',
			shortSellingDescription: 'Kort',
			longSellingDescription: 'Lång text',
			other: '',
		},
		userId: 'HANE8994B35F2DC6672CBAA6E4FEB287DD8',
		assignmentSourceId: 3,
	};
}

describe('POST/PUT /Condominium (4.4)', () => {
	it('creates a condominium the store, bids and reports can use', async () => {
		const seller = findContact(sb, 'Person', 'M30011');
		const body = condominium(seller.id);
		const created = await sb.demo.post('/Condominium/M30011', body);
		expect(created.status).toBe(200);
		expect(created.data).toMatch(/^OBJ30011_\d{10}$/);
		const estate = store().estates.get(created.data)!;
		expect(estate).toMatchObject({
			customerId: 'M30011',
			type: 'Condominium',
			status: 'AssignmentAttempt',
			agentId: 'HANE8994B35F2DC6672CBAA6E4FEB287DD8',
			livingSpace: 64.5,
			numberOfRooms: 2.5,
			startingPrice: 4_250_000,
			coordinate: { longitud: 18.071, latitud: 59.315 },
			sellerIds: [seller.id],
			address: {
				municipality: 'Stockholm',
				streetAddress: 'Åsögatan 112',
				zipCode: '116 24',
				city: 'Stockholm',
				countryCode: 'SE',
			},
			finalPrice: null,
			contractDate: null,
		});
		expect(estate.estateNumber).toMatch(/^30011-\d{4}$/);
		expect(new Set([...store().estates.values()].map((e) => e.estateNumber)).size).toBe(
			store().estates.size,
		);
		expect(estate.cms).toEqual(body);

		const bidder = findContact(sb, 'Person', 'M30011', (c) => c.id !== seller.id);
		const bid = await sb.demo.post(`/CRM/Bid/M30011/${estate.id}/${bidder.id}`, {
			amount: '4300000',
		});
		expect(bid.status).toBe(200);
		const bids = await sb.demo.get('/CRM/Bids/G2', { params: { 'criteria.estateId': estate.id } });
		expect(bids.data.map((b: { id: string }) => b.id)).toEqual([bid.data]);
	});

	it('creates through a group in the office of the agent', async () => {
		const created = await sb.demo.post('/Condominium/G2', {
			baseInformation: { livingSpace: 40 },
			userId: 'HAN20DDE9C116735E10DAFC3016F110AD81',
		});
		expect(created.status).toBe(200);
		const estate = store().estates.get(created.data)!;
		expect(estate).toMatchObject({
			customerId: 'M30012',
			agentId: 'HAN20DDE9C116735E10DAFC3016F110AD81',
			livingSpace: 40,
			address: { municipality: 'Uppsala' },
		});
		expect(estate.estateNumber).toMatch(/^30012-/);
		expect(
			(
				await sb.demo.post('/Condominium/M30011', {
					baseInformation: {},
					userId: 'HAN20DDE9C116735E10DAFC3016F110AD81',
				})
			).data.errors,
		).toEqual([{ field: 'userId', message: 'is not a user of office M30011' }]);
	});

	it('updates only the parts a PUT gives', async () => {
		const seller = findContact(sb, 'Person', 'M30011');
		const body = condominium(seller.id);
		const id = (await sb.demo.post('/Condominium/M30011', body)).data;
		const createdAt = store().estates.get(id)!.changedAt;
		const update = await sb.sodermalm.put(`/Condominium/M30011/${id}`, {
			baseInformation: { livingSpace: 66, address: { zipCode: '116 25' } },
			interior: { rooms: [{ heading: 'Sovrum', text: 'Plats för dubbelsäng.' }] },
			price: { startingPrice: 4_100_000 },
			userId: 'HANE974FF23D0203E1074BC3CAB155A0289',
		});
		expect(update.status).toBe(204);
		expect(update.data).toBe('');
		const estate = store().estates.get(id)!;
		expect(estate).toMatchObject({
			livingSpace: 66,
			startingPrice: 4_100_000,
			agentId: 'HANE974FF23D0203E1074BC3CAB155A0289',
			numberOfRooms: 2.5,
			address: { zipCode: '116 25', streetAddress: 'Åsögatan 112', city: 'Stockholm' },
		});
		expect(estate.changedAt >= createdAt).toBe(true);
		expect(estate.cms).toEqual({
			...body,
			baseInformation: {
				...body.baseInformation,
				livingSpace: 66,
				address: { ...body.baseInformation.address, zipCode: '116 25' },
			},
			interior: { ...body.interior, rooms: [{ heading: 'Sovrum', text: 'Plats för dubbelsäng.' }] },
			price: { startingPrice: 4_100_000 },
			userId: 'HANE974FF23D0203E1074BC3CAB155A0289',
		});
	});

	it('updates a seeded condominium; selling it shows in the budget report', async () => {
		const estate = [...store().estates.values()].find(
			(e) => e.customerId === 'M30011' && e.type === 'Condominium' && e.status === 'ForSale',
		)!;
		const now = new Date(store().now());
		const params = {
			fromYear: now.getUTCFullYear(),
			fromMonth: now.getUTCMonth() + 1,
			toYear: now.getUTCFullYear(),
			toMonth: now.getUTCMonth() + 1,
		};
		const before = (await sb.demo.get('/Report/Budget/M30011/SoldEstates', { params })).data[0]
			.outcome;
		const commissionBefore = (await sb.demo.get('/Report/Budget/M30011/Commission', { params }))
			.data[0].outcome;
		const response = await sb.demo.put(`/Condominium/G2/${estate.id}`, {
			baseInformation: { status: 'Sold' },
		});
		expect(response.status).toBe(204);
		expect(estate).toMatchObject({ status: 'Sold', finalPrice: estate.startingPrice });
		expect(estate.contractDate).not.toBeNull();
		expect(
			(estate.cms as { baseInformation: { livingSpace: number } }).baseInformation.livingSpace,
		).toBe(estate.livingSpace);
		expect(
			(await sb.demo.get('/Report/Budget/M30011/SoldEstates', { params })).data[0].outcome,
		).toBe(before + 1);
		expect(
			(await sb.demo.get('/Report/Budget/M30011/Commission', { params })).data[0].outcome,
		).toBe(commissionBefore + estate.commission.amount);
	});

	it('rejects missing and mistyped fields, naming them', async () => {
		const missing = await sb.demo.post('/Condominium/M30011', undefined, {
			headers: { 'Content-Type': 'application/json' },
		});
		expect(missing.status).toBe(400);
		expect(missing.data.errors).toEqual([{ field: 'body', message: 'a request body is required' }]);
		const empty = await sb.demo.post('/Condominium/M30011', {});
		expect(empty.data.errors).toEqual([
			{ field: 'baseInformation', message: 'is required' },
			{ field: 'userId', message: 'is required' },
		]);
		const wrong = await sb.demo.post('/Condominium/M30011', {
			baseInformation: {
				livingSpace: 'large',
				status: 'Bogus',
				address: { coordinate: { longitud: 18, latitud: 200 } },
			},
			interior: { rooms: ['kitchen'] },
			assignmentSourceId: 1.5,
			userId: 'HANE8994B35F2DC6672CBAA6E4FEB287DD8',
		});
		expect(wrong.status).toBe(400);
		expect(wrong.data.errors.map((e: { field: string }) => e.field).sort()).toEqual([
			'assignmentSourceId',
			'baseInformation.address.coordinate.latitud',
			'baseInformation.livingSpace',
			'baseInformation.status',
			'interior.rooms[0]',
		]);
		const seller = await sb.demo.post('/Condominium/M30011', {
			baseInformation: {},
			userId: 'HANE8994B35F2DC6672CBAA6E4FEB287DD8',
			sellers: ['C999999'],
		});
		expect(seller.data.errors).toEqual([
			{ field: 'sellers[0]', message: 'is not a contact of customer M30011' },
		]);
		const foreignInterest = findContact(sb, 'Person', 'M40099');
		const interest = await sb.demo.post('/Condominium/M30011', {
			baseInformation: {},
			userId: 'HANE8994B35F2DC6672CBAA6E4FEB287DD8',
			interests: [foreignInterest.id],
		});
		expect(interest.data.errors[0].field).toBe('interests[0]');
		const size = store().estates.size;
		expect(
			(
				await sb.demo.put(`/Condominium/M30011/${estateOf(sb, 'M30011').id}`, {
					price: { startingPrice: -5 },
				})
			).data.errors[0].field,
		).toBe('price.startingPrice');
		expect(store().estates.size).toBe(size);
	});

	it('answers 404, 403 and 400 for the wrong estate', async () => {
		expect(
			(
				await sb.demo.put('/Condominium/M30011/OBJ30011_2041199999', {
					price: { startingPrice: 1 },
				})
			).status,
		).toBe(404);
		const uppsala = [...store().estates.values()].find(
			(e) => e.customerId === 'M30012' && e.type === 'Condominium',
		)!;
		expect(
			(await sb.sodermalm.put(`/Condominium/M30011/${uppsala.id}`, { price: { startingPrice: 1 } }))
				.status,
		).toBe(403);
		expect(
			(await sb.other.put(`/Condominium/M30011/${uppsala.id}`, { price: { startingPrice: 1 } }))
				.status,
		).toBe(403);
		expect(
			(
				await sb.other.post(
					'/Condominium/M30011',
					condominium(findContact(sb, 'Person', 'M30011').id),
				)
			).status,
		).toBe(403);
		const house = [...store().estates.values()].find(
			(e) => e.customerId === 'M30012' && e.type === 'House',
		)!;
		const wrongType = await sb.demo.put(`/Condominium/G2/${house.id}`, {
			price: { startingPrice: 1 },
		});
		expect(wrongType.status).toBe(400);
		expect(wrongType.data.errors).toEqual([
			{ field: 'id', message: `${house.id} is a House, not a Condominium` },
		]);
		expect(house.startingPrice).not.toBe(1);
	});

	it('reads a PascalCase XML body and answers XML', async () => {
		const seller = findContact(sb, 'Person', 'M30011');
		const xml = `<?xml version="1.0" encoding="utf-8"?>
<CmsCondominium>
  <BaseInformation>
    <LivingSpace>71.5</LivingSpace>
    <PropertyUnitDesignation>Stockholm Katarina 5:13</PropertyUnitDesignation>
    <Status>AssignmentAttempt</Status>
    <Address>
      <Municipality>Stockholm</Municipality>
      <Coordinate><Longitud>18.072</Longitud><Latitud>59.316</Latitud></Coordinate>
      <StreetAddress>Folkungagatan 90</StreetAddress>
      <ZipCode>116 30</ZipCode>
      <City>Stockholm</City>
      <CountryCode>SE</CountryCode>
    </Address>
  </BaseInformation>
  <Interior>
    <NumberOfRooms>3</NumberOfRooms>
    <Rooms><CmsRoom><Heading>Kök</Heading><Text>Gasspis.</Text></CmsRoom></Rooms>
  </Interior>
  <Price><StartingPrice>5100000</StartingPrice></Price>
  <Sellers><string>${seller.id}</string></Sellers>
  <UserId>HAN126BD4E4523136890F57E2BB7E76FEC6</UserId>
</CmsCondominium>`;
		const response = await sb.demo.post('/Condominium/M30011', xml, {
			headers: { 'Content-Type': 'application/xml', Accept: 'application/xml' },
		});
		expect(response.status).toBe(200);
		const id = /^<string[^>]*>(OBJ\d+_\d{10})<\/string>$/.exec(response.data)?.[1];
		expect(id).toBeDefined();
		const estate = store().estates.get(id!)!;
		expect(estate).toMatchObject({
			livingSpace: 71.5,
			numberOfRooms: 3,
			startingPrice: 5_100_000,
			agentId: 'HAN126BD4E4523136890F57E2BB7E76FEC6',
			sellerIds: [seller.id],
			address: { streetAddress: 'Folkungagatan 90', zipCode: '116 30' },
		});
		expect(estate.cms).toEqual({
			baseInformation: {
				livingSpace: 71.5,
				propertyUnitDesignation: 'Stockholm Katarina 5:13',
				status: 'AssignmentAttempt',
				address: {
					municipality: 'Stockholm',
					coordinate: { longitud: 18.072, latitud: 59.316 },
					streetAddress: 'Folkungagatan 90',
					zipCode: '116 30',
					city: 'Stockholm',
					countryCode: 'SE',
				},
			},
			interior: { numberOfRooms: 3, rooms: [{ heading: 'Kök', text: 'Gasspis.' }] },
			price: { startingPrice: 5_100_000 },
			sellers: [seller.id],
			userId: 'HAN126BD4E4523136890F57E2BB7E76FEC6',
		});
	});
});

describe('POST/PUT /Cottage (4.4)', () => {
	it('creates and updates a cottage with its plot', async () => {
		const created = await sb.demo.post('/Cottage/M30012', {
			baseInformation: {
				livingSpace: 58,
				status: 'AssignmentAccepted',
				address: { streetAddress: 'Sjövägen 4', city: 'Knivsta' },
			},
			plot: { area: 1450, isLeasehold: false },
			price: { startingPrice: 1_950_000 },
			userId: 'HAN5B76E7A481909B3A5E5A3AED72A9EDE9',
			ignored: 'not a CmsCottage field',
		});
		// The service ignores what the model lacks; the request log names it.
		const [logged] = (await sb.control.get('/requests')).data;
		expect(logged.outsideModel).toEqual(['plot.isLeasehold', 'ignored']);
		expect(created.status).toBe(200);
		const estate = store().estates.get(created.data)!;
		expect(estate).toMatchObject({
			type: 'Cottage',
			customerId: 'M30012',
			status: 'ForSale',
			startingPrice: 1_950_000,
			commission: { assignment: 'Sale', percent: 2, amount: 39_000 },
		});
		expect(estate.agreementDate).not.toBeNull();
		expect(estate.cms).toEqual({
			baseInformation: {
				livingSpace: 58,
				status: 'AssignmentAccepted',
				address: { streetAddress: 'Sjövägen 4', city: 'Knivsta' },
			},
			plot: { area: 1450 },
			price: { startingPrice: 1_950_000 },
			userId: 'HAN5B76E7A481909B3A5E5A3AED72A9EDE9',
		});
		const update = await sb.demo.put(`/Cottage/G2/${estate.id}`, {
			plot: { area: 1500 },
			price: { startingPrice: 2_000_000 },
		});
		expect(update.status).toBe(204);
		expect((estate.cms as { plot: unknown }).plot).toEqual({ area: 1500 });
		expect(estate.commission.amount).toBe(40_000);
		const asCondominium = await sb.demo.put(`/Condominium/G2/${estate.id}`, {
			price: { startingPrice: 1 },
		});
		expect(asCondominium.status).toBe(400);
		expect(asCondominium.data.errors[0].field).toBe('id');
		const badPlot = await sb.demo.put(`/Cottage/G2/${estate.id}`, {
			plot: { area: -1 },
			baseInformation: { status: 'ForSale' },
		});
		expect(badPlot.data.errors).toEqual([
			{
				field: 'baseInformation.status',
				message: 'must be one of: AssignmentAttempt, AssignmentAccepted, NoAssignment',
			},
			{ field: 'plot.area', message: 'must be at least 0' },
		]);
		const missing = await sb.demo.post('/Cottage/M30012', { plot: { area: 10 } });
		expect(missing.data.errors.map((e: { field: string }) => e.field)).toEqual([
			'baseInformation',
			'userId',
		]);
		expect((await sb.other.put(`/Cottage/M40099/${estate.id}`, { plot: { area: 1 } })).status).toBe(
			403,
		);
		expect(
			(await sb.demo.put('/Cottage/G2/OBJ30011_2041199999', { plot: { area: 1 } })).status,
		).toBe(404);
	});
});

describe('POST /DeclarationProvider (4.4)', () => {
	it('stores a declaration on a new estate and on a seeded one', async () => {
		const id = (
			await sb.demo.post('/Condominium/M30011', {
				baseInformation: { livingSpace: 30 },
				userId: 'HAN126BD4E4523136890F57E2BB7E76FEC6',
			})
		).data;
		const pdf = Buffer.from('%PDF-1.4 energideklaration');
		const response = await sb.demo.post(`/DeclarationProvider/M30011/${id}`, {
			data: pdf.toString('base64'),
			name: 'Energideklaration.pdf',
			advertise: true,
		});
		expect(response.status).toBe(200);
		expect(response.data).toMatch(/^D\d{5}$/);
		const stored = store().declarations.get(response.data)!;
		expect(stored).toMatchObject({
			estateId: id,
			customerId: 'M30011',
			name: 'Energideklaration.pdf',
			advertise: true,
			size: pdf.length,
		});
		expect(Buffer.from(stored.data, 'base64').equals(pdf)).toBe(true);
		expect(store().estates.get(id)!.declarations).toEqual([
			{
				id: response.data,
				name: 'Energideklaration.pdf',
				advertise: true,
				size: pdf.length,
				addedAt: stored.addedAt,
			},
		]);

		const seeded = estateOf(sb, 'M30012');
		const wrapped = `${Buffer.from('a'.repeat(100))
			.toString('base64')
			.replace(/(.{40})/g, '$1\n')}`;
		const second = await sb.demo.post(`/DeclarationProvider/G2/${seeded.id}`, {
			data: wrapped,
			name: 'Frågelista.pdf',
		});
		expect(second.status).toBe(200);
		expect(store().declarations.get(second.data)).toMatchObject({
			estateId: seeded.id,
			customerId: 'M30012',
			advertise: false,
			size: 100,
		});
	});

	it('validates the file and the estate', async () => {
		const estate = estateOf(sb, 'M30011');
		const url = `/DeclarationProvider/M30011/${estate.id}`;
		const fieldsOf = async (body: unknown) => {
			const response = await sb.demo.post(url, body, {
				headers: { 'Content-Type': 'application/json' },
			});
			expect(response.status).toBe(400);
			return response.data.errors;
		};
		expect(await fieldsOf(undefined)).toEqual([
			{ field: 'body', message: 'a request body is required' },
		]);
		expect(await fieldsOf({ name: 'a.pdf', data: 'not base64!' })).toEqual([
			{ field: 'data', message: 'must be Base64' },
		]);
		expect(await fieldsOf({ name: 'a.pdf', data: 'abc' })).toEqual([
			{ field: 'data', message: 'must be Base64' },
		]);
		expect(await fieldsOf({ name: 'a.pdf', data: '' })).toEqual([
			{ field: 'data', message: 'must not be empty' },
		]);
		expect(await fieldsOf({ name: 'a.pdf', data: ' \n ' })).toEqual([
			{ field: 'data', message: 'must not be empty' },
		]);
		expect(await fieldsOf({ data: 'aGVq' })).toEqual([{ field: 'name', message: 'is required' }]);
		expect(await fieldsOf({ name: 'a.pdf', data: 'aGVq', advertise: 'yes' })).toEqual([
			{ field: 'advertise', message: 'must be true or false' },
		]);
		expect(
			(
				await sb.demo.post('/DeclarationProvider/M30011/OBJ30011_2041199999', {
					name: 'a.pdf',
					data: 'aGVq',
				})
			).status,
		).toBe(404);
		const uppsala = estateOf(sb, 'M30012');
		expect(
			(
				await sb.sodermalm.post(`/DeclarationProvider/M30011/${uppsala.id}`, {
					name: 'a.pdf',
					data: 'aGVq',
				})
			).status,
		).toBe(403);
		expect((await sb.other.post(url, { name: 'a.pdf', data: 'aGVq' })).status).toBe(403);
		expect(store().declarations.size).toBe(0);
	});

	it('is cleared by a reset, like the estates created through the interface', async () => {
		const id = (
			await sb.demo.post('/Cottage/M30011', {
				baseInformation: {},
				userId: 'HAN126BD4E4523136890F57E2BB7E76FEC6',
			})
		).data;
		await sb.demo.post(`/DeclarationProvider/M30011/${id}`, { name: 'a.pdf', data: 'aGVq' });
		expect(store().declarations.size).toBe(1);
		expect((await sb.control.post('/reset')).status).toBeLessThan(300);
		expect(store().declarations.size).toBe(0);
		expect(store().estates.has(id)).toBe(false);
	});
});
