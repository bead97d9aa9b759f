import http from 'node:http';
import type { AddressInfo } from 'node:net';

import { startTestSandbox, useTestSandbox, type TestSandbox } from './helpers';

/**
 * The Advertising reads (docs/spec/advertising.md) as the sandbox serves them beyond what
 * test/contract/advertising.test.ts holds against the samples and the live rules: the estate
 * record's extend and unpublished estates, users, offices, areas, projects, office groups, the
 * listing control calls, faults, the bench seed, and that the listings are the estates, agents
 * and offices of the rest of the seed.
 */
const sb = useTestSandbox();

/** Swedish wall time as the live service writes it: no offset, a fraction of 0 to 3 digits. */
const WALL_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,3})?$/;

interface Row {
	id: string;
	customerId: string;
	changedAt: string;
}

const published = () =>
	[...sb.handle.store.estates.values()].filter(
		(estate) => sb.handle.store.advertising.listings.get(estate.id)?.isPublished,
	);

describe('the estate record', () => {
	const forSaleApartment = () =>
		published().find((estate) => estate.status === 'ForSale' && estate.type === 'Condominium')!;

	it('reads a published estate by id with its own type extension and no agents without extend', async () => {
		const estate = forSaleApartment();
		const response = await sb.demo.get(`/Advertising/Estate/M30011/${estate.id}`);
		expect(response.status).toBe(200);
		const record = response.data;
		expect(record.id).toBe(estate.id);
		expect(record.office).toEqual({
			customerId: estate.customerId,
			id: `FIR${estate.customerId.slice(1)}`,
		});
		expect(record.primaryAgentId).toBe(estate.agentId);
		expect(record.price.startingPrice).toBe(estate.startingPrice);
		expect(record.address.streetAddress).toBe(estate.address.streetAddress);
		expect(record.marketing.isPublished).toBe(true);
		expect(record.type).toEqual({ id: 'HousingCooperative', name: 'Bostadsrätt' });
		expect(record.extensions.housingCooperative.association.id).toBe(estate.associationId);
		expect(record.extensions.primaryAgent).toBeNull();
		expect(record.changedAt).toMatch(WALL_TIME);
		expect(record.sale.assignmentDate).toMatch(/T00:00:00$/);
		expect(record.images.length).toBeGreaterThanOrEqual(2);
	});

	it.each([
		['a literal +', 'extend=primaryAgent+secondaryAgent'],
		['%2B', 'extend=primaryAgent%2BsecondaryAgent'],
		['PascalCase', 'extend=PrimaryAgent%2BSecondaryAgent'],
	])('extend with %s fills the agents named and nothing else', async (_form, query) => {
		const estate = forSaleApartment();
		const record = (await sb.demo.get(`/Advertising/Estate/G2/${estate.id}?${query}`)).data;
		expect(record.extensions.primaryAgent.id).toBe(estate.agentId);
		expect(record.extensions.primaryAgent.name).toBe(
			`${sb.handle.store.agents.get(estate.agentId)!.firstName} ${sb.handle.store.agents.get(estate.agentId)!.lastName}`,
		);
		expect(record.extensions.housingCooperative).toBeNull();
		const second = record.secondaryAgentId;
		expect(record.extensions.secondaryAgent?.id ?? null).toBe(second);
	});

	it('refuses an unknown extend name with a 400 on extend', async () => {
		const response = await sb.demo.get(
			`/Advertising/Estate/G2/${forSaleApartment().id}?extend=garden`,
		);
		expect(response.status).toBe(400);
		expect(response.data.errors[0].field).toBe('extend');
	});

	it('answers 404 for an unknown id and 403 for another customer’s estate', async () => {
		const unknown = await sb.demo.get('/Advertising/Estate/G2/OBJ30011_2041199999');
		expect(unknown.status).toBe(404);
		expect(unknown.data.message).toBe('Estate OBJ30011_2041199999 not found');
		const foreign = published().find((estate) => estate.customerId === 'M30012')!;
		expect((await sb.sodermalm.get(`/Advertising/Estate/M30011/${foreign.id}`)).status).toBe(403);
	});

	it('reads an unpublished estate by id as isPublished false, or 404 once switched', async () => {
		const hidden = [...sb.handle.store.estates.values()].find(
			(estate) => !sb.handle.store.advertising.listings.get(estate.id)!.isPublished,
		)!;
		const record = await sb.demo.get(`/Advertising/Estate/G2/${hidden.id}`);
		expect(record.status).toBe(200);
		expect(record.data.marketing.isPublished).toBe(false);
		expect(
			(await sb.control.put('/listings/unpublished-answer', { answer: 'notFound' })).status,
		).toBe(200);
		expect((await sb.demo.get(`/Advertising/Estate/G2/${hidden.id}`)).status).toBe(404);
		await sb.handle.reset();
		expect((await sb.control.get('/listings/unpublished-answer')).data).toEqual({
			answer: 'record',
		});
	});
});

describe('the seed: listings are the estates, agents and offices of the other endpoints', () => {
	it('every estate of bids and interest applications is an estate of the reads', async () => {
		const { store } = sb.handle;
		const named = new Set([
			...[...store.bids.values()].map((bid) => bid.estateId),
			...[...store.interestApplications.values()].map((application) => application.estateId),
		]);
		expect(named.size).toBeGreaterThan(5);
		let listed = 0;
		for (const estateId of named) {
			const estate = store.estates.get(estateId)!;
			const response = await sb.demo.get(`/Advertising/Estate/G2/${estateId}`);
			if (estate.customerId === 'M40099') {
				expect(response.status).toBe(403);
				continue;
			}
			expect(response.status).toBe(200);
			expect(response.data.id).toBe(estateId);
			if (response.data.marketing.isPublished) listed++;
		}
		expect(listed).toBeGreaterThan(0);
	});

	it('agents are the users of appointments and lead routing; offices keep their customer ids', async () => {
		const rows = (await sb.demo.get('/Advertising/User/G2')).data.rows as Array<{ id: string }>;
		const active = [...sb.handle.store.agents.values()]
			.filter((agent) => !agent.archived && agent.customerId.some((id) => id !== 'M40099'))
			.map((agent) => agent.userId);
		expect(rows.map((row) => row.id)).toEqual(active.sort());
		const offices = (await sb.demo.get('/Advertising/Office/G2')).data.rows;
		expect(offices.map((row: Row) => [row.id, row.customerId])).toEqual([
			['FIR30011', 'M30011'],
			['FIR30012', 'M30012'],
		]);
	});
});

describe('users, offices, areas, projects, office groups', () => {
	it('user rows have no customerId and list their offices; by id the whole user', async () => {
		const page = (await sb.demo.get('/Advertising/User/M30012')).data;
		for (const row of page.rows) {
			expect(Object.keys(row)).toEqual(['id', 'isVisibleInStaffList', 'changedAt', 'offices']);
			expect(row.offices).toEqual([
				{ id: 'FIR30012', customerId: 'M30012', isVisibleInStaffList: true },
			]);
		}
		const user = await sb.demo.get(`/Advertising/User/M30012/${page.rows[0].id}`);
		expect(user.status).toBe(200);
		expect(user.data.telephone.cell.msisdn).toMatch(/^467\d{8}$/);
		expect(
			(await sb.demo.get('/Advertising/User/G2/HAN8C502EFB294EC0CA5E8E0F889522EBC2')).status,
		).toBe(404);
		// HAN44AC022A1077BBB0A1B0CC0F071D0A38 is archived: not advertised.
		expect(
			(await sb.demo.get('/Advertising/User/G2/HAN44AC022A1077BBB0A1B0CC0F071D0A38')).status,
		).toBe(404);
	});

	it('reads an office by its office id; a customer id in that place is 404', async () => {
		const office = await sb.demo.get('/Advertising/Office/M30012/FIR30012');
		expect(office.status).toBe(200);
		expect(office.data).toMatchObject({
			id: 'FIR30012',
			customerId: 'M30012',
			name: 'Mäklarhuset Uppsala',
		});
		expect((await sb.demo.get('/Advertising/Office/M30012/M30012')).status).toBe(404);
		expect((await sb.sodermalm.get('/Advertising/Office/M30011/FIR30012')).status).toBe(403);
	});

	it('lists the offices of several customers under a group id, and refuses the area list under one', async () => {
		const offices = (await sb.demo.get('/Advertising/Office/G2')).data;
		expect(new Set(offices.rows.map((row: Row) => row.customerId))).toEqual(
			new Set(['M30011', 'M30012']),
		);
		const areas = await sb.demo.get('/Advertising/Area/G2');
		expect(areas.status).toBe(400);
		expect(areas.data.errors[0].field).toBe('customerId');
	});

	it('lists an office’s areas and reads one with its outline', async () => {
		const page = (await sb.demo.get('/Advertising/Area/M30011')).data;
		const mine = [...sb.handle.store.areas.values()].filter((area) => area.customerId === 'M30011');
		expect(page.totalRowCount).toBe(mine.length);
		const area = (await sb.demo.get(`/Advertising/Area/M30011/${page.rows[0].id}`)).data;
		expect(area.coordinates[0][0].length).toBeGreaterThanOrEqual(4);
		expect(area.coordinates[0][0][0]).toHaveLength(2);
		expect(area.office).toEqual({ customerId: 'M30011', id: 'FIR30011' });
	});

	it('lists published projects, filters by status and reads one with its agents on request', async () => {
		const page = (await sb.demo.get('/Advertising/Project/G2')).data;
		expect(page.rows.map((row: Row) => row.id)).toEqual([
			'OBJ30011_2041200001',
			'OBJ30012_2041200002',
		]);
		const running = (await sb.demo.get('/Advertising/Project/G2?criteria.status=Running')).data;
		expect(running.rows.map((row: Row) => row.id)).toEqual(['OBJ30011_2041200001']);
		const plain = (await sb.demo.get('/Advertising/Project/M30011/OBJ30011_2041200001')).data;
		expect(plain.extensions).toEqual({ primaryAgent: null, secondaryAgent: null });
		const extended = (
			await sb.demo.get(
				'/Advertising/Project/M30011/OBJ30011_2041200001?extend=primaryAgent+secondaryAgent',
			)
		).data;
		expect(extended.extensions.primaryAgent.id).toBe(plain.primaryAgentId);
		expect(extended.extensions.secondaryAgent.id).toBe(plain.secondaryAgentId);
		const homes = published().filter(
			(estate) =>
				sb.handle.store.advertising.listings.get(estate.id)!.projectId === 'OBJ30011_2041200001',
		);
		expect(homes.length).toBeGreaterThan(0);
		const home = (await sb.demo.get(`/Advertising/Estate/M30011/${homes[0].id}`)).data;
		expect(home.projectId).toBe('OBJ30011_2041200001');
		expect((await sb.demo.get('/Advertising/Project/G2/OBJ30011_2041209999')).status).toBe(404);
	});

	it('answers the office groups as a bare array, 404 when a customer has none', async () => {
		const groups = await sb.demo.get('/CRM/Officegroups/G2');
		expect(groups.status).toBe(200);
		expect(groups.data).toEqual([
			{ id: 'OG1', name: 'Webbplats', offices: [{ id: 'FIR30011' }, { id: 'FIR30012' }] },
			{ id: 'OG2', name: 'Nyproduktion Uppsala', offices: [{ id: 'FIR30012' }] },
		]);
		expect((await sb.other.get('/CRM/Officegroups/M40099')).status).toBe(404);
	});
});

describe('listing control calls', () => {
	function receiver() {
		const bodies: Array<Record<string, unknown>> = [];
		const server = http.createServer((request, response) => {
			const chunks: Buffer[] = [];
			request.on('data', (chunk: Buffer) => chunks.push(chunk));
			request.on('end', () => {
				bodies.push(JSON.parse(Buffer.concat(chunks).toString('utf8')));
				response.writeHead(200).end();
			});
		});
		return { bodies, server };
	}

	/** Runs `check` with a receiver subscribed to the group's notifications, closed after. */
	async function withSubscribedReceiver(
		check: (bodies: Array<Record<string, unknown>>) => Promise<void>,
	): Promise<void> {
		const hook = receiver();
		await new Promise<void>((resolve) => hook.server.listen(0, '127.0.0.1', resolve));
		try {
			const port = (hook.server.address() as AddressInfo).port;
			await sb.control.post('/subscriptions', {
				url: `http://127.0.0.1:${port}/hook`,
				customerId: 'G2',
			});
			await check(hook.bodies);
		} finally {
			hook.server.closeAllConnections();
			await new Promise<void>((resolve) => hook.server.close(() => resolve()));
		}
	}

	it('publish, change and unpublish move changedAt, the list follows, each raises one Estate notification', async () => {
		await withSubscribedReceiver(async (bodies) => {
			const estate = [...sb.handle.store.estates.values()].find(
				(each) =>
					each.customerId === 'M30011' &&
					!sb.handle.store.advertising.listings.get(each.id)!.isPublished,
			)!;
			const listed = async () =>
				(await sb.demo.get('/Advertising/Estate/M30011?paging.pageSize=1000')).data.rows.find(
					(row: Row) => row.id === estate.id,
				);
			expect(await listed()).toBeUndefined();
			const publish = await sb.control.post('/listings/publish', {
				estateId: estate.id,
				at: '2026-06-16T09:30:00',
			});
			expect(publish.data).toEqual({
				estateId: estate.id,
				isPublished: true,
				changedAt: '2026-06-16T07:30:00.000Z',
			});
			expect((await listed()).changedAt).toBe('2026-06-16T09:30:00');
			const change = await sb.control.post('/listings/change', {
				estateId: estate.id,
				at: '2026-06-17T10:00:00Z',
				startingPrice: 3_150_000,
				heading: 'Ny rubrik',
			});
			expect(change.status).toBe(200);
			const record = (await sb.demo.get(`/Advertising/Estate/M30011/${estate.id}`)).data;
			expect(record.price.startingPrice).toBe(3_150_000);
			expect(record.sale.heading).toBe('Ny rubrik');
			expect(record.changedAt).toBe('2026-06-17T12:00:00');
			expect(record.marketing.publishedAt).toBe('2026-06-16T09:30:00');
			await sb.control.post('/listings/unpublish', {
				estateId: estate.id,
				at: '2026-06-18T10:00:00Z',
			});
			expect(await listed()).toBeUndefined();
			const { deliveries } = (await sb.control.get('/deliveries?settled=true')).data;
			const estateNotes = deliveries.filter(
				(delivery: { notification: Record<string, unknown> }) =>
					delivery.notification.type === 'Estate' && delivery.notification.id === estate.id,
			);
			expect(estateNotes).toHaveLength(3);
			expect(bodies.filter((body) => body.id === estate.id)).toHaveLength(3);
		});
	});

	it('a new estate For Sale each call, not on the website until published, with its agent, price and picture', async () => {
		const made: string[] = [];
		for (let i = 0; i < 3; i++) {
			const answer = await sb.control.post('/listings/new', { customerId: 'M30011' });
			expect(answer.status).toBe(200);
			made.push(answer.data.estateId);
		}
		expect(new Set(made).size).toBe(3);
		for (const id of made) {
			expect(id).toMatch(/^OBJ30011_\d{10}$/);
			const estate = sb.handle.store.estates.get(id)!;
			expect(estate).toMatchObject({ customerId: 'M30011', status: 'ForSale' });
			expect(estate.startingPrice).toBeGreaterThan(0);
			expect(sb.handle.store.agents.get(estate.agentId)!.archived).toBe(false);
			expect((await sb.demo.get(`/Advertising/Estate/M30011/${id}`)).data.marketing).toMatchObject({
				isPublished: false,
			});
			await sb.control.post('/listings/publish', { estateId: id });
			const record = (await sb.demo.get(`/Advertising/Estate/M30011/${id}`)).data;
			expect(record.marketing.isPublished).toBe(true);
			expect(record.images).toHaveLength(1);
			expect((await sb.demo.get(`/Advertising/Image/M30011/${record.images[0].id}`)).status).toBe(
				200,
			);
		}
		expect((await sb.control.post('/listings/new', { customerId: 'G2' })).status).toBe(400);
	});

	it('a new estate put on the website as it is made raises one Estate notification, published and For Sale', async () => {
		await withSubscribedReceiver(async (bodies) => {
			const made = await sb.control.post('/listings/new', { customerId: 'M30011', publish: true });
			expect(made.data).toMatchObject({ status: 'ForSale', isPublished: true });
			const { estateId } = made.data;
			const record = (await sb.demo.get(`/Advertising/Estate/M30011/${estateId}`)).data;
			expect(record.marketing.isPublished).toBe(true);
			const { deliveries } = (await sb.control.get('/deliveries?settled=true')).data;
			const notes = deliveries.filter(
				(delivery: { notification: Record<string, unknown> }) =>
					delivery.notification.type === 'Estate' && delivery.notification.id === estateId,
			);
			expect(notes).toHaveLength(1);
			expect(bodies.filter((body) => body.id === estateId)).toHaveLength(1);
		});
	});

	it('refuses an unknown estate, a bad time and a bad price', async () => {
		expect(
			(await sb.control.post('/listings/publish', { estateId: 'OBJ30011_2041199999' })).status,
		).toBe(404);
		const estate = published()[0].id;
		const time = await sb.control.post('/listings/change', { estateId: estate, at: 'soon' });
		expect(time.status).toBe(400);
		expect(time.data.errors[0].field).toBe('at');
		expect(
			(await sb.control.post('/listings/change', { estateId: estate, startingPrice: -5 })).status,
		).toBe(400);
	});

	it('activity can change listings of its scope', async () => {
		const round = await sb.control.post('/activity', {
			listingChanges: 2,
			at: '2026-06-16T08:00:00Z',
		});
		expect(round.data.listingChanges).toHaveLength(2);
		const rows = (
			await sb.demo.get('/Advertising/Estate/G2?criteria.changedAtMinValue=2026-06-16T08:00:00Z')
		).data.rows.map((row: Row) => row.id);
		expect(rows.sort()).toEqual([...new Set(round.data.listingChanges as string[])].sort());
	});
});

describe('faults on the reads', () => {
	it('a closed office answers 403 and an outage 503 on the listing reads', async () => {
		await sb.control.post('/faults', { kind: 'closedOffice', customerId: 'M30011' });
		expect((await sb.demo.get('/Advertising/Estate/M30011')).status).toBe(403);
		expect(
			(await sb.demo.get('/Advertising/Image/M30011/MEDE6EB9376DF561F3705695E1BC3CAB5A6')).status,
		).toBe(403);
		expect((await sb.demo.get('/Advertising/Estate/M30012')).status).toBe(200);
		await sb.control.delete('/faults');
		await sb.control.post('/faults', { kind: 'outage' });
		expect((await sb.demo.get('/Advertising/Estate/M30012')).status).toBe(503);
		expect((await sb.demo.get('/CRM/Officegroups/G2')).status).toBe(503);
	});
});

describe('the bench seed', () => {
	let big: TestSandbox;
	beforeAll(async () => {
		big = await startTestSandbox({ scale: { listings: 10_000 } });
	});
	afterAll(async () => await big.handle.close());

	it('adds 10,000 published estates after the seed’s own, every one listed and readable', async () => {
		const first = (await big.demo.get('/Advertising/Estate/M30011?paging.pageSize=1000')).data;
		const seeded = [...big.handle.store.estates.values()].filter(
			(estate) =>
				estate.customerId === 'M30011' &&
				Number(estate.id.split('_')[1]) <= 2_041_100_050 &&
				big.handle.store.advertising.listings.get(estate.id)!.isPublished,
		).length;
		expect(first.totalRowCount).toBe(10_000 + seeded);
		expect(first.count).toBe(Math.ceil((10_000 + seeded) / 1000));
		const last = big.handle.store.estates.get('OBJ30011_2041110050')!;
		expect(last.customerId).toBe('M30011');
		const record = await big.demo.get('/Advertising/Estate/M30011/OBJ30011_2041110050');
		expect(record.status).toBe(200);
		expect(record.data.marketing.isPublished).toBe(true);
		expect(record.data.changedAt).toMatch(WALL_TIME);
	});

	it('leaves the rest of the seed as it is without them, and the seed’s own listings the same', () => {
		const [plain, grown] = [sb.handle.store, big.handle.store];
		expect([...grown.contacts.values()]).toEqual([...plain.contacts.values()]);
		expect([...grown.bids.values()]).toEqual([...plain.bids.values()]);
		expect([...grown.interestApplications.values()]).toEqual([
			...plain.interestApplications.values(),
		]);
		const seeded = [...plain.estates.keys()];
		expect(seeded.map((id) => grown.estates.get(id))).toEqual([...plain.estates.values()]);
		expect(seeded.map((id) => grown.advertising.listings.get(id))).toEqual(
			seeded.map((id) => plain.advertising.listings.get(id)),
		);
		expect([...grown.advertising.projects.values()]).toEqual([
			...plain.advertising.projects.values(),
		]);
	});
});
