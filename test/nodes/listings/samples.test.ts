import fs from 'node:fs';
import path from 'node:path';
import { DateTime } from 'luxon';
import type { IDataObject } from 'n8n-workflow';

import { runNode } from '../../harness/engine';
import { packageNode } from '../../harness/packageNodes';
import { type Answer, type SeenRequest, useScriptedServer } from '../../hostile/scriptedServer';

/**
 * The live service's sample answers (docs/spec/advertising/), served as they are by a test
 * server of the project's own, read through each operation in n8n's engine: one whole item,
 * every field kept, every time with Stockholm's offset; the query names of
 * advertising-endpoints.tsv exactly; every page of a list.
 */
const SAMPLES = path.resolve(__dirname, '../../../docs/spec/advertising');
const sample = (name: string): IDataObject => {
	const answer = JSON.parse(fs.readFileSync(path.join(SAMPLES, name), 'utf8')) as IDataObject;
	delete answer._note;
	return answer;
};

/** The service's bare Swedish wall time (advertising.md section 13). */
const BARE_TIME = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d{1,7})?$/;

/** The answer with every bare time read as Stockholm wall time, worked out here with Luxon. */
function withStockholmOffsets(value: unknown): unknown {
	if (typeof value === 'string' && BARE_TIME.test(value))
		return DateTime.fromISO(value, { zone: 'Europe/Stockholm' }).toISO();
	if (Array.isArray(value)) return value.map(withStockholmOffsets);
	if (value !== null && typeof value === 'object')
		return Object.fromEntries(
			Object.entries(value).map(([key, field]) => [key, withStockholmOffsets(field)]),
		);
	return value;
}

/** Every string of an answer that is a time: each must carry an offset. */
function times(value: unknown, found: string[] = []): string[] {
	if (typeof value === 'string' && /^\d{4}-\d\d-\d\dT/.test(value)) found.push(value);
	else if (Array.isArray(value)) value.forEach((entry) => times(entry, found));
	else if (value !== null && typeof value === 'object')
		Object.values(value).forEach((entry) => times(entry, found));
	return found;
}

/** The query names of each read, from advertising-endpoints.tsv. */
const ENDPOINTS = fs
	.readFileSync(path.resolve(__dirname, '../../../docs/spec/advertising-endpoints.tsv'), 'utf8')
	.trim()
	.split('\n')
	.slice(1)
	.map((line) => line.split('\t'))
	.map(([method, template, query]) => ({
		method,
		template,
		query: query ? query.split(',') : [],
	}));

function endpointOf(request: SeenRequest) {
	return ENDPOINTS.find(
		({ method, template }) =>
			method === request.method &&
			new RegExp(`^${template.replace(/\{\w+\}/g, '[^/]+')}$`).test(request.path),
	);
}

const estates = packageNode('estateBrokerEstates');
const office = packageNode('estateBrokerOffice');

describe('Listing reads: the sample answers of the live service', () => {
	const server = useScriptedServer();
	const run = async (nodeType: typeof estates, parameters: IDataObject, continueOnFail = false) =>
		await runNode({
			nodeType,
			parameters: parameters as never,
			credentials: server.credentials({ customerId: 'M31529' }),
			continueOnFail,
		});
	const serve = (answers: Record<string, Answer | ((request: SeenRequest) => Answer)>) =>
		server.script((request) => {
			const answer = answers[request.path];
			if (!answer) return { status: 404, body: { message: 'Not found' } };
			return typeof answer === 'function' ? answer(request) : answer;
		});

	test('Estate › Get of the captured estate gives one whole item, every time with its offset, extend as the service names it', async () => {
		const estate = sample('estate.json');
		serve({ '/Advertising/Estate/M31529/OBJ31529_2041198534': { body: estate } });
		const { items, error } = await run(estates, {
			resource: 'estate',
			operation: 'get',
			estateId: { __rl: true, mode: 'id', value: 'OBJ31529_2041198534' },
			include: ['typeDetails', 'primaryAgent'],
			simplify: false,
		});
		expect(error).toBeUndefined();
		expect(items).toHaveLength(1);
		expect(items[0].json).toEqual(withStockholmOffsets(estate));
		expect(items[0].json.changedAt).toBe('2026-07-10T21:23:49.570+02:00');
		expect(items[0].json.sale).toMatchObject({ assignmentDate: '2026-07-10T00:00:00.000+02:00' });
		expect(times(items[0].json).every((time) => /[+-]\d\d:\d\d$/.test(time))).toBe(true);
		expect(times(items[0].json)).toHaveLength(times(estate).length);
		expect(server.requests).toEqual([
			{
				method: 'GET',
				path: '/Advertising/Estate/M31529/OBJ31529_2041198534',
				query: {
					extend:
						'housingCooperative+condominium+foreignProperty+farm+commercialProperty+premises+primaryAgent',
				},
			},
		]);
		expect(Object.keys(server.requests[0].query)).toEqual(endpointOf(server.requests[0])!.query);
	});

	test("Estate › Get with Simplify (the default) keeps what a post needs, in the record's own values", async () => {
		serve({ '/Advertising/Estate/M31529/OBJ31529_2041198534': { body: sample('estate.json') } });
		const { items, error } = await run(estates, {
			resource: 'estate',
			operation: 'get',
			estateId: 'OBJ31529_2041198534',
		});
		expect(error).toBeUndefined();
		expect(items.map((item) => item.json)).toEqual([
			{
				id: 'OBJ31529_2041198534',
				referenceId: '15165',
				status: 'ForSale',
				type: 'HousingCooperative',
				subtype: 'Apartment',
				tenure: 'TenantOwnership',
				streetAddress: 'Cyklopgatan 35B',
				zipCode: '216 25',
				postalTown: 'Malmö',
				area: 'Hyllie',
				municipality: 'Malmö',
				latitude: 55.56841,
				longitude: 12.978617,
				startingPrice: 1200000,
				priceText: 'utgångspris',
				currency: 'SEK',
				recurringFee: 2882,
				recurringFeeFrequency: 'Monthly',
				livingArea: 31,
				numberOfRooms: 1,
				yearBuilt: 2023,
				shortDescription: 'Välkomna till denna ljusa etta med fransk balkong! [...]',
				primaryAgentId: 'HAN348516190DD143E99771DE27DA5E0AB0',
				officeId: 'FIR31529',
				customerId: 'M31529',
				isPublished: true,
				publishedAt: '2024-05-24T10:42:42.000+02:00',
				mainImageId: 'MEDCC86F7B16B31420E9681586792237C89',
				changedAt: '2026-07-10T21:23:49.570+02:00',
				numberOfImages: 3,
			},
		]);
	});

	test("An estate's lease and leasehold terms are times too: read with their offset", async () => {
		const estate = {
			...sample('estate.json'),
			fees: {
				lease: { fee: 1200, description: null, term: '2031-06-30T00:00:00', owner: null },
				leasehold: { fee: 5400, term: '2030-12-31T00:00:00' },
				recurring: null,
			},
		};
		serve({ '/Advertising/Estate/M31529/OBJ31529_2041198534': { body: estate } });
		const { items, error } = await run(estates, {
			resource: 'estate',
			operation: 'get',
			estateId: 'OBJ31529_2041198534',
			simplify: false,
		});
		expect(error).toBeUndefined();
		expect(items[0].json.fees).toEqual({
			lease: { fee: 1200, description: null, term: '2031-06-30T00:00:00.000+02:00', owner: null },
			leasehold: { fee: 5400, term: '2030-12-31T00:00:00.000+01:00' },
			recurring: null,
		});
	});

	test.each([
		[
			'Agent',
			'agent',
			'agentId',
			'HAN99DA69AB26B54D82B499E19CD3F5F340',
			'user.json',
			'/Advertising/User/M31529/',
		],
		['Office', 'office', 'officeId', 'FIR31529', 'office.json', '/Advertising/Office/M31529/'],
	])(
		'%s › Get of the captured record gives one whole item, every time with its offset, no query',
		async (_name, resource, idName, id, file, prefix) => {
			const record = sample(file);
			serve({ [`${prefix}${id}`]: { body: record } });
			const { items, error } = await run(office, {
				resource,
				operation: 'get',
				[idName]: { __rl: true, mode: 'list', value: id },
				simplify: false,
			});
			expect(error).toBeUndefined();
			expect(items.map((item) => item.json)).toEqual([withStockholmOffsets(record)]);
			expect(times(items[0].json).every((time) => /[+-]\d\d:\d\d$/.test(time))).toBe(true);
			expect(server.requests).toEqual([{ method: 'GET', path: `${prefix}${id}`, query: {} }]);
			expect(endpointOf(server.requests[0])).toBeDefined();
		},
	);

	test('Estate › Get Many of the sample list page (ids only) gives its rows, times with their offset', async () => {
		const page = sample('estate-list-page.json');
		serve({ '/Advertising/Estate/M31529': { body: page } });
		const { items, error } = await run(estates, {
			resource: 'estate',
			operation: 'getAll',
			returnAll: true,
			returnFullRecords: false,
		});
		expect(error).toBeUndefined();
		expect(items.map((item) => item.json)).toEqual(withStockholmOffsets(page.rows));
		// count 1: the first page is the last, no second call.
		expect(server.requests).toEqual([
			{
				method: 'GET',
				path: '/Advertising/Estate/M31529',
				query: { 'paging.pageSize': '100', 'paging.pageIndex': '0' },
			},
		]);
	});
});
