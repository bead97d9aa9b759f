import type { IDataObject } from 'n8n-workflow';

import { runNode } from '../../harness/engine';
import { loaderContext } from '../../harness/loadOptions';
import { packageNode, packageProcessState } from '../../harness/packageNodes';
import { type SeenRequest, useScriptedServer } from '../../hostile/scriptedServer';

/**
 * The listing reads against a test server of the project's own: every page of a list (by the
 * service's page count, or up to an empty page), whole records read by id as many at once as
 * the credential allows, filters under their names, 404s in words, office groups, pictures as
 * binary data within their size limit, and the record pickers' bounded searches.
 */
const estates = packageNode('estateBrokerEstates');
const office = packageNode('estateBrokerOffice');

const estateRow = (n: number): IDataObject => ({
	id: `OBJ1_${n}`,
	customerId: 'M31529',
	changedAt: `2026-01-${String((n % 28) + 1).padStart(2, '0')}T09:00:00`,
});
const estateRecord = (id: string, extra: IDataObject = {}): IDataObject => ({
	id,
	referenceId: id.replace('OBJ1_', ''),
	status: { id: 'ForSale', name: 'Till salu' },
	type: { id: 'House', name: 'Villa' },
	address: { streetAddress: `Storgatan ${id.replace('OBJ1_', '')}`, postalTown: 'Malmö' },
	images: [],
	changedAt: '2026-01-08T09:53:06',
	...extra,
});

/** A list of `total` rows in pages of the size asked for; `count` as the service counts pages, or left out. */
function listPages(
	request: SeenRequest,
	total: number,
	row: (n: number) => IDataObject,
	withCount = true,
) {
	const size = Number(request.query['paging.pageSize']);
	const index = Number(request.query['paging.pageIndex']);
	const rows = Array.from({ length: total }, (_, n) => row(n)).slice(
		index * size,
		(index + 1) * size,
	);
	return {
		body: {
			index,
			...(withCount ? { count: Math.ceil(total / size) } : {}),
			totalRowCount: total,
			rows,
		},
	};
}

describe('Listing reads: paging, whole records, filters, office groups, pictures, pickers', () => {
	const server = useScriptedServer();
	const run = async (
		nodeType: typeof estates,
		parameters: IDataObject,
		options: { continueOnFail?: boolean; credentials?: IDataObject; timezone?: string } = {},
	) =>
		await runNode({
			nodeType,
			parameters: parameters as never,
			credentials: server.credentials({ customerId: 'M31529', ...(options.credentials ?? {}) }),
			continueOnFail: options.continueOnFail,
			timezone: options.timezone,
		});
	const pagesAsked = () =>
		server.requests
			.filter((request) => request.path === '/Advertising/Estate/M31529')
			.map((request) => Number(request.query['paging.pageIndex']));

	test('Return All reads the 3 pages the service counts (250 rows), each page once, and stops there', async () => {
		server.script((request) => listPages(request, 250, estateRow));
		const { items, error } = await run(estates, {
			resource: 'estate',
			operation: 'getAll',
			returnAll: true,
			returnFullRecords: false,
		});
		expect(error).toBeUndefined();
		expect(items.map((item) => item.json.id)).toEqual(
			Array.from({ length: 250 }, (_, n) => `OBJ1_${n}`),
		);
		expect(pagesAsked()).toEqual([0, 1, 2]);
		expect(server.requests.every((request) => request.query['paging.pageSize'] === '100')).toBe(
			true,
		);
	});

	test('A service that gives no page count: an empty page past the end stops the reading', async () => {
		server.script((request) => listPages(request, 250, estateRow, false));
		const { items, error } = await run(estates, {
			resource: 'estate',
			operation: 'getAll',
			returnAll: true,
			returnFullRecords: false,
		});
		expect(error).toBeUndefined();
		expect(items).toHaveLength(250);
		expect(pagesAsked()).toEqual([0, 1, 2, 3]);
	});

	test('A service that repeats its first page for ever: Return All stops with an error saying why', async () => {
		server.script(() => ({ body: { index: 0, rows: [estateRow(1)] } }));
		const { error } = await run(estates, {
			resource: 'estate',
			operation: 'getAll',
			returnAll: true,
			returnFullRecords: false,
		});
		expect(error?.message).toMatch(/same page again/);
		expect(pagesAsked()).toEqual([0, 1]);
	});

	test('Limit reads no page past its rows, and reads only those rows by id', async () => {
		server.script((request) =>
			request.path === '/Advertising/Estate/M31529'
				? listPages(request, 250, estateRow)
				: { body: estateRecord(request.path.split('/').pop()!) },
		);
		const { items, error } = await run(estates, {
			resource: 'estate',
			operation: 'getAll',
			returnAll: false,
			limit: 120,
			simplify: false,
			include: [],
		});
		expect(error).toBeUndefined();
		expect(items).toHaveLength(120);
		expect(pagesAsked()).toEqual([0, 1]);
		const reads = server.requests.filter(
			(request) => request.path !== '/Advertising/Estate/M31529',
		);
		expect(reads.map((request) => request.path)).toEqual(
			Array.from({ length: 120 }, (_, n) => `/Advertising/Estate/M31529/OBJ1_${n}`),
		);
		expect(items[119].json).toEqual({
			...estateRecord('OBJ1_119'),
			changedAt: '2026-01-08T09:53:06.000+01:00',
		});
	});

	test("Whole records are read as many at once as the credential's Requests in Flight, never more, in the list's order", async () => {
		let open = 0;
		let most = 0;
		let received = 0;
		const held: Array<() => void> = [];
		server.script(async (request) => {
			if (request.path === '/Advertising/Estate/M31529') return listPages(request, 30, estateRow);
			open++;
			received++;
			most = Math.max(most, open);
			// Answers are held until 3 are open at once (or the last has come): no timing.
			await new Promise<void>((resolve) => {
				held.push(resolve);
				if (open === 3 || received === 30) held.splice(0).forEach((go) => go());
			});
			open--;
			return { body: estateRecord(request.path.split('/').pop()!) };
		});
		const { items, error } = await run(
			estates,
			{ resource: 'estate', operation: 'getAll', returnAll: true, simplify: false },
			{ credentials: { requestsInFlight: 3 } },
		);
		expect(error).toBeUndefined();
		expect(items.map((item) => item.json.id)).toEqual(
			Array.from({ length: 30 }, (_, n) => `OBJ1_${n}`),
		);
		expect(most).toBe(3);
	});

	test('A row whose record is gone when read keeps its row and says so; the others are whole', async () => {
		server.script((request) =>
			request.path === '/Advertising/Estate/M31529'
				? listPages(request, 3, estateRow)
				: request.path.endsWith('OBJ1_1')
					? { status: 404, body: { message: 'Not found' } }
					: { body: estateRecord(request.path.split('/').pop()!) },
		);
		const { items, error } = await run(estates, {
			resource: 'estate',
			operation: 'getAll',
			returnAll: true,
			simplify: false,
		});
		expect(error).toBeUndefined();
		expect(items.map((item) => item.json.id)).toEqual(['OBJ1_0', 'OBJ1_1', 'OBJ1_2']);
		expect(items[1].json).toEqual({
			id: 'OBJ1_1',
			customerId: 'M31529',
			changedAt: '2026-01-02T09:00:00.000+01:00',
			fullRecordError:
				'The service no longer has this published estate (404 when read after it was listed)',
		});
	});

	test("Filters go under the service's names: the change times in the workflow's zone sent as UTC, status and type as chosen", async () => {
		server.script((request) => listPages(request, 1, estateRow));
		const { error } = await run(
			estates,
			{
				resource: 'estate',
				operation: 'getAll',
				returnAll: true,
				returnFullRecords: false,
				filters: {
					changedSince: '2026-10-20T10:00:00',
					changedUntil: '2026-11-02T08:00:00',
					status: 'Sold',
					type: 'HousingCooperative',
				},
			},
			{ timezone: 'Europe/Stockholm' },
		);
		expect(error).toBeUndefined();
		expect(server.requests.map((request) => request.query)).toEqual([
			{
				'paging.pageSize': '100',
				'paging.pageIndex': '0',
				'criteria.changedAtMinValue': '2026-10-20T08:00:00.000Z',
				'criteria.changedAtMaxValue': '2026-11-02T07:00:00.000Z',
				'criteria.status': 'Sold',
				'criteria.type': 'HousingCooperative',
			},
		]);
	});

	test('Changed Since after Changed Until is refused before any request, naming both', async () => {
		const { error } = await run(estates, {
			resource: 'project',
			operation: 'getAll',
			returnAll: true,
			filters: { changedSince: '2026-10-27T00:00:00Z', changedUntil: '2026-10-26T00:00:00Z' },
		});
		expect(error?.message).toBe('Changed Since must not be after Changed Until');
		expect(server.requests).toEqual([]);
	});

	test('Office Group › Get Many: one item per group of the bare list; a 404 is no groups', async () => {
		const groups = [
			{ id: 'GRP1', name: 'Webbplats', offices: [{ id: 'FIR31529' }] },
			{ id: 'GRP2', name: 'Syd', offices: [] },
		];
		server.script(() => ({ body: groups }));
		const listed = await run(office, {
			resource: 'officeGroup',
			operation: 'getAll',
			returnAll: true,
		});
		expect(listed.error).toBeUndefined();
		expect(listed.items.map((item) => item.json)).toEqual(groups);
		expect(server.requests).toEqual([
			{ method: 'GET', path: '/CRM/Officegroups/M31529', query: {} },
		]);
		server.script(() => ({ status: 404, body: { message: 'Not found' } }));
		const none = await run(office, {
			resource: 'officeGroup',
			operation: 'getAll',
			returnAll: true,
		});
		expect(none.error).toBeUndefined();
		expect(none.items).toEqual([]);
	});

	test('Published Area › Get Many reads the area list, not the CRM areas', async () => {
		server.script((request) =>
			request.path === '/Advertising/Area/M31529'
				? listPages(request, 2, (n) => ({
						id: `SOM${n}`,
						customerId: 'M31529',
						changedAt: '2026-01-08T09:53:06',
					}))
				: {
						body: {
							id: request.path.split('/').pop(),
							name: 'Hyllie',
							changedAt: '2026-01-08T09:53:06',
						},
					},
		);
		const { items, error } = await run(office, {
			resource: 'publishedArea',
			operation: 'getAll',
			returnAll: true,
		});
		expect(error).toBeUndefined();
		expect(items.map((item) => item.json)).toEqual([
			{ id: 'SOM0', name: 'Hyllie', changedAt: '2026-01-08T09:53:06.000+01:00' },
			{ id: 'SOM1', name: 'Hyllie', changedAt: '2026-01-08T09:53:06.000+01:00' },
		]);
		expect(server.requests.map((request) => request.path)).toEqual([
			'/Advertising/Area/M31529',
			'/Advertising/Area/M31529/SOM0',
			'/Advertising/Area/M31529/SOM1',
		]);
	});
});

describe('Listing pickers: one list page and its rows read by id per search page', () => {
	const server = useScriptedServer();
	// Each test opens the picker as in a fresh n8n process: no label kept from the one before.
	beforeEach(() => packageProcessState().forgetProcessState());
	const context = () =>
		loaderContext(estates, server.credentials({ customerId: 'M31529' }), {
			resource: 'estate',
			operation: 'get',
		});
	const search = estates.methods!.listSearch!.searchPublishedEstates;

	test('No text: 20 estates by address with a token for the next list page; typed text keeps the matches', async () => {
		server.script((request) =>
			request.path === '/Advertising/Estate/M31529'
				? listPages(request, 45, estateRow)
				: { body: estateRecord(request.path.split('/').pop()!) },
		);
		const first = await search.call(context());
		expect(first.results).toHaveLength(20);
		expect(first.results[0]).toEqual({
			name: 'Storgatan 0, Malmö · House (Villa), For Sale (Till salu)',
			value: 'OBJ1_0',
			description: 'Object number 0',
		});
		expect(first.paginationToken).toBe('1');
		expect(server.requests).toHaveLength(21);
		expect(server.requests[0].query).toEqual({ 'paging.pageSize': '20', 'paging.pageIndex': '0' });

		server.requests.length = 0;
		const last = await search.call(context(), 'storgatan 4', '2');
		expect(last.results.map((entry) => entry.value)).toEqual([
			'OBJ1_40',
			'OBJ1_41',
			'OBJ1_42',
			'OBJ1_43',
			'OBJ1_44',
		]);
		expect(last.paginationToken).toBeUndefined();
		expect(server.requests).toHaveLength(6);
	});

	test('Typed text that matches nothing reads at most 3 list pages, then offers the next', async () => {
		server.script((request) =>
			request.path === '/Advertising/Estate/M31529'
				? listPages(request, 1000, estateRow)
				: { body: estateRecord(request.path.split('/').pop()!) },
		);
		const result = await search.call(context(), 'no such street');
		expect(result).toEqual({ results: [], paginationToken: '3' });
		expect(server.requests).toHaveLength(63);
	});
});
