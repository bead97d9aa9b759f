import { SANDBOX_API_KEY_HEADER } from '../../sandbox/src';
import { client, findContact, startTestSandbox, type TestSandbox } from './helpers';

let sb: TestSandbox;
beforeAll(async () => {
	sb = await startTestSandbox();
});
afterAll(async () => sb.handle.close());

describe('authentication (401)', () => {
	it('rejects a request without Authorization header', async () => {
		const response = await sb.anonymous.get('/CRM/Bids/M30011');
		expect(response.status).toBe(401);
		expect(response.data).toEqual({ message: 'Authorization has been denied for this request.' });
		expect(response.headers['www-authenticate']).toMatch(/^Basic/);
	});

	it('rejects a wrong password and an unknown user', async () => {
		const wrong = client(sb.handle.url, undefined, {
			auth: { username: 'demo', password: 'nope' },
		});
		expect((await wrong.get('/CRM/Bids/M30011')).status).toBe(401);
		const unknown = client(sb.handle.url, undefined, {
			auth: { username: 'ghost', password: 'demo-password' },
		});
		expect((await unknown.get('/CRM/Bids/M30011')).status).toBe(401);
		const garbage = client(sb.handle.url, undefined, { headers: { Authorization: 'Bearer abc' } });
		expect((await garbage.get('/CRM/Bids/M30011')).status).toBe(401);
	});

	it('requires the API key on contact and category endpoints when the user has one', async () => {
		const noKey = client(sb.handle.url, undefined, {
			auth: { username: 'demo', password: 'demo-password' },
		});
		const missing = await noKey.get('/Category/GetCategories', {
			params: { customerId: 'M30011' },
		});
		expect(missing.status).toBe(401);
		expect(missing.data.message).toMatch(/API key was rejected/);
		const wrongKey = await noKey.get('/CRM/Contact/M30011', {
			headers: { [SANDBOX_API_KEY_HEADER]: 'other-api-key' },
		});
		expect(wrongKey.status).toBe(401);
		expect(JSON.stringify(wrongKey.data)).not.toContain('other-api-key');
		// Bids need no API key.
		expect((await noKey.get('/CRM/Bids/M30011')).status).toBe(200);
	});

	it('lets a user without an API key use contact endpoints', async () => {
		const response = await sb.sodermalm.get('/Category/GetCategories', {
			params: { customerId: 'M30011' },
		});
		expect(response.status).toBe(200);
		expect(response.data.personCategories.length).toBeGreaterThan(0);
	});

	it('never echoes passwords or keys', async () => {
		const wrong = client(sb.handle.url, undefined, {
			auth: { username: 'demo', password: 'secret-typo' },
		});
		const response = await wrong.get('/CRM/Bids/M30011');
		expect(JSON.stringify(response.data)).not.toContain('secret-typo');
		expect(JSON.stringify(response.headers)).not.toContain('secret-typo');
	});
});

describe('access (403) and missing records (404)', () => {
	it('refuses a customer id the user may not use (path, query and body)', async () => {
		const path = await sb.sodermalm.get('/CRM/Bids/M30012');
		expect(path.status).toBe(403);
		expect(typeof path.data.message).toBe('string');
		expect((await sb.demo.get('/CRM/Bids/M40099')).status).toBe(403);
		expect(
			(await sb.other.get('/Category/GetCategories', { params: { customerId: 'G2' } })).status,
		).toBe(403);
		const body = await sb.demo.post('/Contacts/UpdatePerson', {
			customerId: 'M40099',
			firstName: 'Test',
		});
		expect(body.status).toBe(403);
	});

	it('grants a group user its offices and the group', async () => {
		for (const id of ['G2', 'M30011', 'M30012'])
			expect((await sb.demo.get(`/CRM/HiddenBids/${id}`)).status).toBe(200);
	});

	it('refuses records of another customer with 403 and unknown ones with 404', async () => {
		const foreignBid = [...sb.handle.store.bids.values()].find((b) => b.customerId === 'M40099')!;
		expect((await sb.demo.get(`/CRM/Bid/M30011/${foreignBid.id}`)).status).toBe(403);
		const uppsalaBid = [...sb.handle.store.bids.values()].find((b) => b.customerId === 'M30012')!;
		expect((await sb.demo.get(`/CRM/Bid/M30011/${uppsalaBid.id}`)).status).toBe(403);
		expect((await sb.demo.get(`/CRM/Bid/G2/${uppsalaBid.id}`)).status).toBe(200);
		const missing = await sb.demo.get('/CRM/Bid/M30011/B999999');
		expect(missing.status).toBe(404);
		expect(missing.data.message).toMatch(/not found$/);
		const foreignContact = findContact(sb, 'Person', 'M40099');
		expect((await sb.demo.get(`/CRM/Contact/G2/Person/${foreignContact.id}`)).status).toBe(403);
	});

	it('treats a percent-encoded slash as part of one segment', async () => {
		const response = await sb.demo.get('/CRM/Bid/M30011/a%2Fb');
		expect(response.status).toBe(404);
		expect(response.data.message).toBe('Bid a/b not found');
		const contact = await sb.demo.get('/CRM/Contact/M30011/x%2FSearch');
		expect(contact.status).toBe(404);
	});

	it('answers unknown routes with 404', async () => {
		expect((await sb.demo.get('/CRM/Nothing/M30011')).status).toBe(404);
	});
});
