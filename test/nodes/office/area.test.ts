import type { IDataObject } from 'n8n-workflow';

import { packageNode } from '../../harness/packageNodes';
import { runNode } from '../../harness/engine';
import { swedishTime, useSandbox } from '../../harness/sandbox';
import { officeFixtures, SODERMALM } from './fixtures';

const nodeType = packageNode('estateBrokerOffice');

const asPoints = (pairs: [number, number][]) => ({
	point: pairs.map(([longitude, latitude]) => ({ longitude, latitude })),
});

describe('Estate Broker Office: areas and focus areas', () => {
	const sandbox = useSandbox();
	const run = async (parameters: IDataObject, input?: IDataObject[]) =>
		await runNode({
			nodeType,
			parameters: parameters as never,
			credentials: sandbox.credentials(),
			input,
		});
	const focusAreas = () => [...sandbox.handle.store.focusAreas.values()];

	test('Area Get Many lists the office’s areas, one item each, archived ones left out', async () => {
		const areas = officeFixtures(sandbox.handle.store).areasOf('M30011');
		expect(areas.length).toBeGreaterThan(2);
		areas[1].archived = true; // the seed archives none; the sandbox is reset after each test
		const { items, error } = await run({ resource: 'area', operation: 'getAll', returnAll: true });
		expect(error).toBeUndefined();
		const [request] = await sandbox.requests();
		expect(request).toMatchObject({ method: 'GET', path: '/Area/GetAreas', status: 200 });
		expect(request.query).toEqual({ 'criteria.customerId': 'M30011' });
		const expected = areas.filter((area) => !area.archived);
		expect(items.map((item) => item.json.areaId)).toEqual(expected.map((area) => area.areaId));
		expect(items[0].json).toMatchObject({
			areaName: expected[0].areaName,
			polygon: expected[0].polygon,
			polygonWGS84: expected[0].polygon.map(({ longitud, latitud }) => ({ longitud, latitud })),
		});
		expect(items.every((item) => (item.pairedItem as { item: number }).item === 0)).toBe(true);
	});

	test('Area Get Many with Include Archived lists them all; an area picked by id is returned even when archived', async () => {
		const areas = officeFixtures(sandbox.handle.store).areasOf('M30011');
		areas[0].archived = true;
		const all = await run({
			resource: 'area',
			operation: 'getAll',
			returnAll: true,
			options: { includeArchived: true },
		});
		expect(all.items.map((item) => item.json.areaId)).toEqual(areas.map((area) => area.areaId));
		const one = await run({
			resource: 'area',
			operation: 'getAll',
			returnAll: true,
			filters: { areaId: areas[0].areaId },
		});
		expect(one.items.map((item) => item.json)).toEqual([
			expect.objectContaining({ areaId: areas[0].areaId, archived: true }),
		]);
		expect((await sandbox.requests())[1].query).toEqual({
			'criteria.customerId': 'M30011',
			'criteria.areaId': areas[0].areaId,
		});
	});

	test('Area Get Many with a Limit returns that many', async () => {
		const { items } = await run({
			resource: 'area',
			operation: 'getAll',
			returnAll: false,
			limit: 2,
		});
		expect(items.map((item) => item.json.areaId)).toEqual(
			officeFixtures(sandbox.handle.store)
				.areasOf('M30011')
				.slice(0, 2)
				.map((area) => area.areaId),
		);
	});

	test('Area Get Many in XML gives the same items as in JSON, outlines included', async () => {
		const json = await run({
			resource: 'area',
			operation: 'getAll',
			returnAll: true,
			customerId: 'G2',
		});
		const xml = await run({
			resource: 'area',
			operation: 'getAll',
			returnAll: true,
			customerId: 'G2',
			messageFormat: 'xml',
		});
		expect(xml.error).toBeUndefined();
		expect((await sandbox.requests())[1].headers.accept).toBe('application/xml');
		expect(xml.items.length).toBe(officeFixtures(sandbox.handle.store).areasOf('G2').length);
		expect(xml.items.map((item) => item.json)).toEqual(json.items.map((item) => item.json));
	});

	test('Focus Area Create from points sends GeoJSON-ordered pairs; Get Many then shows the new area', async () => {
		const { items, error } = await run({
			resource: 'focusArea',
			operation: 'create',
			areaName: ' Södermalm east ',
			polygonInput: 'points',
			points: asPoints(SODERMALM),
			municipalityCode: '0180',
		});
		expect(error).toBeUndefined();
		const [request] = await sandbox.requests();
		expect(request).toMatchObject({ method: 'POST', path: '/Area/FocusArea', status: 200 });
		expect(request.query).toEqual({ customerId: 'M30011' });
		expect(request.body).toEqual({
			areaName: 'Södermalm east',
			coordinates: SODERMALM,
			municipalityCode: '0180',
		});
		const [stored] = focusAreas();
		expect(stored).toMatchObject({
			customerId: 'M30011',
			areaName: 'Södermalm east',
			municipalityCode: '0180',
			coordinates: SODERMALM,
		});
		expect(items).toEqual([
			{
				json: { focusAreaId: stored.id, areaName: 'Södermalm east', municipalityCode: '0180' },
				pairedItem: { item: 0 },
			},
		]);

		await sandbox.clearRequests();
		const listed = await run({ resource: 'focusArea', operation: 'getAll', returnAll: true });
		expect((await sandbox.requests())[0]).toMatchObject({
			method: 'GET',
			path: '/Area/FocusArea',
			query: { 'request.customerId': 'M30011' },
		});
		expect(listed.items.map((item) => item.json)).toEqual([
			{
				id: stored.id,
				customerId: 'M30011',
				areaName: stored.areaName,
				municipalityCode: '0180',
				coordinates: SODERMALM,
				createdAt: swedishTime(stored.createdAt),
			},
		]);
	});

	test('Focus Area Get Many picks one by id, and a group sees its offices’ focus areas', async () => {
		const created: string[] = [];
		for (const customerId of ['M30011', 'M30012']) {
			const { items } = await run({
				resource: 'focusArea',
				operation: 'create',
				areaName: `Area of ${customerId}`,
				points: asPoints(SODERMALM),
				customerId,
			});
			created.push(String(items[0].json.focusAreaId));
		}
		const ofGroup = await run({
			resource: 'focusArea',
			operation: 'getAll',
			returnAll: true,
			customerId: 'G2',
		});
		expect(ofGroup.items.map((item) => item.json.id).sort()).toEqual(
			focusAreas()
				.filter((area) => sandbox.handle.store.inScope(area.customerId, 'G2'))
				.map((area) => area.id)
				.sort(),
		);
		expect(ofGroup.items).toHaveLength(2);
		await sandbox.clearRequests();
		const one = await run({
			resource: 'focusArea',
			operation: 'getAll',
			returnAll: true,
			filters: { areaId: created[0] },
		});
		expect((await sandbox.requests())[0].query).toEqual({
			'request.customerId': 'M30011',
			'request.areaId': created[0],
		});
		expect(one.items.map((item) => item.json.areaName)).toEqual(['Area of M30011']);
	});

	test('Focus Area Create takes a GeoJSON Feature from the input; an altitude is dropped', async () => {
		const feature = {
			type: 'Feature',
			properties: { name: 'Söder' },
			geometry: { type: 'Polygon', coordinates: [SODERMALM.map(([lon, lat]) => [lon, lat, 12])] },
		};
		const { items, error } = await run(
			{
				resource: 'focusArea',
				operation: 'create',
				areaName: '={{ $json.feature.properties.name }}',
				polygonInput: 'geoJson',
				geoJson: '={{ $json.feature }}',
			},
			[{ feature }],
		);
		expect(error).toBeUndefined();
		expect((await sandbox.requests())[0].body).toEqual({
			areaName: 'Söder',
			coordinates: SODERMALM,
		});
		expect(focusAreas()[0].coordinates).toEqual(SODERMALM);
		expect(items[0].json).toEqual({ focusAreaId: focusAreas()[0].id, areaName: 'Söder' });
	});

	test('Focus Area Create takes bare coordinates typed as JSON text', async () => {
		const { error } = await run({
			resource: 'focusArea',
			operation: 'create',
			areaName: 'Söder',
			polygonInput: 'geoJson',
			geoJson: JSON.stringify([SODERMALM]),
		});
		expect(error).toBeUndefined();
		expect((await sandbox.requests())[0].body).toEqual({
			areaName: 'Söder',
			coordinates: SODERMALM,
		});
	});

	test('Focus Area Create in XML stores the same outline', async () => {
		const { items, error } = await run({
			resource: 'focusArea',
			operation: 'create',
			areaName: 'Söder XML',
			points: asPoints(SODERMALM),
			messageFormat: 'xml',
		});
		expect(error).toBeUndefined();
		const [request] = await sandbox.requests();
		expect(request.contentType).toContain('application/xml');
		const [stored] = focusAreas();
		expect(stored.coordinates).toEqual(SODERMALM);
		expect(items[0].json).toEqual({ focusAreaId: stored.id, areaName: 'Söder XML' });
		const listed = await run({
			resource: 'focusArea',
			operation: 'getAll',
			returnAll: true,
			messageFormat: 'xml',
		});
		expect(listed.items.map((item) => item.json)).toEqual([
			expect.objectContaining({ id: stored.id, coordinates: SODERMALM, municipalityCode: null }),
		]);
	});

	test.each([
		['a blank name', { areaName: ' ' }, 'Area Name is required'],
		[
			'a name over 100 characters',
			{ areaName: 'x'.repeat(101) },
			'Area Name may have at most 100 characters; got 101',
		],
		[
			'two points',
			{ points: asPoints(SODERMALM.slice(0, 2)) },
			'The polygon needs at least 3 different points; got 2',
		],
		[
			'three points of which two are the same',
			{ points: asPoints([SODERMALM[0], SODERMALM[1], SODERMALM[0]]) },
			'The polygon needs at least 3 different points; got 2',
		],
		[
			'a latitude out of range',
			{
				points: asPoints([
					[18.05, 59.31],
					[18.1, 95],
					[18.1, 59.32],
				]),
			},
			'Point 2: Latitude 95 must be between -90 and 90',
		],
		[
			'a longitude out of range',
			{
				points: asPoints([
					[181, 59.31],
					[18.1, 59.3],
					[18.1, 59.32],
				]),
			},
			'Point 1: Longitude 181 must be between -180 and 180',
		],
		[
			'a point without a number',
			{ points: { point: [{ longitude: 18.05, latitude: '={{ "north" }}' }] } },
			'Point 1 needs a number for both Longitude and Latitude',
		],
		[
			'a municipality code of three digits',
			{ municipalityCode: '={{ 180 }}' },
			'Municipality Code must be four digits; got "180"',
		],
		[
			'a MultiPolygon',
			{
				polygonInput: 'geoJson',
				geoJson: JSON.stringify({ type: 'MultiPolygon', coordinates: [[SODERMALM]] }),
			},
			'GeoJSON must be a Polygon, not a MultiPolygon',
		],
		[
			'a polygon with a hole',
			{
				polygonInput: 'geoJson',
				geoJson: JSON.stringify({ type: 'Polygon', coordinates: [SODERMALM, SODERMALM] }),
			},
			'GeoJSON has more than one ring',
		],
		[
			'text that is not JSON',
			{ polygonInput: 'geoJson', geoJson: '{ "type": "Polygon", ' },
			'GeoJSON is not valid JSON',
		],
		[
			'a GeoJSON position of one number',
			{ polygonInput: 'geoJson', geoJson: '[[18.05], [18.1, 59.3], [18.1, 59.32]]' },
			'GeoJSON position 1 must be a pair of numbers [longitude, latitude]; got [18.05]',
		],
	])('Focus Area Create refuses %s before sending anything', async (_case, overrides, message) => {
		const { error } = await run({
			resource: 'focusArea',
			operation: 'create',
			areaName: 'Söder',
			points: asPoints(SODERMALM),
			...overrides,
		});
		expect(error?.message).toBe(message);
		expect(await sandbox.requests()).toHaveLength(0);
		expect(focusAreas()).toHaveLength(0);
	});

	test('Focus Area Create of swapped pairs in Sweden is refused by the service, naming the field', async () => {
		const swapped = SODERMALM.map(([lon, lat]) => [lat, lon] as [number, number]);
		const { error } = await run({
			resource: 'focusArea',
			operation: 'create',
			areaName: 'Söder',
			points: asPoints(swapped),
			municipalityCode: '0180',
		});
		expect(error?.message).toMatch(
			/^The service rejected the request as invalid: coordinates\[0\]\[0\]: .*latitude, longitude/,
		);
		expect((await sandbox.requests())[0].status).toBe(400);
		expect(focusAreas()).toHaveLength(0);
	});
});
