import axios from 'axios';

import { FAILURE_MESSAGES } from '../../nodes/shared/failures';
import { runNode, testCredential } from '../harness/engine';
import { TransportProbe } from '../harness/probeNode';
import { useSandbox } from '../harness/sandbox';

const sandbox = useSandbox();
const probe = new TransportProbe();

async function someBidId(customerId = 'M30011'): Promise<string> {
	const { data } = await axios.get<Array<{ id: string }>>(`${sandbox.url}/CRM/Bids/${customerId}`, {
		auth: { username: 'demo', password: 'demo-password' },
	});
	return data[0].id;
}

describe('credential test (as n8n runs it)', () => {
	it('succeeds with the demo credential', async () => {
		expect(await testCredential(sandbox.credentials())).toEqual({
			status: 'OK',
			message: 'Connection successful!',
		});
	});

	it('fails with the 401 message for a wrong password or API key', async () => {
		expect(await testCredential(sandbox.credentials({ password: 'wrong' }))).toEqual({
			status: 'Error',
			message: FAILURE_MESSAGES.unauthorized,
		});
		expect(await testCredential(sandbox.credentials({ apiKey: 'wrong' }))).toEqual({
			status: 'Error',
			message: FAILURE_MESSAGES.unauthorized,
		});
	});

	it('fails with the 403 message for a customer the account may not use', async () => {
		expect(await testCredential(sandbox.credentials({ customerId: 'M40099' }))).toEqual({
			status: 'Error',
			message: FAILURE_MESSAGES.forbidden,
		});
	});

	it('refuses an http:// base URL that is not loopback, before any request', async () => {
		const result = await testCredential(
			sandbox.credentials({ baseUrl: 'http://brokerage.example.com' }),
		);
		expect(result.status).toBe('Error');
		expect(result.message).toContain('must start with https://');
		expect(await sandbox.requests()).toHaveLength(0);
	});
});

describe('requests through the engine', () => {
	it('sends Basic auth and the API key, fills the customer id from the credential, and pairs items', async () => {
		const bidId = await someBidId();
		await sandbox.clearRequests();
		const run = await runNode({
			nodeType: probe,
			parameters: { operation: 'getBid', bidId },
			credentials: sandbox.credentials(),
		});
		expect(run.error).toBeUndefined();
		expect(run.items).toEqual([
			{ json: expect.objectContaining({ id: bidId }), pairedItem: { item: 0 } },
		]);
		const [request] = await sandbox.requests();
		expect(request).toMatchObject({ method: 'GET', path: `/CRM/Bid/M30011/${bidId}`, status: 200 });
		expect(request.headers.authorization).toBeUndefined();
	});

	it('encodes path parameters so an id cannot reach another endpoint', async () => {
		const run = await runNode({
			nodeType: probe,
			parameters: { operation: 'getBid', bidId: '={{ $json.id }}', customerId: 'M30011' },
			credentials: sandbox.credentials(),
			input: [{ id: '../../Bids/M30011' }, { id: 'a/b' }],
			continueOnFail: true,
		});
		expect((await sandbox.requests()).map((request) => request.path)).toEqual([
			'/CRM/Bid/M30011/..%2F..%2FBids%2FM30011',
			'/CRM/Bid/M30011/a%2Fb',
		]);
		expect(run.items.map((item) => item.json.error)).toEqual([
			FAILURE_MESSAGES.notFound,
			FAILURE_MESSAGES.notFound,
		]);
	});

	it('maps 401, 403 and 404 to plain messages with the item index', async () => {
		const unauthorized = await runNode({
			nodeType: probe,
			parameters: { operation: 'getBid', bidId: 'B1' },
			credentials: sandbox.credentials({ password: 'nope' }),
		});
		expect(unauthorized.error?.message).toBe(FAILURE_MESSAGES.unauthorized);
		expect(unauthorized.error?.context?.itemIndex).toBe(0);
		const forbidden = await runNode({
			nodeType: probe,
			parameters: { operation: 'getBid', bidId: 'B1', customerId: 'M40099' },
			credentials: sandbox.credentials(),
		});
		expect(forbidden.error?.message).toBe(FAILURE_MESSAGES.forbidden);
		const missing = await runNode({
			nodeType: probe,
			parameters: { operation: 'getBid', bidId: 'no-such-bid' },
			credentials: sandbox.credentials(),
			input: [{}, {}],
		});
		expect(missing.error?.message).toBe(FAILURE_MESSAGES.notFound);
		expect(missing.error?.httpCode).toBe('404');
	});

	it("says a customer other than the credential's needs a credential of its own when refused (401 or 403)", async () => {
		const ownCredential =
			/M40099 needs a credential of its own\. Create one with the user name, password and API key issued for M40099 and choose it in this node, or clear the node's Customer ID to work with M30011/;
		const forbidden = await runNode({
			nodeType: probe,
			parameters: { operation: 'getBid', bidId: 'B1', customerId: 'M40099' },
			credentials: sandbox.credentials(),
		});
		expect(forbidden.error?.message).toBe(FAILURE_MESSAGES.forbidden);
		expect(forbidden.error?.description).toMatch(ownCredential);
		const unauthorized = await runNode({
			nodeType: probe,
			parameters: { operation: 'getBid', bidId: 'B1', customerId: 'M40099' },
			credentials: sandbox.credentials({ password: 'nope' }),
		});
		expect(unauthorized.error?.message).toBe(FAILURE_MESSAGES.unauthorized);
		expect(unauthorized.error?.description).toMatch(ownCredential);
		expect(unauthorized.error?.description).not.toContain('Check the user name');
		// The credential's own customer, given on the node or left to the credential: the password is what was refused.
		for (const customerId of ['M30011', '']) {
			const refused = await runNode({
				nodeType: probe,
				parameters: { operation: 'getBid', bidId: 'B1', customerId },
				credentials: sandbox.credentials({ password: 'nope' }),
			});
			expect(refused.error?.description).toBe(
				'Check the user name, password and API key of the credential',
			);
		}
		expect((await sandbox.requests()).map((request) => request.status)).toEqual([
			403, 401, 401, 401,
		]);
	});

	it('lists the validation errors of a 400 answer', async () => {
		const tooLarge = await runNode({
			nodeType: probe,
			parameters: { operation: 'search', term: 'Svensson', maxSize: 5000 },
			credentials: sandbox.credentials(),
		});
		expect(tooLarge.error?.message).toBe(
			'The service rejected the request as invalid: criteria.maxSize: must be at most 1000',
		);
		expect(tooLarge.error?.httpCode).toBe('400');
		const tooShort = await runNode({
			nodeType: probe,
			parameters: { operation: 'search', term: 'abc' },
			credentials: sandbox.credentials(),
		});
		expect(tooShort.error?.message).toMatch(
			/^The service rejected the request as invalid: criteria\.term: /,
		);
	});

	it('waits for Retry-After on 429 and then succeeds', async () => {
		const bidId = await someBidId();
		await sandbox.clearRequests();
		await sandbox.control('faults', { kind: 'status429', count: 1, retryAfterSeconds: 1 });
		const run = await runNode({
			nodeType: probe,
			parameters: { operation: 'getBid', bidId },
			credentials: sandbox.credentials(),
		});
		expect(run.error).toBeUndefined();
		expect(run.items[0].json.id).toBe(bidId);
		expect((await sandbox.requests()).map((request) => request.status)).toEqual([429, 200]);
	});

	it('fails a 429 whose wait is too long, saying how long the service asked to wait', async () => {
		await sandbox.control('faults', { kind: 'status429', count: 1, retryAfterSeconds: 120 });
		const run = await runNode({
			nodeType: probe,
			parameters: { operation: 'getBid', bidId: 'B1' },
			credentials: sandbox.credentials(),
		});
		expect(run.error?.message).toBe(
			`${FAILURE_MESSAGES.rateLimited}; it asked to wait 120 seconds (Retry-After)`,
		);
	});

	it.each([
		['status500', `${FAILURE_MESSAGES.serverError} (HTTP 500)`],
		['status503', `${FAILURE_MESSAGES.serverError} (HTTP 503)`],
		['malformedJson', FAILURE_MESSAGES.malformed],
	])('maps the %s fault to a plain message', async (kind, message) => {
		const bidId = await someBidId();
		await sandbox.control('faults', { kind, count: 1 });
		const run = await runNode({
			nodeType: probe,
			parameters: { operation: 'getBid', bidId },
			credentials: sandbox.credentials(),
		});
		expect(run.error?.message).toBe(message);
	});

	it('reads a malformed XML answer as unreadable', async () => {
		const bidId = await someBidId();
		await sandbox.control('faults', { kind: 'malformedXml', count: 1 });
		const run = await runNode({
			nodeType: probe,
			parameters: { operation: 'getBid', bidId, messageFormat: 'xml' },
			credentials: sandbox.credentials(),
		});
		expect(run.error?.message).toBe(FAILURE_MESSAGES.malformed);
	});

	it('reports a dropped connection and a time-out', async () => {
		await sandbox.control('faults', { kind: 'drop', count: 1 });
		const dropped = await runNode({
			nodeType: probe,
			parameters: { operation: 'getBid', bidId: 'B1' },
			credentials: sandbox.credentials(),
		});
		expect(dropped.error?.message).toMatch(
			/^The service could not be reached \((ECONNRESET|EPIPE)\)$|^The request failed: socket hang up$/,
		);
		await sandbox.control('faults', { kind: 'delay', count: 1, delayMs: 3000 });
		const slow = await runNode({
			nodeType: probe,
			parameters: { operation: 'getBid', bidId: 'B1', requestOptions: { timeout: 300 } },
			credentials: sandbox.credentials(),
		});
		expect(slow.error?.message).toBe(FAILURE_MESSAGES.timeout);
	});

	it('with Continue On Fail gives an error item paired to its input, and the others go on', async () => {
		const bidId = await someBidId();
		const run = await runNode({
			nodeType: probe,
			parameters: { operation: 'getBid', bidId: '={{ $json.bid }}' },
			credentials: sandbox.credentials(),
			input: [{ bid: bidId }, { bid: 'no-such-bid' }, { bid: bidId }],
			continueOnFail: true,
		});
		expect(run.error).toBeUndefined();
		expect(run.items.map((item) => [item.pairedItem, item.json.error ?? item.json.id])).toEqual([
			[{ item: 0 }, bidId],
			[{ item: 1 }, FAILURE_MESSAGES.notFound],
			[{ item: 2 }, bidId],
		]);
	});
});

describe('XML on the wire', () => {
	it('sends a PascalCase XML body and reads XML answers into the same items as JSON', async () => {
		const person = { firstName: 'Xml', lastName: 'Testsson', email: 'xml.testsson@example.se' };
		const xmlRun = await runNode({
			nodeType: probe,
			parameters: { operation: 'upsertPerson', messageFormat: 'xml', ...person },
			credentials: sandbox.credentials(),
		});
		expect(xmlRun.error).toBeUndefined();
		const [request] = await sandbox.requests();
		expect(request.contentType).toContain('application/xml');
		expect(request.body).toMatchObject({
			firstName: person.firstName,
			lastName: person.lastName,
			email: { emailAddress: person.email },
			customerId: 'M30011',
		});
		const contactId = xmlRun.items[0].json.contactId;
		expect(typeof contactId).toBe('string');
		const jsonRun = await runNode({
			nodeType: probe,
			parameters: { operation: 'upsertPerson', ...person },
			credentials: sandbox.credentials(),
		});
		expect(jsonRun.items[0].json.contactId).toBe(contactId);

		const bidId = await someBidId();
		const asJson = await runNode({
			nodeType: probe,
			parameters: { operation: 'getBid', bidId },
			credentials: sandbox.credentials(),
		});
		const asXml = await runNode({
			nodeType: probe,
			parameters: { operation: 'getBid', bidId, messageFormat: 'xml' },
			credentials: sandbox.credentials(),
		});
		expect(asXml.items).toEqual(asJson.items);
		expect((await sandbox.requests()).slice(-1)[0].headers.accept).toBe('application/xml');
	});
});
