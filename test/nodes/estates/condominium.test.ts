import type { IDataObject } from 'n8n-workflow';

import { packageNode } from '../../harness/packageNodes';
import { runNode } from '../../harness/engine';
import { useSandbox } from '../../harness/sandbox';
import { estateFixtures, startWireCapture } from './fixtures';

const nodeType = packageNode('estateBrokerEstates');

/** Every field of a condominium as a user fills them in the node's groups. */
function fullCondominium(agentId: string, contactIds: string[]) {
	return {
		userId: agentId,
		status: 'AssignmentAttempt',
		baseInformation: {
			livingSpace: 74.5,
			otherSpace: 6,
			propertyUnitDesignation: 'Vasastaden 1:23',
			assignmentSourceId: 4,
		},
		address: {
			streetAddress: 'Sveavägen 12',
			zipCode: '113 50',
			city: 'Stockholm',
			municipality: 'Stockholm',
			countryCode: 'SE',
			latitude: 59.3402,
			longitude: 18.0586,
		},
		interior: {
			numberOfRooms: 3,
			numberOfBedrooms: 2,
			maxNumberOfBedrooms: 3,
			description: 'Bright flat with windows in three directions',
			rooms: {
				room: [
					{ heading: 'Kitchen', text: 'Renovated 2021, dining area for six' },
					{ heading: 'Living room', text: 'Open fireplace' },
				],
			},
		},
		price: { startingPrice: 3950000 },
		description: {
			sellingHeading: 'Corner flat on Sveavägen',
			sellPhrase: 'Light on three sides',
			shortSellingDescription: 'Three rooms, balcony, lift',
			longSellingDescription: 'A well-kept three-room flat on the fourth floor.',
			other: 'Viewing by appointment',
		},
		sellersAndInterests: {
			sellers: `${contactIds[0]}, ${contactIds[1]}`,
			interests: contactIds[2],
		},
	};
}

/** The CmsCondominium body those fields make (section 2.1), written out from the same values. */
function expectedBody(agentId: string, contactIds: string[]): IDataObject {
	return {
		userId: agentId,
		assignmentSourceId: 4,
		baseInformation: {
			status: 'AssignmentAttempt',
			livingSpace: 74.5,
			otherSpace: 6,
			propertyUnitDesignation: 'Vasastaden 1:23',
			address: {
				streetAddress: 'Sveavägen 12',
				zipCode: '113 50',
				city: 'Stockholm',
				municipality: 'Stockholm',
				countryCode: 'SE',
				coordinate: { latitud: 59.3402, longitud: 18.0586 },
			},
		},
		interior: {
			numberOfRooms: 3,
			numberOfBedrooms: 2,
			maxNumberOfBedrooms: 3,
			description: 'Bright flat with windows in three directions',
			rooms: [
				{ heading: 'Kitchen', text: 'Renovated 2021, dining area for six' },
				{ heading: 'Living room', text: 'Open fireplace' },
			],
		},
		price: { startingPrice: 3950000 },
		description: {
			sellingHeading: 'Corner flat on Sveavägen',
			sellPhrase: 'Light on three sides',
			shortSellingDescription: 'Three rooms, balcony, lift',
			longSellingDescription: 'A well-kept three-room flat on the fourth floor.',
			other: 'Viewing by appointment',
		},
		sellers: [contactIds[0], contactIds[1]],
		interests: [contactIds[2]],
	};
}

describe('Estate Broker Estates: condominiums', () => {
	const sandbox = useSandbox();
	const run = async (
		parameters: IDataObject,
		options: { input?: IDataObject[]; continueOnFail?: boolean; baseUrl?: string } = {},
	) =>
		await runNode({
			nodeType,
			parameters: { resource: 'condominium', ...parameters } as never,
			credentials: sandbox.credentials(options.baseUrl ? { baseUrl: options.baseUrl } : {}),
			input: options.input,
			continueOnFail: options.continueOnFail,
		});
	const newEstateIds = (before: Set<string>) =>
		[...sandbox.handle.store.estates.keys()].filter((id) => !before.has(id));

	test('Create sends every field as CmsCondominium and gives the new id; the store holds exactly that record', async () => {
		const { agentId, contactIds } = estateFixtures(sandbox.handle.store);
		const before = new Set(sandbox.handle.store.estates.keys());
		const { items, error } = await run({
			operation: 'create',
			...fullCondominium(agentId, contactIds),
		});
		expect(error).toBeUndefined();
		const [request] = await sandbox.requests();
		expect(request).toMatchObject({ method: 'POST', path: '/Condominium/M30011', status: 200 });
		expect(request.body).toEqual(expectedBody(agentId, contactIds));
		const [id] = newEstateIds(before);
		expect(items).toEqual([{ json: { condominiumId: id }, pairedItem: { item: 0 } }]);
		const estate = sandbox.handle.store.estates.get(id)!;
		expect(estate.cms).toEqual(expectedBody(agentId, contactIds));
		expect(estate).toMatchObject({
			type: 'Condominium',
			customerId: 'M30011',
			agentId,
			sellerIds: contactIds.slice(0, 2),
			livingSpace: 74.5,
			startingPrice: 3950000,
		});
	});

	test('Update after Create sends only what was filled in; blank fields and empty rows leave the stored values alone', async () => {
		const { agentId, contactIds } = estateFixtures(sandbox.handle.store);
		const created = await run({ operation: 'create', ...fullCondominium(agentId, contactIds) });
		const id = String(created.items[0].json.condominiumId);
		await sandbox.clearRequests();
		const { items, error } = await run({
			operation: 'update',
			condominiumId: id,
			address: { zipCode: '113 51', streetAddress: '', city: '   ' },
			price: { startingPrice: 4100000 },
			description: { sellingHeading: '' },
			interior: { rooms: { room: [{ heading: '', text: ' ' }] } },
			sellersAndInterests: { sellers: '' },
		});
		expect(error).toBeUndefined();
		const [request] = await sandbox.requests();
		expect(request).toMatchObject({
			method: 'PUT',
			path: `/Condominium/M30011/${id}`,
			status: 204,
		});
		expect(request.body).toEqual({
			baseInformation: { address: { zipCode: '113 51' } },
			price: { startingPrice: 4100000 },
		});
		expect(items).toEqual([
			{ json: { condominiumId: id, updated: true }, pairedItem: { item: 0 } },
		]);
		const expected = expectedBody(agentId, contactIds);
		((expected.baseInformation as IDataObject).address as IDataObject).zipCode = '113 51';
		expected.price = { startingPrice: 4100000 };
		expect(sandbox.handle.store.estates.get(id)!.cms).toEqual(expected);
	});

	test('Update moves the agent and sets a status other than the listed one given by an expression', async () => {
		const { condominium, otherAgentId } = estateFixtures(sandbox.handle.store);
		const { error } = await run(
			{
				operation: 'update',
				condominiumId: condominium.id,
				baseInformation: { userId: otherAgentId, status: '={{ $json.stage }}' },
			},
			{ input: [{ stage: 'ForSale' }] },
		);
		expect(error).toBeUndefined();
		expect((await sandbox.requests())[0].body).toEqual({
			userId: otherAgentId,
			baseInformation: { status: 'ForSale' },
		});
		expect(sandbox.handle.store.estates.get(condominium.id)).toMatchObject({
			agentId: otherAgentId,
			status: 'ForSale',
		});
	});

	test('Update moves the agent chosen From List (the picker as the editor saves it), sending its ID', async () => {
		const { condominium, otherAgentId } = estateFixtures(sandbox.handle.store);
		const { error } = await run({
			operation: 'update',
			condominiumId: condominium.id,
			baseInformation: { userId: { __rl: true, mode: 'list', value: otherAgentId } },
		});
		expect(error).toBeUndefined();
		expect((await sandbox.requests())[0].body).toEqual({ userId: otherAgentId });
		expect(sandbox.handle.store.estates.get(condominium.id)).toMatchObject({
			agentId: otherAgentId,
		});
	});

	test('Values from expressions: numbers as text, id lists as arrays', async () => {
		const { agentId, contactIds } = estateFixtures(sandbox.handle.store);
		const { error } = await run(
			{
				operation: 'create',
				userId: agentId,
				status: 'AssignmentAttempt',
				baseInformation: { livingSpace: '={{ $json.area }}' },
				sellersAndInterests: { sellers: '={{ $json.sellers }}' },
			},
			{ input: [{ area: '58', sellers: contactIds.slice(0, 2) }] },
		);
		expect(error).toBeUndefined();
		expect((await sandbox.requests())[0].body).toEqual({
			userId: agentId,
			baseInformation: { status: 'AssignmentAttempt', livingSpace: 58 },
			sellers: contactIds.slice(0, 2),
		});
	});

	test.each([
		// A blank typed in is caught by n8n as a missing required parameter; an expression can still give one.
		[
			'an agent expression that gives nothing',
			{ userId: '={{ $json.agent }}' },
			'Agent is required',
		],
		[
			'only a latitude',
			{ address: { latitude: 59.3 } },
			'Address: Latitude and Longitude go together',
		],
		[
			'a latitude off the globe',
			{ address: { latitude: 95, longitude: 18 } },
			'Latitude must be from -90 to 90; got 95',
		],
		[
			'a negative living space',
			{ baseInformation: { livingSpace: -3 } },
			'Living Space (m²) must be 0 or more; got -3',
		],
		[
			'a fractional assignment source',
			{ baseInformation: { assignmentSourceId: 2.5 } },
			'Assignment Source ID must be a whole number; got "2.5"',
		],
		[
			'a price that is not a number',
			{ price: { startingPrice: 'about four million' } },
			'Starting Price must be a number; got "about four million"',
		],
	])('Create with %s is refused before anything is sent', async (_case, change, message) => {
		const { agentId } = estateFixtures(sandbox.handle.store);
		const { error } = await run(
			{ operation: 'create', userId: agentId, status: 'AssignmentAttempt', ...change },
			{ input: [{ agent: '' }] },
		);
		expect(error?.message).toBe(message);
		expect(await sandbox.requests()).toHaveLength(0);
	});

	test('Update with nothing to change, or without an id, is refused before anything is sent', async () => {
		const { condominium } = estateFixtures(sandbox.handle.store);
		const empty = await run({
			operation: 'update',
			condominiumId: condominium.id,
			description: { other: '  ' },
		});
		expect(empty.error?.message).toBe('Nothing to update');
		const noId = await run({
			operation: 'update',
			condominiumId: ' ',
			price: { startingPrice: 1 },
		});
		expect(noId.error?.message).toBe('Condominium ID is required');
		expect(await sandbox.requests()).toHaveLength(0);
	});

	test('Create in XML writes PascalCase elements, <string> sellers and <CmsRoom> rooms, and gives the same item', async () => {
		const { agentId, contactIds } = estateFixtures(sandbox.handle.store);
		const capture = await startWireCapture(sandbox.url);
		try {
			const before = new Set(sandbox.handle.store.estates.keys());
			const { items, error } = await run(
				{ operation: 'create', messageFormat: 'xml', ...fullCondominium(agentId, contactIds) },
				{ baseUrl: capture.url },
			);
			expect(error).toBeUndefined();
			const [wire] = capture.seen;
			expect(wire.contentType).toContain('application/xml');
			const xml = wire.body;
			expect(xml).toMatch(/^<CmsCondominium[ >]/);
			expect(xml).toContain(`<UserId>${agentId}</UserId>`);
			expect(xml).toContain('<Status>AssignmentAttempt</Status>');
			expect(xml).toContain(
				`<Sellers><string>${contactIds[0]}</string><string>${contactIds[1]}</string></Sellers>`,
			);
			expect(xml).toContain(`<Interests><string>${contactIds[2]}</string></Interests>`);
			expect(xml).toContain(
				'<Rooms><CmsRoom><Heading>Kitchen</Heading><Text>Renovated 2021, dining area for six</Text></CmsRoom><CmsRoom><Heading>Living room</Heading>',
			);
			const coordinate = /<Coordinate>(.*?)<\/Coordinate>/.exec(xml)?.[1] ?? '';
			expect(coordinate).toContain('<Latitud>59.3402</Latitud>');
			expect(coordinate).toContain('<Longitud>18.0586</Longitud>');
			expect(xml).toContain('<ZipCode>113 50</ZipCode>');
			const [id] = newEstateIds(before);
			expect(items).toEqual([{ json: { condominiumId: id }, pairedItem: { item: 0 } }]);
			expect(sandbox.handle.store.estates.get(id)!.cms).toEqual(expectedBody(agentId, contactIds));
		} finally {
			await capture.close();
		}
	});

	test('A customer the credential may not use gives the access message', async () => {
		const { agentId } = estateFixtures(sandbox.handle.store);
		const { error } = await run({
			operation: 'create',
			customerId: 'M40099',
			userId: agentId,
			status: 'AssignmentAttempt',
		});
		expect(error?.message).toBe('The credential has no access to this customer or record');
		expect((await sandbox.requests()).map((request) => [request.path, request.status])).toEqual([
			['/Condominium/M40099', 403],
		]);
	});

	test('With Continue On Fail an unknown condominium gives an error item and the next item is still updated', async () => {
		const { condominium } = estateFixtures(sandbox.handle.store);
		const { items, error } = await run(
			{
				operation: 'update',
				condominiumId: '={{ $json.id }}',
				price: { startingPrice: '={{ $json.price }}' },
			},
			{
				input: [
					{ id: 'OBJ30011_2041199999', price: 1 },
					{ id: condominium.id, price: 2750000 },
				],
				continueOnFail: true,
			},
		);
		expect(error).toBeUndefined();
		expect(items).toEqual([
			{
				json: {
					error: 'The service found no such record',
					description: 'Estate OBJ30011_2041199999 not found',
				},
				pairedItem: { item: 0 },
			},
			{ json: { condominiumId: condominium.id, updated: true }, pairedItem: { item: 1 } },
		]);
		expect(sandbox.handle.store.estates.get(condominium.id)!.startingPrice).toBe(2750000);
		expect((await sandbox.requests()).map((request) => request.status)).toEqual([404, 204]);
	});
});
