import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { runNode, testCredential } from '../harness/engine';
import { type HostileServer, json, startHostile } from '../harness/hostile';
import { deepText } from '../harness/logCapture';
import { packageNode } from '../harness/packageNodes';
import { meetServiceAfresh } from '../harness/transportPause';
import { poller } from '../nodes/trigger/poller';

/**
 * The one request path against a service that misbehaves (the guarantees of docs/reliability.md): a server of the tests'
 * own on loopback answers every request as the test says. One operation of every action node,
 * the trigger and the credential test, for each class.
 */
const PASSWORD = 'Hostile-Pa55word';
const API_KEY = 'hostile-api-key-0042';
const USERNAME = 'office-user';
const BASIC = Buffer.from(`${USERNAME}:${PASSWORD}`).toString('base64');
const SECRETS = [PASSWORD, API_KEY, BASIC];

let service: HostileServer;
let elsewhere: HostileServer;
beforeEach(async () => {
	service = await startHostile();
	elsewhere = await startHostile();
});
afterEach(async () => {
	await service.close();
	await elsewhere.close();
});

function credentials(overrides: IDataObject = {}) {
	return {
		baseUrl: service.url,
		username: USERNAME,
		password: PASSWORD,
		apiKey: API_KEY,
		apiHeaderName: 'X-Api-Key',
		customerId: 'M30011',
		...overrides,
	};
}

/** One operation of every action node, with what it needs to send. */
const OPERATIONS: Array<[string, INodeParameters]> = [
	['estateBrokerBid', { resource: 'bid', operation: 'get', bidId: 'B1' }],
	['estateBrokerContacts', { resource: 'contact', operation: 'get', contactId: 'C1' }],
	['estateBrokerAdvertising', { resource: 'association', operation: 'get', associationId: 'A1' }],
	[
		'estateBrokerEstates',
		{
			resource: 'condominium',
			operation: 'update',
			condominiumId: 'OBJ30011_2041100001',
			price: { startingPrice: 1 },
		},
	],
	['estateBrokerOffice', { resource: 'electronicId', operation: 'getStatus', reference: 'R1' }],
	['estateBrokerReports', { resource: 'directory', operation: 'getUsers' }],
];

const trigger = () => {
	meetServiceAfresh();
	return poller({ credentials: (overrides: IDataObject = {}) => credentials(overrides) } as never, {
		event: 'newBid',
	});
};

async function runEach(
	parameters: (node: string) => INodeParameters = () => ({}),
	continueOnFail = false,
) {
	const runs = [];
	for (const [node, base] of OPERATIONS) {
		meetServiceAfresh();
		const run = await runNode({
			nodeType: packageNode(node),
			parameters: { ...base, ...parameters(node) },
			credentials: credentials(),
			continueOnFail,
		});
		runs.push({ node, ...run });
	}
	return runs;
}

describe('a redirect to another origin', () => {
	it.each([301, 302, 307, 308])(
		'(%i) is not followed: the credential stays with the service, and the error says why',
		async (status) => {
			service.answer = (_request, response) => {
				response.writeHead(status, { location: `${elsewhere.url}/collect` });
				response.end();
			};
			for (const run of await runEach()) {
				expect([run.node, run.error?.message]).toEqual([
					run.node,
					expect.stringMatching(/redirect/i),
				]);
			}
			const poll = await trigger().poll();
			expect(poll.error?.message).toMatch(/redirect/i);
			expect((await testCredential(credentials())).status).toBe('Error');
			expect(elsewhere.seen).toEqual([]);
		},
	);
});

describe('secrets echoed by the service', () => {
	it.each([400, 401, 403, 404, 429, 500])(
		'(%i) never reach a message, a description, an item or the run',
		async (status) => {
			service.answer = (request, response) => {
				const echo = `${String(request.headers.authorization)} ${String(request.headers['x-api-key'])}`;
				// No wait before the node's own retries of a 429.
				response.setHeader('retry-after', '0');
				json(
					status,
					{ message: `Refused: ${echo}`, errors: [{ field: 'auth', message: echo }] },
					`Bad ${echo}`,
				)(request, response);
			};
			const seen: string[] = [];
			for (const continueOnFail of [false, true]) {
				for (const run of await runEach(() => ({}), continueOnFail)) {
					seen.push(deepText(run.error), deepText(run.items), JSON.stringify(run.run));
				}
			}
			seen.push(
				deepText((await trigger().poll()).error),
				deepText(await testCredential(credentials())),
			);
			expect(service.seen.length).toBeGreaterThan(0);
			const text = seen.join('\n');
			for (const secret of SECRETS) expect(text).not.toContain(secret);
		},
		60_000,
	);
});

describe('an answer that is not what was asked for', () => {
	it.each([
		[
			'an HTML page',
			'text/html; charset=utf-8',
			'<!DOCTYPE html><html><body><form>Sign in</form></body></html>',
		],
		['an HTML page called JSON', 'application/json', '<html><body>Gateway</body></html>'],
	])(
		'%s with status 200 is an error, in every node and the trigger',
		async (_name, contentType, body) => {
			service.answer = (_request, response) => {
				response.writeHead(200, { 'content-type': contentType });
				response.end(body);
			};
			for (const run of await runEach())
				expect([run.node, run.error?.message]).toEqual([
					run.node,
					'The service sent a response that could not be read',
				]);
			const poller = trigger();
			expect((await poller.poll()).error?.message).toBe(
				'The service sent a response that could not be read',
			);
			expect(poller.staticData).toEqual({});
		},
	);
});

describe('ids that would change the endpoint', () => {
	it.each(['.', '..', ' .. ', '../', './..'])(
		'"%s" as an id is refused before anything is sent',
		async (id) => {
			const idOf: Record<string, string> = {
				estateBrokerBid: 'bidId',
				estateBrokerContacts: 'contactId',
				estateBrokerAdvertising: 'associationId',
				estateBrokerEstates: 'condominiumId',
				estateBrokerOffice: 'reference',
			};
			for (const run of await runEach((node) =>
				idOf[node] ? { [idOf[node]]: id } : { customerId: id },
			)) {
				if (['../', './..'].includes(id)) continue;
				expect([run.node, run.error?.message]).toEqual([
					run.node,
					expect.stringMatching(/must not be "\." or "\.\."/),
				]);
			}
			expect(service.seen.filter((request) => /\/\.\.?(\/|$|\?)/.test(request.path))).toEqual([]);
		},
	);

	it('a customer ID of ".." is refused in every node and the trigger', async () => {
		for (const run of await runEach(() => ({ customerId: '..' }))) {
			expect([run.node, run.error?.message]).toEqual([
				run.node,
				'Customer ID must not be "." or ".."',
			]);
		}
		const poll = await poller({ credentials: () => credentials({ customerId: '..' }) } as never, {
			event: 'newBid',
		}).poll();
		expect(poll.error?.message).toBe('Customer ID must not be "." or ".."');
		expect(service.seen).toEqual([]);
	});
});

describe('values that are not text or numbers', () => {
	it.each([
		['an object', '={{ { id: 1 } }}'],
		['a list', '={{ [1, "x"] }}'],
		['NaN', '={{ NaN }}'],
		['Infinity', '={{ Infinity }}'],
	])('%s in a path value is refused naming the field', async (_name, expression) => {
		const { error } = await runNode({
			nodeType: packageNode('estateBrokerBid'),
			parameters: { resource: 'bid', operation: 'get', bidId: expression },
			credentials: credentials(),
		});
		expect(error?.message).toMatch(/^Bid ID must be text or a number/);
		expect(service.seen).toEqual([]);
	});
});

describe('Request Options › Timeout', () => {
	it.each([-1, 0, 10, 3_600_001, Number.NaN])(
		'%s is refused with the allowed range, and nothing hangs',
		async (timeout) => {
			const { error } = await runNode({
				nodeType: packageNode('estateBrokerBid'),
				parameters: { resource: 'bid', operation: 'get', bidId: 'B1', requestOptions: { timeout } },
				credentials: credentials(),
			});
			expect(error?.message).toMatch(
				/^Request Options › Timeout must be a whole number from 100 to 3600000 \(milliseconds\); got /,
			);
			expect(service.seen).toEqual([]);
		},
	);
});
