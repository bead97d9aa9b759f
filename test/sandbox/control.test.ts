import axios from 'axios';
import { estateOf, findContact, startTestSandbox, type TestSandbox } from './helpers';

let sb: TestSandbox;
beforeAll(async () => {
	sb = await startTestSandbox({ seed: 7 });
});
afterAll(async () => sb.handle.close());
beforeEach(async () => {
	await sb.control.post('/reset');
});

describe('request log', () => {
	it('records method, raw path, query, headers without secrets, content type, parsed body and status', async () => {
		const estate = estateOf(sb, 'M30011');
		const contact = findContact(sb, 'Person', 'M30011');
		await sb.demo.post(
			`/CRM/Bid/M30011/${estate.id}/${contact.id}`,
			{ amount: '100000', alias: 'Logg' },
			{ headers: { 'X-Trace': 'abc' } },
		);
		await sb.demo.get('/CRM/Bid/M30011/a%2Fb', { params: { 'criteria.x': 'y' } });
		await sb.anonymous.get('/CRM/Bids/M30011');
		await sb.control.get('/requests');
		const log = (await sb.control.get('/requests')).data;
		expect(log).toHaveLength(3);
		expect(log[0]).toMatchObject({
			method: 'POST',
			path: `/CRM/Bid/M30011/${estate.id}/${contact.id}`,
			body: { amount: '100000', alias: 'Logg' },
			status: 200,
		});
		expect(log[0].contentType).toMatch(/^application\/json/);
		expect(log[0].headers['x-trace']).toBe('abc');
		expect(log[1]).toMatchObject({
			method: 'GET',
			path: '/CRM/Bid/M30011/a%2Fb',
			query: { 'criteria.x': 'y' },
			status: 404,
		});
		expect(log[2].status).toBe(401);
		const text = JSON.stringify(log);
		for (const secret of [
			'authorization',
			'x-api-key',
			'demo-password',
			'demo-api-key',
			Buffer.from('demo:demo-password').toString('base64'),
		]) {
			expect(text.toLowerCase()).not.toContain(secret.toLowerCase());
		}
		expect((await sb.control.delete('/requests')).status).toBe(204);
		expect((await sb.control.get('/requests')).data).toEqual([]);
	});
});

describe('state without a read endpoint', () => {
	it('lists booked appointments and contact orders, an opt-out showing as inactive', async () => {
		expect((await sb.control.get('/appointments')).data).toEqual([]);
		const booked = await sb.demo.post('/Appointment/M30011/HANE8994B35F2DC6672CBAA6E4FEB287DD8', {
			subject: 'Visning',
			startsAt: '2026-06-01T10:00:00',
		});
		expect((await sb.control.get('/appointments')).data).toEqual([
			expect.objectContaining({
				id: booked.data,
				userId: 'HANE8994B35F2DC6672CBAA6E4FEB287DD8',
				subject: 'Visning',
				customerId: 'M30011',
			}),
		]);
		const order = (
			(await sb.control.get('/contactOrders')).data as Array<{
				id: string;
				customerId: string;
				active: boolean;
			}>
		).find((o) => o.active && o.customerId === 'M30011')!;
		await sb.demo.put(`/Advertising/Message/M30011/ContactOrder/${order.id}/OptOut`);
		const after = (await sb.control.get('/contactOrders')).data.find(
			(o: { id: string }) => o.id === order.id,
		);
		expect(after).toMatchObject({ active: false, endedAt: expect.any(String) });
	});

	it('lists the estates and the interest applications, with where each lead came from as sent', async () => {
		const estate = (
			(await sb.control.get('/estates')).data as Array<{
				id: string;
				customerId: string;
				status: string;
			}>
		).find((e) => e.customerId === 'M30011' && e.status === 'ForSale')!;
		expect(estate).toEqual({
			id: expect.any(String),
			customerId: 'M30011',
			status: 'ForSale',
			type: expect.any(String),
			isPublished: expect.any(Boolean),
			changedAt: expect.any(String),
		});
		const marketing = {
			referrer: 'https://www.example.com/',
			utmTags: [{ name: 'utm_source', value: 'hemnet' }],
		};
		await sb.demo.post(`/Advertising/Estate/M30011/${estate.id}/interest`, {
			firstName: 'Ada',
			lastName: 'Lund',
			email: { emailAddress: 'ada@mail.example' },
			marketing,
		});
		expect(
			((await sb.control.get('/interestApplications')).data as unknown[]).at(-1),
		).toMatchObject({ estateId: estate.id, marketing });
	});
});

describe('reset and seed', () => {
	it('reset brings the seed back', async () => {
		const bids = sb.handle.store.bids.size;
		const firstContact = structuredClone(sb.handle.store.contacts.get('C000001'));
		await sb.demo.post('/Contacts/UpdatePerson', {
			customerId: 'M30011',
			firstName: 'Ny',
			lastName: 'Person',
		});
		const estate = estateOf(sb, 'M30011');
		await sb.demo.post(`/CRM/Bid/M30011/${estate.id}/${findContact(sb, 'Person', 'M30011').id}`, {
			amount: '1',
		});
		expect(sb.handle.store.bids.size).toBe(bids + 1);
		const response = await sb.control.post('/reset');
		expect(response.status).toBe(200);
		expect(sb.handle.store.bids.size).toBe(bids);
		expect(sb.handle.store.contacts.get('C000001')).toEqual(firstContact);
		await sb.handle.reset();
		expect(sb.handle.store.contacts.get('C000001')).toEqual(firstContact);
	});

	it('seed changes seed and scale; the same seed gives the same data', async () => {
		const small = await sb.control.post('/seed', { seed: 99, scale: { bids: 30, contacts: 80 } });
		expect(small.data).toMatchObject({ seed: 99, bids: 30 });
		const names = [...sb.handle.store.contacts.values()]
			.slice(0, 20)
			.map((c) => c.lastName + c.socialSecurityNumber);
		await sb.control.post('/seed', { seed: 99 });
		expect(
			[...sb.handle.store.contacts.values()]
				.slice(0, 20)
				.map((c) => c.lastName + c.socialSecurityNumber),
		).toEqual(names);
		await sb.control.post('/seed', { seed: 7, scale: { bids: 200, contacts: 500 } });
		expect(sb.handle.store.bids.size).toBe(200);
	});

	it('refuses the control API from non-loopback addresses only (loopback works without auth)', async () => {
		expect((await axios.get(`${sb.handle.url}/__sandbox/health`)).data).toEqual({ ok: true });
	});
});

describe('activity', () => {
	it('creates records stamped exactly at the given time and reports their ids', async () => {
		// A whole second a minute ahead, so the new bids are the newest of the seed.
		const at = new Date(Math.floor(Date.parse(sb.handle.store.now()) / 1000) * 1000 + 60_000)
			.toISOString()
			.replace('.000Z', 'Z');
		const response = await sb.control.post('/activity', {
			bids: 2,
			hiddenBids: 1,
			interestApplications: 2,
			contactChanges: 3,
			liveData: 4,
			at,
			customerId: 'M30011',
		});
		expect(response.status).toBe(200);
		const result = response.data;
		expect(result.at).toBe(at.replace('Z', '.000Z'));
		expect(result.bids).toHaveLength(2);
		expect(result.hiddenBids).toHaveLength(1);
		expect(result.interestApplications).toHaveLength(2);
		expect(result.leads).toHaveLength(2);
		expect(result.contacts.created).toHaveLength(2);
		expect(result.contacts.changed).toHaveLength(3);
		expect(result.liveData).toBe(4);
		const store = sb.handle.store;
		for (const id of [...result.bids, ...result.hiddenBids])
			expect(store.bids.get(id)!.createdAt).toBe(result.at);
		for (const id of result.hiddenBids) expect(store.bids.get(id)!.isHidden).toBe(true);
		for (const id of result.contacts.created)
			expect(store.contacts.get(id)).toMatchObject({
				createdAt: result.at,
				changedAt: result.at,
				customerId: 'M30011',
			});
		for (const id of result.contacts.changed)
			expect(store.contacts.get(id)!.changedAt).toBe(result.at);
		for (const id of result.leads)
			expect(store.leads.get(id)).toMatchObject({ createdAt: result.at, direction: 'Incoming' });
		expect(store.liveData.filter((e) => e.at === result.at)).toHaveLength(4);

		// A poller finds exactly these through the interface.
		const visible = await sb.demo.get('/CRM/Bids/M30011');
		expect(
			visible.data
				.slice(0, 2)
				.map((b: { id: string }) => b.id)
				.sort(),
		).toEqual([...result.bids].sort());
		const changed = await sb.demo.get('/CRM/Contact/M30011', {
			params: { 'criteria.changedAtFrom': at, 'criteria.changedAtTo': at },
		});
		const ids = changed.data.persons.map((p: { id: string }) => p.id).sort();
		expect(ids).toEqual([...result.contacts.created, ...result.contacts.changed].sort());
	});

	it('alikeLeadPairs: one person applies twice for one estate; the report lists both leads without an id, rows alike', async () => {
		const at = new Date(Math.floor(Date.parse(sb.handle.store.now()) / 1000) * 1000 + 60_000)
			.toISOString()
			.replace('.000Z', 'Z');
		const result = (
			await sb.control.post('/activity', { alikeLeadPairs: 1, at, customerId: 'M30011' })
		).data;
		expect(result.leads).toHaveLength(2);
		expect(result.leadsWithoutId).toEqual(result.leads);
		expect(result.contacts.created).toHaveLength(1);
		expect(result.contacts.changed).toEqual([]);
		const report = await sb.demo.get('/BusinessIntelligence/TipsAndLeads/Report', {
			params: { customerId: 'M30011', dateFrom: at, dateTo: at },
		});
		expect(report.status).toBe(200);
		const rows = report.data.incomingLeads as Array<Record<string, unknown>>;
		expect(rows).toHaveLength(2);
		expect(rows[0]).toEqual(rows[1]);
		expect(rows[0].lead).not.toHaveProperty('id');
		expect(rows[0].contact).toMatchObject({ id: result.contacts.created[0] });
	});

	it('valuationRequests: a lead without an estate, sent to an agent of the office, listed with its person and receiver', async () => {
		const at = new Date(Math.floor(Date.parse(sb.handle.store.now()) / 1000) * 1000 + 120_000)
			.toISOString()
			.replace('.000Z', 'Z');
		const result = (
			await sb.control.post('/activity', { valuationRequests: 1, at, customerId: 'M30011' })
		).data;
		expect(result.leads).toHaveLength(1);
		expect(result.leadsWithoutEstate).toEqual(result.leads);
		expect(result.interestApplications).toEqual([]);
		const lead = sb.handle.store.leads.get(result.leads[0])!;
		const receiver = sb.handle.store.agents.get(lead.receiver.userId!)!;
		expect(receiver).toMatchObject({ archived: false, customerId: ['M30011'] });
		expect(lead).toMatchObject({
			estateId: null,
			leadType: 'ValuationRequest',
			customerId: 'M30011',
		});
		const report = await sb.demo.get('/BusinessIntelligence/TipsAndLeads/Report', {
			params: { customerId: 'M30011', dateFrom: at, dateTo: at },
		});
		const [row] = report.data.incomingLeads as Array<Record<string, any>>;
		expect(report.data.incomingLeads).toHaveLength(1);
		expect(row.lead.id).toBe(lead.id);
		expect(row.estate ?? null).toBeNull();
		expect(row.receiver).toMatchObject({ id: receiver.userId });
		expect(row.contact).toMatchObject({ id: lead.contactId });
	});

	it('rejects bad activity requests', async () => {
		expect((await sb.control.post('/activity', { at: 'soon' })).status).toBe(400);
		expect((await sb.control.post('/activity', { bids: -1 })).status).toBe(400);
	});
});
