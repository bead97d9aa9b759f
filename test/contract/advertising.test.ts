import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { inflateSync } from 'node:zlib';

import { useTestSandbox } from '../sandbox/helpers';

/**
 * Contract, Advertising reads: each sample answer of docs/spec/advertising/ (what the live
 * service gave) against the sandbox's answer for a record of the same kind, field by field:
 * every key path of the sample present with the same JSON type, whole numbers where the sample
 * has them, times in the same wall-time form, and no key the sample lacks. Then the list rules
 * advertising.md records from the live service: paging, 404, the change filter's offset rule,
 * published only, group ids, images as bytes.
 */
const sb = useTestSandbox();

const sample = (file: string): Record<string, unknown> => {
	const { _note: _ignored, ...answer } = JSON.parse(
		readFileSync(join(__dirname, '../../docs/spec/advertising', file), 'utf8'),
	) as Record<string, unknown>;
	return answer;
};

/** A time as the live service writes it: Swedish wall time, no offset, a fraction of 0 to 3 digits. */
const WALL_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,3})?$/;
const MIDNIGHT = /T00:00:00$/;

type Kind = 'null' | 'string' | 'integer' | 'number' | 'boolean' | 'array' | 'object';

function kindOf(value: unknown): Kind {
	if (value === null) return 'null';
	if (Array.isArray(value)) return 'array';
	if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
	return typeof value as Kind;
}

/**
 * Where the sample holds null but advertising.md section 7/8 types the field, the sandbox may
 * fill it with that type (a path's array steps written `[]`); a record shape is checked against
 * the sample named.
 */
const FILLED_WHERE_SAMPLE_IS_NULL: Record<string, Kind | { sample: string }> = {
	'sale.heading': 'string',
	'sale.contractDate': 'string',
	'sale.possessionAt': 'string',
	'sale.possessionEstimation': 'string',
	'price.finalPrice': 'integer',
	secondaryAgentId: 'string',
	projectId: 'string',
	'fees.recurring': 'object',
	'exterior.plot.size': 'integer',
	'buildings[].floor.number': 'integer',
	'buildings[].floor.total': 'integer',
	'extensions.farm': 'object',
	'extensions.primaryAgent': { sample: 'user.json' },
	'extensions.secondaryAgent': { sample: 'user.json' },
	'offices[].telephone.personal': 'object',
	'telephone.public': 'object',
	'telephone.switch': 'object',
	description: 'string',
};

/** The differences between a sample answer and the sandbox's, as `path: what` lines. */
function differences(expected: unknown, actual: unknown, path = ''): string[] {
	const at = path || '(root)';
	const expectedKind = kindOf(expected);
	const actualKind = kindOf(actual);
	if (expectedKind === 'null') {
		if (actualKind === 'null') return [];
		const allowed = FILLED_WHERE_SAMPLE_IS_NULL[path];
		if (allowed === undefined) return [`${at}: null in the sample, ${actualKind} here`];
		if (typeof allowed === 'object') return differences(sample(allowed.sample), actual, '');
		return allowed === actualKind || (allowed === 'number' && actualKind === 'integer')
			? []
			: [`${at}: ${allowed} expected where the sample is null, ${actualKind} here`];
	}
	if (expectedKind !== actualKind && !(expectedKind === 'number' && actualKind === 'integer'))
		return [`${at}: ${expectedKind} in the sample, ${actualKind} here`];
	if (expectedKind === 'string' && WALL_TIME.test(expected as string)) {
		if (!WALL_TIME.test(actual as string)) return [`${at}: a wall time expected, "${actual}"`];
		if (MIDNIGHT.test(expected as string) && !MIDNIGHT.test(actual as string))
			return [`${at}: a date alone (midnight) expected, "${actual}"`];
	}
	if (expectedKind === 'array') {
		const [first] = expected as unknown[];
		if (first === undefined) return [];
		return (actual as unknown[]).flatMap((item) => differences(first, item, `${path}[]`));
	}
	if (expectedKind === 'object') {
		const want = expected as Record<string, unknown>;
		const have = actual as Record<string, unknown>;
		const out: string[] = [];
		for (const key of Object.keys(want)) {
			const next = path ? `${path}.${key}` : key;
			if (!(key in have)) out.push(`${next}: missing`);
			else out.push(...differences(want[key], have[key], next));
		}
		for (const key of Object.keys(have))
			if (!(key in want)) out.push(`${path ? `${path}.${key}` : key}: not in the sample`);
		return out;
	}
	return [];
}

/**
 * estate.json for an estate of another kind: a house, cottage or farm has no housing-cooperative
 * extension, monthly fee or floor (null where the apartment of the sample has them); a read whose
 * extend names only the agents fills no type extension either.
 */
function sampleOfKind(
	record: Record<string, any>,
	typeExtension: boolean,
): Record<string, unknown> {
	const expected = sample('estate.json') as Record<string, any>;
	if (!typeExtension || record.type.id !== 'HousingCooperative')
		expected.extensions = { ...expected.extensions, housingCooperative: null };
	if (record.type.id === 'HousingCooperative') return expected;
	expected.fees = { ...expected.fees, recurring: null };
	expected.buildings = [
		{ ...expected.buildings[0], floor: { description: null, number: null, total: null } },
	];
	return expected;
}

const clientOf = (customerId: string) => (customerId === 'M40099' ? sb.other : sb.demo);

const publishedEstates = () =>
	[...sb.handle.store.estates.values()].filter(
		(estate) => sb.handle.store.advertising.listings.get(estate.id)?.isPublished,
	);

describe('contract: the sample answers of docs/spec/advertising/', () => {
	it('the comparison finds a missing key, a wrong type, an offset, an extra key', () => {
		const estate = sample('estate.json');
		const broken = JSON.parse(JSON.stringify(estate)) as Record<string, any>;
		delete broken.address.postalTown;
		broken.price.startingPrice = '1200000';
		broken.changedAt = '2026-07-10T21:23:49.57+02:00';
		broken.sale.assignmentDate = '2026-07-10T08:00:00';
		broken.extra = true;
		expect(differences(estate, broken).sort()).toEqual([
			'address.postalTown: missing',
			'changedAt: a wall time expected, "2026-07-10T21:23:49.57+02:00"',
			'extra: not in the sample',
			'price.startingPrice: integer in the sample, string here',
			'sale.assignmentDate: a date alone (midnight) expected, "2026-07-10T08:00:00"',
		]);
		expect(differences(estate, estate)).toEqual([]);
	});

	it('estate.json: a published housing-cooperative estate for sale, read with the partner’s extend', async () => {
		const estates = publishedEstates().filter(
			(each) => each.type === 'Condominium' && each.status === 'ForSale',
		);
		expect(estates.length).toBeGreaterThan(3);
		for (const estate of estates) {
			const response = await clientOf(estate.customerId).get(
				`/Advertising/Estate/${estate.customerId}/${estate.id}`,
				{
					params: {
						extend:
							'housingCooperative+condominium+foreignProperty+farm+commercialProperty+premises',
					},
				},
			);
			expect(response.status).toBe(200);
			expect(differences(sampleOfKind(response.data, true), response.data)).toEqual([]);
		}
	});

	it('estate.json: every published estate of the seed, with its agents, keeps the sample’s key paths', async () => {
		for (const estate of publishedEstates()) {
			const response = await clientOf(estate.customerId).get(
				`/Advertising/Estate/${estate.customerId}/${estate.id}`,
				{
					params: { extend: 'primaryAgent+secondaryAgent' },
				},
			);
			const record = response.data as Record<string, any>;
			expect(differences(sampleOfKind(record, false), record)).toEqual([]);
			expect(record.extensions.primaryAgent.id).toBe(estate.agentId);
		}
	});

	it('user.json: every advertised user by id', async () => {
		const rows = (await sb.demo.get('/Advertising/User/G2')).data.rows as Array<{ id: string }>;
		expect(rows.length).toBeGreaterThan(3);
		for (const { id } of rows) {
			const response = await sb.demo.get(`/Advertising/User/G2/${id}`);
			expect(differences(sample('user.json'), response.data)).toEqual([]);
		}
	});

	it('office.json: every office by its office id', async () => {
		for (const [client, customerId, officeId] of [
			[sb.demo, 'G2', 'FIR30011'],
			[sb.demo, 'M30012', 'FIR30012'],
			[sb.other, 'M40099', 'FIR40099'],
		] as const) {
			const response = await client.get(`/Advertising/Office/${customerId}/${officeId}`);
			expect(response.status).toBe(200);
			expect(differences(sample('office.json'), response.data)).toEqual([]);
		}
	});

	it('estate-list-page.json: a page of the estate list', async () => {
		const page = (
			await sb.demo.get('/Advertising/Estate/G2?paging.pageSize=100&paging.pageIndex=0')
		).data;
		expect(page.rows.length).toBeGreaterThan(1);
		expect(differences(sample('estate-list-page.json'), page)).toEqual([]);
	});
});

interface Row {
	id: string;
	customerId: string;
	changedAt: string;
}
interface Page {
	index: number;
	count: number;
	totalRowCount: number;
	rows: Row[];
}

/** Every page of a list from index 0 to the first empty one. */
async function allRows(path: string, pageSize: number): Promise<{ rows: Row[]; pages: Page[] }> {
	const pages: Page[] = [];
	for (let index = 0; ; index++) {
		const response = await sb.demo.get(path, {
			params: { 'paging.pageSize': pageSize, 'paging.pageIndex': index },
		});
		expect(response.status).toBe(200);
		pages.push(response.data);
		if (!response.data.rows.length) break;
	}
	return { rows: pages.flatMap((page) => page.rows), pages };
}

describe('contract: the estate list (advertising.md sections 4 and 5)', () => {
	it('lists every published estate of the group, any status, and no unpublished one', async () => {
		const { rows } = await allRows('/Advertising/Estate/G2', 100);
		const expected = publishedEstates()
			.filter((estate) => estate.customerId !== 'M40099')
			.map((estate) => estate.id);
		expect(rows.map((row) => row.id).sort()).toEqual(expected.sort());
		const statuses = new Set(rows.map((row) => sb.handle.store.estates.get(row.id)!.status));
		expect(statuses).toEqual(new Set(['ForSale', 'Sold']));
		// The seed's one withdrawn estate is Göteborg's: listed too, as AssignmentWithdrawn.
		const withdrawn = [...sb.handle.store.estates.values()].find((e) => e.status === 'Withdrawn')!;
		const gothenburg = (await sb.other.get('/Advertising/Estate/M40099')).data.rows.map(
			(row: Row) => row.id,
		);
		expect(gothenburg).toContain(withdrawn.id);
		expect(publishedEstates().length).toBeLessThan(sb.handle.store.estates.size);
		for (const row of rows) {
			expect(Object.keys(row)).toEqual(['id', 'customerId', 'changedAt']);
			expect(row.changedAt).toMatch(WALL_TIME);
		}
	});

	it('pages from 0: count is pages, every row once over 3 pages, a page past the end has empty rows', async () => {
		const total = publishedEstates().filter((estate) => estate.customerId === 'M30011').length;
		const pageSize = Math.ceil(total / 3);
		const { rows, pages } = await allRows('/Advertising/Estate/M30011', pageSize);
		expect(pages).toHaveLength(4);
		expect(pages.map((page) => page.index)).toEqual([0, 1, 2, 3]);
		for (const page of pages) {
			expect(page.count).toBe(3);
			expect(page.totalRowCount).toBe(total);
		}
		expect(pages[3].rows).toEqual([]);
		expect(new Set(rows.map((row) => row.id)).size).toBe(total);
		expect(rows).toHaveLength(total);
	});

	it('filters by status and type as the Advertising names them', async () => {
		const sold = await sb.demo.get('/Advertising/Estate/G2?criteria.status=Sold');
		expect(sold.data.rows.length).toBeGreaterThan(0);
		for (const row of sold.data.rows)
			expect(sb.handle.store.estates.get(row.id)!.status).toBe('Sold');
		const withdrawn = await sb.demo.get(
			'/Advertising/Estate/G2?criteria.status=AssignmentWithdrawn',
		);
		for (const row of withdrawn.data.rows)
			expect(sb.handle.store.estates.get(row.id)!.status).toBe('Withdrawn');
		const apartments = await sb.demo.get('/Advertising/Estate/G2?criteria.type=HousingCooperative');
		expect(apartments.data.rows.length).toBeGreaterThan(0);
		for (const row of apartments.data.rows)
			expect(sb.handle.store.estates.get(row.id)!.type).toBe('Condominium');
	});

	it('refuses a bad page, status, type or time with a 400 naming the field', async () => {
		for (const [query, field] of [
			['paging.pageSize=0', 'paging.pageSize'],
			['paging.pageIndex=-1', 'paging.pageIndex'],
			['paging.pageSize=ten', 'paging.pageSize'],
			['criteria.status=OnSale', 'criteria.status'],
			['criteria.type=Castle', 'criteria.type'],
			['criteria.changedAtMinValue=yesterday', 'criteria.changedAtMinValue'],
			['criteria.changedAtMaxValue=2026-13-01', 'criteria.changedAtMaxValue'],
		]) {
			const response = await sb.demo.get(`/Advertising/Estate/G2?${query}`);
			expect(response.status).toBe(400);
			expect(response.data.errors[0].field).toBe(field);
		}
	});

	it.each([
		['summer', '2026-06-20T10:00:00.000Z', '2026-06-20T12:00:00', '2026-06-20T12:00:00+02:00'],
		['winter', '2026-12-01T10:00:00.000Z', '2026-12-01T11:00:00', '2026-12-01T11:00:00+01:00'],
	])(
		'the change filter honours an offset and reads a bare time as Stockholm wall time (%s)',
		async (_season, instant, wall, withOffset) => {
			const estate = publishedEstates()[0];
			await sb.control.post('/listings/change', { estateId: estate.id, at: instant });
			const ids = async (min: string, max?: string) =>
				(
					await sb.demo.get('/Advertising/Estate/G2', {
						params: { 'criteria.changedAtMinValue': min, 'criteria.changedAtMaxValue': max },
					})
				).data.rows.map((row: Row) => row.id);
			expect(await ids(instant)).toEqual([estate.id]);
			expect(await ids(withOffset)).toEqual([estate.id]);
			expect(await ids(wall)).toEqual([estate.id]);
			const later = new Date(Date.parse(instant) + 1000).toISOString();
			expect(await ids(later)).toEqual([]);
			expect(await ids(wall.replace(/:00$/, ':01'))).toEqual([]);
			// The same digits read as UTC would be hours later than the estate's change.
			expect(await ids(`${wall}Z`)).toEqual([]);
			const row = (
				await sb.demo.get(`/Advertising/Estate/G2?criteria.changedAtMinValue=${instant}`)
			).data.rows[0];
			expect(row.changedAt).toBe(wall);
			const before = new Date(Date.parse(instant) - 1000).toISOString();
			expect(await ids('2020-01-01T00:00:00Z', before)).not.toContain(estate.id);
		},
	);
});

describe('contract: images as bytes (advertising.md section 10)', () => {
	const estateImage = () => {
		const estate = publishedEstates()[0];
		return { estate, image: sb.handle.store.advertising.listings.get(estate.id)!.imageIds[0] };
	};

	it('answers an estate image as JPEG bytes, the same bytes on every read', async () => {
		const { estate, image } = estateImage();
		const read = () =>
			sb.demo.get(`/Advertising/Image/${estate.customerId}/${image}`, {
				responseType: 'arraybuffer',
			});
		const first = await read();
		expect(first.status).toBe(200);
		expect(first.headers['content-type']).toBe('application/octet-stream');
		const bytes = Buffer.from(first.data);
		expect([...bytes.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
		expect([...bytes.subarray(-2)]).toEqual([0xff, 0xd9]);
		// The frame header (SOF0) names the picture's size: 32 rows of 48 pixels, 3 components.
		const frame = bytes.indexOf(Buffer.from([0xff, 0xc0]));
		expect([...bytes.subarray(frame + 5, frame + 10)]).toEqual([0, 32, 0, 48, 3]);
		expect(Buffer.from((await read()).data).equals(bytes)).toBe(true);
		const typed = await sb.demo.get(`/Advertising/Image/${estate.customerId}/${image}`, {
			headers: { Accept: 'image/jpeg' },
		});
		expect(typed.headers['content-type']).toBe('image/jpeg');
		const text = await sb.demo.get(`/Advertising/Image/${estate.customerId}/${image}`, {
			headers: { Accept: 'text/x-base64' },
			responseType: 'text',
		});
		expect(text.headers['content-type']).toMatch(/^text\/x-base64/);
		expect(Buffer.from(text.data, 'base64').equals(bytes)).toBe(true);
	});

	it('answers an agent portrait as a PNG whose pixels decode', async () => {
		const user = (await sb.demo.get('/Advertising/User/M30011/HAN126BD4E4523136890F57E2BB7E76FEC6'))
			.data;
		expect(user.image.extension).toBe('png');
		const response = await sb.demo.get(`/Advertising/Image/M30011/${user.image.id}`, {
			responseType: 'arraybuffer',
		});
		const bytes = Buffer.from(response.data);
		expect([...bytes.subarray(1, 4)]).toEqual([0x50, 0x4e, 0x47]);
		expect(bytes.readUInt32BE(16)).toBe(48);
		expect(bytes.readUInt32BE(20)).toBe(32);
		const idat = bytes.indexOf('IDAT');
		const pixels = inflateSync(bytes.subarray(idat + 4, idat + 4 + bytes.readUInt32BE(idat - 4)));
		expect(pixels).toHaveLength((48 * 3 + 1) * 32);
		// The bottom row of tiles is the lawn: green above red and blue.
		const lawn = pixels.subarray((48 * 3 + 1) * 30 + 1, (48 * 3 + 1) * 30 + 4);
		expect(lawn[1]).toBeGreaterThan(lawn[0]);
		expect(lawn[1]).toBeGreaterThan(lawn[2]);
	});

	it('answers 404 for an unknown image and 403 for another customer’s', async () => {
		expect(
			(await sb.demo.get('/Advertising/Image/G2/MEDDE5193C2CB4A16F797B782741ED05A3E')).status,
		).toBe(404);
		const { image } = estateImage();
		expect((await sb.other.get(`/Advertising/Image/M40099/${image}`)).status).toBe(403);
	});
});

/** The rows of advertising-endpoints.tsv. */
const ENDPOINTS = readFileSync(join(__dirname, '../../docs/spec/advertising-endpoints.tsv'), 'utf8')
	.trim()
	.split('\n')
	.slice(1)
	.map((line) => {
		const [method, path, query, answerKind] = line.split('\t');
		return { method, path, query: query ? query.split(',') : [], answerKind };
	});

/** What the sandbox does not serve (sandbox/README.md, "Advertising reads"): the rest must answer. */
const NOT_SERVED = /^\/(PublicAdvertising|v2\/|File\/GetFile|Advertising\/(Brand|File)\/)/;
const UNKNOWN_ROUTE = 'No HTTP resource was found that matches the request URI.';

describe('contract: the endpoints of advertising-endpoints.tsv', () => {
	/** Placeholders filled with records of the seed that the demo user reads. */
	function fill(path: string): string {
		const estate = publishedEstates().find((each) => each.customerId === 'M30011')!;
		const { advertising, associations, areas } = sb.handle.store;
		const values: Record<string, string> = {
			customerId: 'M30011',
			estateId: estate.id,
			userId: 'HAN126BD4E4523136890F57E2BB7E76FEC6',
			officeId: 'FIR30011',
			areaId: [...areas.values()].find((area) => area.customerId === 'M30011')!.areaId,
			projectId: 'OBJ30011_2041200001',
			associationId: estate.associationId ?? [...associations.keys()][0],
			imageId: advertising.listings.get(estate.id)!.imageIds[0],
			fileId: 'F1',
			id: estate.id,
		};
		return path.replace(/\{(\w+)\}/g, (_match, name: string) => values[name] ?? 'X1');
	}

	it('lists the 31 rows the tests go through', () => expect(ENDPOINTS).toHaveLength(31));

	it.each(ENDPOINTS.map((row) => [`${row.method} ${row.path}`, row] as const))(
		'%s',
		async (_name, row) => {
			const response = await sb.demo.request({
				method: row.method,
				url: fill(row.path.split('|')[0]),
				data: row.method === 'POST' ? {} : undefined,
			});
			if (NOT_SERVED.test(row.path)) {
				expect(response.status).toBe(404);
				expect(response.data.message).toBe(UNKNOWN_ROUTE);
				return;
			}
			expect(response.status).toBe(200);
			if (row.answerKind !== 'page') return;
			// Every query name of the row is read: paging by its names, the change filter's bounds
			// empty the list, a filter's unknown value is refused naming it.
			const names = Object.fromEntries(row.query.map((name) => [name.split('.').pop(), name]));
			// Under the group, where the office and project lists have more than one row (an area list refuses a group).
			const url = fill(row.path).replace('M30011', row.path.includes('/Area/') ? 'M30011' : 'G2');
			const one = (
				await sb.demo.get(url, { params: { [names.pageSize]: 1, [names.pageIndex]: 1 } })
			).data;
			expect(one.index).toBe(1);
			expect(one.rows.length).toBeLessThanOrEqual(1);
			expect(one.count).toBe(one.totalRowCount);
			expect(one.totalRowCount).toBeGreaterThan(1);
			for (const [name, value] of [
				[names.changedAtMinValue, '2100-01-01T00:00:00Z'],
				[names.changedAtMaxValue, '2000-01-01T00:00:00Z'],
			])
				expect((await sb.demo.get(url, { params: { [name]: value } })).data.totalRowCount).toBe(0);
			for (const name of row.query.filter((each) => /^criteria\.(status|type)$/.test(each))) {
				const refused = await sb.demo.get(url, { params: { [name]: 'NoSuchValue' } });
				expect(refused.status).toBe(400);
				expect(refused.data.errors[0].field).toBe(name);
			}
		},
	);
});
