import { repeatRows } from '../../sandbox/src/control/faults';
import { startTestSandbox, type TestSandbox } from './helpers';

let sb: TestSandbox;
beforeAll(async () => {
	sb = await startTestSandbox();
});
afterAll(async () => sb.handle.close());
beforeEach(async () => {
	await sb.control.delete('/faults');
});

const fault = (body: Record<string, unknown>) => sb.control.post('/faults', body);

describe('fault injection', () => {
	it('status429 with Retry-After for the next N requests, then normal service', async () => {
		await fault({ kind: 'status429', count: 2, retryAfterSeconds: 3 });
		for (let i = 0; i < 2; i++) {
			const response = await sb.demo.get('/CRM/Bids/M30011');
			expect(response.status).toBe(429);
			expect(response.headers['retry-after']).toBe('3');
			expect(typeof response.data.message).toBe('string');
		}
		expect((await sb.demo.get('/CRM/Bids/M30011')).status).toBe(200);
		expect((await sb.control.get('/faults')).data).toEqual([]);
	});

	it('status500 and status503 (with Retry-After), limited by path prefix', async () => {
		await fault({ kind: 'status500', pathPrefix: '/CRM/HiddenBids' });
		await fault({ kind: 'status503', pathPrefix: '/CRM/Bids', retryAfterSeconds: 5 });
		expect(
			(await sb.demo.get('/Category/GetCategories', { params: { customerId: 'M30011' } })).status,
		).toBe(200);
		const unavailable = await sb.demo.get('/CRM/Bids/M30011');
		expect(unavailable.status).toBe(503);
		expect(unavailable.headers['retry-after']).toBe('5');
		const error = await sb.demo.get('/CRM/HiddenBids/M30011');
		expect(error.status).toBe(500);
		expect(error.data).toEqual({ message: 'An error has occurred.' });
	});

	it('delay holds the response back', async () => {
		await fault({ kind: 'delay', delayMs: 300 });
		const started = Date.now();
		const response = await sb.demo.get('/CRM/Bids/M30011');
		expect(response.status).toBe(200);
		expect(Date.now() - started).toBeGreaterThanOrEqual(280);
	});

	it('hold keeps matching requests in flight (status 0 in the log) until the faults are cleared', async () => {
		await fault({ kind: 'hold', share: 1, pathPrefix: '/CRM/Bids' });
		await sb.control.delete('/requests');
		let answered = false;
		const held = sb.demo.get('/CRM/Bids/M30011').then((response) => {
			answered = true;
			return response;
		});
		// Other paths are served meanwhile; once that answer is in, the held one has arrived too.
		expect((await sb.demo.get('/CRM/HiddenBids/M30011')).status).toBe(200);
		for (
			let i = 0;
			i < 500 &&
			!(await sb.control.get('/requests')).data.some(
				(r: { path: string }) => r.path === '/CRM/Bids/M30011',
			);
			i++
		) {
			await new Promise((resolve) => setTimeout(resolve, 10));
		}
		const log = (await sb.control.get('/requests')).data as Array<{ path: string; status: number }>;
		expect(log.find((r) => r.path === '/CRM/Bids/M30011')?.status).toBe(0);
		expect(answered).toBe(false);
		await sb.control.delete('/faults');
		expect((await held).status).toBe(200);
	});

	it('drop closes the connection without a response', async () => {
		await fault({ kind: 'drop' });
		await expect(sb.demo.get('/CRM/Bids/M30011')).rejects.toMatchObject({
			code: expect.stringMatching(/ECONNRESET|ERR_BAD_RESPONSE|ECONNABORTED/),
		});
		expect((await sb.demo.get('/CRM/Bids/M30011')).status).toBe(200);
	});

	it('malformedJson and malformedXml send unreadable bodies', async () => {
		await fault({ kind: 'malformedJson' });
		const json = await sb.demo.get('/CRM/Bids/M30011', {
			responseType: 'text',
			transformResponse: (x) => x,
		});
		expect(json.status).toBe(200);
		expect(json.headers['content-type']).toMatch(/application\/json/);
		expect(() => JSON.parse(json.data)).toThrow();
		await fault({ kind: 'malformedXml' });
		const xml = await sb.demo.get('/CRM/Bids/M30011', {
			responseType: 'text',
			transformResponse: (x) => x,
		});
		expect(xml.headers['content-type']).toMatch(/xml/);
		expect(xml.data).toMatch(/^<\?xml/);
		expect(xml.data).not.toMatch(/<\/Response>\s*$/);
	});

	it('okMessage answers 200 {"message":"OK"} without running the route', async () => {
		await fault({ kind: 'okMessage', pathPrefix: '/Advertising/Estate/M30011/' });
		const odd = await sb.demo.get('/Advertising/Estate/M30011/OBJ30011_NONE');
		expect([odd.status, odd.data]).toEqual([200, { message: 'OK' }]);
		expect((await sb.demo.get('/Advertising/Estate/M30011/OBJ30011_NONE')).status).toBe(404);
	});

	it('repeatRows lists every other row with an id again at the end of each list; rows without an id stay single', async () => {
		const plain = (await sb.demo.get('/CRM/Bids/M30011')).data as Array<{ id: string }>;
		expect(plain.length).toBeGreaterThan(2);
		await fault({ kind: 'repeatRows' });
		const repeated = (await sb.demo.get('/CRM/Bids/M30011')).data as Array<{ id: string }>;
		const again = plain.filter((_, index) => index % 2 === 0);
		expect(repeated).toEqual([...plain, ...again]);
		expect((await sb.demo.get('/CRM/Bids/M30011')).data).toEqual(plain);
		// Lists among an answer's fields too; a row without an id of its own is not repeated.
		const lists = (await sb.demo.get('/CRM/Contact/M30011')).data as Record<string, unknown[]>;
		await fault({ kind: 'repeatRows', count: 1 });
		const repeatedLists = (await sb.demo.get('/CRM/Contact/M30011')).data as Record<
			string,
			unknown[]
		>;
		expect(repeatedLists.persons.length).toBe(
			lists.persons.length + Math.ceil(lists.persons.length / 2),
		);
		expect(
			repeatRows([
				{ id: 'A' },
				{ name: 'x' },
				{ name: 'y' },
				{ userId: 'HANBDB1DD105679979CA82B28EDD1C8CCD2' },
			]),
		).toEqual([
			{ id: 'A' },
			{ name: 'x' },
			{ name: 'y' },
			{ userId: 'HANBDB1DD105679979CA82B28EDD1C8CCD2' },
			{ id: 'A' },
		]);
		expect(
			repeatRows({ incomingLeads: [{ lead: { id: 'L1' } }, { lead: { title: 'T' } }], total: 2 }),
		).toEqual({
			incomingLeads: [{ lead: { id: 'L1' } }, { lead: { title: 'T' } }, { lead: { id: 'L1' } }],
			total: 2,
		});
	});

	it('share applies to a seeded random part of the requests; several faults can be active', async () => {
		await fault({ kind: 'status500', share: 0.5 });
		const statuses: number[] = [];
		for (let i = 0; i < 40; i++)
			statuses.push((await sb.demo.get('/CRM/HiddenBids/M30011')).status);
		const failed = statuses.filter((s) => s === 500).length;
		expect(failed).toBeGreaterThan(5);
		expect(failed).toBeLessThan(35);
		expect((await sb.control.get('/faults')).data).toHaveLength(1);
	});

	it('closedOffice refuses every call for its customer with 403 until cleared; other offices are served', async () => {
		await fault({ kind: 'closedOffice', customerId: 'M30011' });
		for (let i = 0; i < 3; i++) {
			const refused = await sb.demo.get('/CRM/Bids/M30011');
			expect(refused.status).toBe(403);
			expect(refused.data.message).toBe('Access to customer M30011 is denied for this user.');
		}
		// The customer id in a query is found as in a path.
		expect(
			(await sb.demo.get('/Category/GetCategories', { params: { customerId: 'M30011' } })).status,
		).toBe(403);
		expect((await sb.demo.get('/CRM/Bids/M30012')).status).toBe(200);
		expect((await sb.control.get('/faults')).data).toMatchObject([
			{ kind: 'closedOffice', customerId: 'M30011', remaining: null, applied: 4 },
		]);
		await sb.control.delete('/faults');
		expect((await sb.demo.get('/CRM/Bids/M30011')).status).toBe(200);
	});

	it('closedOffice names the office it closes', async () => {
		const response = await fault({ kind: 'closedOffice' });
		expect(response.status).toBe(400);
		expect(response.data.errors[0].field).toBe('customerId');
	});

	it('outage answers 503 to every call until cleared', async () => {
		await fault({ kind: 'outage' });
		for (const path of ['/CRM/Bids/M30011', '/CRM/Bids/M30012', '/CRM/HiddenBids/M30011']) {
			const response = await sb.demo.get(path);
			expect(response.status).toBe(503);
			expect(response.headers['retry-after']).toBeUndefined();
		}
		await sb.control.delete('/faults');
		expect((await sb.demo.get('/CRM/Bids/M30011')).status).toBe(200);
	});

	it('rejects unknown kinds', async () => {
		const response = await fault({ kind: 'explode' });
		expect(response.status).toBe(400);
		expect(response.data.errors[0].field).toBe('kind');
	});
});
