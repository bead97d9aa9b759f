import { parseXml } from '../../nodes/shared/xml';
import type { Area } from '../../sandbox/src/store/types';
import { liveTime, useTestSandbox } from './helpers';

const sb = useTestSandbox();

const AREA_FIELDS = [
	'archived',
	'areaId',
	'areaName',
	'county',
	'dateChanged',
	'description',
	'externalId',
	'images',
	'polygon',
	'polygonWGS84',
	'showOnInternet',
];
const areasOf = (...offices: string[]): Area[] =>
	[...sb.handle.store.areas.values()].filter((a) => offices.includes(a.customerId));
const ids = (list: { areaId?: string; id?: string }[]) => list.map((a) => a.areaId ?? a.id).sort();
const fields = (response: { data: { errors: { field: string }[] } }) =>
	response.data.errors.map((e) => e.field).sort();

/** A small square in Södermalm, GeoJSON order [longitude, latitude], closed. */
const SODERMALM = [
	[18.06, 59.31],
	[18.08, 59.31],
	[18.08, 59.32],
	[18.06, 59.32],
	[18.06, 59.31],
];

describe('GET /Area/GetAreas (4.1)', () => {
	it('lists the areas of a group, archived ones included, with the polygon in both forms', async () => {
		const archived = areasOf('M30012')[0];
		archived.archived = true;
		const response = await sb.demo.get('/Area/GetAreas', {
			params: { 'criteria.customerId': 'G2' },
		});
		expect(response.status).toBe(200);
		const expected = areasOf('M30011', 'M30012');
		expect(expected.length).toBeGreaterThan(2);
		expect(ids(response.data)).toEqual(ids(expected));
		expect(
			response.data.find((a: { areaId: string }) => a.areaId === archived.areaId).archived,
		).toBe(true);
		const first = response.data[0];
		expect(Object.keys(first).sort()).toEqual(AREA_FIELDS);
		const stored = sb.handle.store.areas.get(first.areaId)!;
		expect(first).toMatchObject({
			areaName: stored.areaName,
			description: stored.description,
			externalId: stored.externalId,
			showOnInternet: stored.showOnInternet,
			dateChanged: liveTime(stored.dateChanged),
		});
		expect(first.polygon).toEqual(stored.polygon);
		expect(first.polygonWGS84).toEqual(
			stored.polygon.map(({ longitud, latitud }) => ({ longitud, latitud })),
		);
	});

	it('scopes by customer: an office sees only its own areas, a foreign office is 403', async () => {
		const office = await sb.sodermalm.get('/Area/GetAreas', {
			params: { 'criteria.customerId': 'M30011' },
		});
		expect(office.status).toBe(200);
		expect(ids(office.data)).toEqual(ids(areasOf('M30011')));
		expect(
			(await sb.sodermalm.get('/Area/GetAreas', { params: { 'criteria.customerId': 'G2' } }))
				.status,
		).toBe(403);
		expect(
			(await sb.other.get('/Area/GetAreas', { params: { 'criteria.customerId': 'M30011' } }))
				.status,
		).toBe(403);
		const own = await sb.other.get('/Area/GetAreas', {
			params: { 'criteria.customerId': 'M40099' },
		});
		expect(ids(own.data)).toEqual(ids(areasOf('M40099')));
	});

	it('picks one area by criteria.areaId: 404 unknown, 403 another office', async () => {
		const [area] = areasOf('M30012');
		const one = await sb.demo.get('/Area/GetAreas', {
			params: { 'criteria.customerId': 'G2', 'criteria.areaId': area.areaId },
		});
		expect(one.status).toBe(200);
		expect(ids(one.data)).toEqual([area.areaId]);
		expect(
			(
				await sb.demo.get('/Area/GetAreas', {
					params: { 'criteria.customerId': 'M30011', 'criteria.areaId': area.areaId },
				})
			).status,
		).toBe(403);
		expect(
			(
				await sb.demo.get('/Area/GetAreas', {
					params: {
						'criteria.customerId': 'G2',
						'criteria.areaId': 'SOM1BEA397DB6287D5C3B06E04278A19177',
					},
				})
			).status,
		).toBe(404);
	});

	it('needs criteria.customerId and sends XML on request', async () => {
		const missing = await sb.demo.get('/Area/GetAreas');
		expect(missing.status).toBe(400);
		expect(missing.data.errors).toEqual([{ field: 'criteria.customerId', message: 'is required' }]);
		const xml = await sb.demo.get('/Area/GetAreas', {
			params: { 'criteria.customerId': 'M30011' },
			headers: { Accept: 'application/xml' },
			responseType: 'text',
		});
		expect(xml.status).toBe(200);
		expect(xml.data).toMatch(/^<ArrayOfArea[ >]/);
		const parsed = parseXml(xml.data) as {
			areaId: string;
			polygon: unknown[];
			polygonWGS84: unknown[];
		}[];
		expect(ids(parsed)).toEqual(ids(areasOf('M30011')));
		const stored = sb.handle.store.areas.get(parsed[0].areaId)!;
		expect(parsed[0].polygonWGS84).toEqual(
			stored.polygon.map(({ longitud, latitud }) => ({ longitud, latitud })),
		);
	});
});

describe('Focus areas (4.1)', () => {
	it('creates a focus area that the list then shows, scoped to the customer of the call', async () => {
		const created = await sb.demo.post(
			'/Area/FocusArea',
			{ areaName: ' Södermalm öst ', coordinates: SODERMALM, municipalityCode: '0180' },
			{ params: { customerId: 'M30011' } },
		);
		expect(created.status).toBe(200);
		expect(created.data).toMatch(/^FA\d{4}$/);
		const stored = sb.handle.store.focusAreas.get(created.data)!;
		expect(stored).toMatchObject({
			customerId: 'M30011',
			areaName: 'Södermalm öst',
			municipalityCode: '0180',
			coordinates: SODERMALM,
		});
		const group = await sb.demo.post(
			'/Area/FocusArea',
			{
				areaName: 'Hela regionen',
				coordinates: [
					[17.5, 59.2],
					[18.3, 59.2],
					[17.9, 59.95],
				],
			},
			{ params: { customerId: 'G2' } },
		);
		expect(group.status).toBe(200);

		const viaGroup = await sb.demo.get('/Area/FocusArea', {
			params: { 'request.customerId': 'G2' },
		});
		expect(viaGroup.status).toBe(200);
		expect(ids(viaGroup.data)).toEqual([created.data, group.data].sort());
		const viaOffice = await sb.sodermalm.get('/Area/FocusArea', {
			params: { 'request.customerId': 'M30011' },
		});
		expect(viaOffice.data).toEqual([
			{
				id: created.data,
				customerId: 'M30011',
				areaName: 'Södermalm öst',
				municipalityCode: '0180',
				coordinates: SODERMALM,
				createdAt: liveTime(stored.createdAt),
			},
		]);
		expect(
			(await sb.demo.get('/Area/FocusArea', { params: { 'request.customerId': 'M30012' } })).data,
		).toEqual([]);
		// Focus areas are their own resource: GetAreas does not list them.
		const areas = await sb.demo.get('/Area/GetAreas', { params: { 'criteria.customerId': 'G2' } });
		expect(ids(areas.data)).toEqual(ids(areasOf('M30011', 'M30012')));
	});

	it('picks one focus area by request.areaId: 404 unknown, 403 another customer', async () => {
		const created = await sb.demo.post(
			'/Area/FocusArea',
			{ areaName: 'Söder', coordinates: SODERMALM },
			{ params: { customerId: 'M30011' } },
		);
		const one = await sb.demo.get('/Area/FocusArea', {
			params: { 'request.customerId': 'G2', 'request.areaId': created.data },
		});
		expect(ids(one.data)).toEqual([created.data]);
		expect(
			(
				await sb.demo.get('/Area/FocusArea', {
					params: { 'request.customerId': 'M30012', 'request.areaId': created.data },
				})
			).status,
		).toBe(403);
		expect(
			(
				await sb.demo.get('/Area/FocusArea', {
					params: { 'request.customerId': 'G2', 'request.areaId': 'FA9999' },
				})
			).status,
		).toBe(404);
		expect(
			(await sb.other.get('/Area/FocusArea', { params: { 'request.customerId': 'M30011' } }))
				.status,
		).toBe(403);
		expect((await sb.demo.get('/Area/FocusArea')).data.errors).toEqual([
			{ field: 'request.customerId', message: 'is required' },
		]);
	});

	it('validates the request: customerId, name, polygon, municipality code', async () => {
		const post = (body: unknown, customerId: string | null = 'M30011') =>
			sb.demo.post('/Area/FocusArea', body, { params: customerId ? { customerId } : {} });
		expect((await post({ areaName: 'x', coordinates: SODERMALM }, null)).data.errors).toEqual([
			{ field: 'customerId', message: 'is required' },
		]);
		expect(
			(
				await sb.other.post(
					'/Area/FocusArea',
					{ areaName: 'x', coordinates: SODERMALM },
					{ params: { customerId: 'M30011' } },
				)
			).status,
		).toBe(403);
		expect((await post(undefined)).data.errors).toEqual([
			{ field: 'body', message: 'a request body is required' },
		]);
		expect(fields(await post({}))).toEqual(['areaName', 'coordinates']);
		expect(fields(await post({ areaName: '   ', coordinates: SODERMALM }))).toEqual(['areaName']);
		const short = await post({
			areaName: 'x',
			coordinates: [
				[18.06, 59.31],
				[18.08, 59.31],
				[18.06, 59.31],
			],
		});
		expect(short.data.errors).toEqual([
			{ field: 'coordinates', message: 'must have at least 3 distinct points' },
		]);
		const notPairs = await post({
			areaName: 'x',
			coordinates: [[18.06, 59.31, 12], [18.08], [18.08, 59.32], [18.06, 59.32]],
		});
		expect(fields(notPairs)).toEqual(['coordinates', 'coordinates[0]', 'coordinates[1]']);
		const outOfRange = await post({
			areaName: 'x',
			coordinates: [
				[18.06, 95],
				[-181, 59.31],
				[18.08, 59.32],
			],
		});
		expect(fields(outOfRange)).toEqual(['coordinates[0][1]', 'coordinates[1][0]']);
		expect(outOfRange.data.errors[0].message).toContain('GeoJSON order');
		expect(fields(await post({ areaName: 'x', coordinates: [['east', 59.31]] }))).toEqual([
			'coordinates[0][0]',
		]);
		const badCode = await post({ areaName: 'x', coordinates: SODERMALM, municipalityCode: '180' });
		expect(badCode.data.errors).toEqual([
			{ field: 'municipalityCode', message: 'must be a four-digit municipality code' },
		]);
		expect(sb.handle.store.focusAreas.size).toBe(0);
	});

	it('catches [latitude, longitude] pairs: out of range, or outside Sweden when a municipality code is given', async () => {
		const swapped = SODERMALM.map(([lon, lat]) => [lat, lon]);
		const inSweden = await sb.demo.post(
			'/Area/FocusArea',
			{ areaName: 'x', coordinates: swapped, municipalityCode: '0180' },
			{ params: { customerId: 'M30011' } },
		);
		expect(inSweden.status).toBe(400);
		expect(inSweden.data.errors[0]).toEqual({
			field: 'coordinates[0][0]',
			message:
				'longitude 59.31 lies outside Sweden (municipality 0180); is the pair [latitude, longitude]?',
		});
		// Far east (Sapporo, longitude 141): swapped, the longitude lands in the latitude slot and is out of range.
		const sapporo = [
			[141.3, 43.0],
			[141.4, 43.0],
			[141.4, 43.1],
		].map(([lon, lat]) => [lat, lon]);
		const outOfRange = await sb.demo.post(
			'/Area/FocusArea',
			{ areaName: 'x', coordinates: sapporo },
			{ params: { customerId: 'M30011' } },
		);
		expect(fields(outOfRange)).toEqual([
			'coordinates[0][1]',
			'coordinates[1][1]',
			'coordinates[2][1]',
		]);
		expect(sb.handle.store.focusAreas.size).toBe(0);
	});

	it('reads an XML request and answers the focus area list as XML', async () => {
		const points = SODERMALM.map(
			([lon, lat]) => `<Coordinate><decimal>${lon}</decimal><decimal>${lat}</decimal></Coordinate>`,
		).join('');
		const xml = `<CreateFocusAreaRequest><AreaName>Söder XML</AreaName><MunicipalityCode>0180</MunicipalityCode><Coordinates>${points}</Coordinates></CreateFocusAreaRequest>`;
		const created = await sb.demo.post('/Area/FocusArea', xml, {
			params: { customerId: 'M30011' },
			headers: { 'Content-Type': 'text/xml' },
		});
		expect(created.status).toBe(200);
		expect(sb.handle.store.focusAreas.get(created.data)).toMatchObject({
			areaName: 'Söder XML',
			municipalityCode: '0180',
			coordinates: SODERMALM,
		});
		const list = await sb.demo.get('/Area/FocusArea', {
			params: { 'request.customerId': 'M30011' },
			headers: { Accept: 'text/xml' },
			responseType: 'text',
		});
		expect(list.data).toMatch(/^<ArrayOfGetFocusAreaResponse[ >]/);
		expect(parseXml(list.data)).toEqual([
			expect.objectContaining({ id: created.data, areaName: 'Söder XML', coordinates: SODERMALM }),
		]);
	});

	it('forgets focus areas on reset', async () => {
		await sb.demo.post(
			'/Area/FocusArea',
			{ areaName: 'x', coordinates: SODERMALM },
			{ params: { customerId: 'M30011' } },
		);
		expect(sb.handle.store.focusAreas.size).toBe(1);
		await sb.control.post('/reset');
		expect(sb.handle.store.focusAreas.size).toBe(0);
	});
});
