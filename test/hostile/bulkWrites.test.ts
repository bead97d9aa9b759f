import type { IDataObject } from 'n8n-workflow';

import { runNode } from '../harness/engine';
import { type HostileServer, startHostile } from '../harness/hostile';
import { packageNode } from '../harness/packageNodes';

/**
 * Opt-outs, interest applications, final-price watches and company upserts run on the person
 * upsert's engine (engine/eachItem.ts; upsertWrites.test.ts tests it at length): against a
 * service of the test's own, each sends as many writes at once as the credential allows (two),
 * outputs every item paired to it in input order when answers come out of order, and, without
 * Continue On Fail, stops at a refusal saying which items it wrote, in the operation's words.
 * The service answers by what it has received, never after a wait: it holds each write until a
 * second one arrives (or the last one expected has), then answers the later one first. The cap
 * itself, that no more writes than the setting are ever open, is test/wire/inFlight.test.ts's.
 */
const advertising = packageNode('estateBrokerAdvertising');
const contacts = packageNode('estateBrokerContacts');

interface Service {
	url: string;
	/** The item key of each write, in the order they arrived. */
	writes: string[];
	accepted: string[];
	/** How many writes the run sends when none is refused. */
	expected: number;
	/** The writes answered together, each pair in the order the service answered them. */
	answeredTogether: string[][];
	/** The item key whose write is refused with 400. */
	refuse?: string;
	/** That write has been refused. */
	refused: boolean;
	close(): Promise<void>;
}

/** The item's key in a write: the contact order of an opt-out, else the name in the body. */
function keyOf(method: string, pathname: string, body: string): string {
	if (method === 'PUT') return decodeURIComponent(pathname.split('/').at(-2) ?? '');
	const json = JSON.parse(body) as IDataObject;
	return String(
		json.firstName ?? (json.person as IDataObject | undefined)?.firstName ?? json.companyName,
	);
}

/** The test's service on the hostile server (harness/hostile.ts): writes held and answered out of order, read-backs of companies answered. */
async function startService(): Promise<Service> {
	const server: HostileServer = await startHostile();
	const held: Array<{ key: string; answer: () => void }> = [];
	const service: Service = {
		url: server.url,
		writes: [],
		accepted: [],
		expected: 0,
		answeredTogether: [],
		refused: false,
		close: async () => await server.close(),
	};
	server.answer = (request, response) => {
		const url = new URL(request.url ?? '/', 'http://service');
		if (request.method === 'GET') {
			const ids = (url.searchParams.get('contactIds') ?? '').split(',');
			response.writeHead(200, { 'content-type': 'application/json' });
			response.end(JSON.stringify(ids.map((id) => ({ id, stored: true }))));
			return;
		}
		const body = server.seen.find((seen) => seen.headers === request.headers)?.body ?? '';
		const key = keyOf(request.method ?? '', url.pathname, body);
		service.writes.push(key);
		const answer = () => {
			if (key === service.refuse) {
				service.refused = true;
				response.writeHead(400, { 'content-type': 'application/json' });
				response.end(
					JSON.stringify({ errors: [{ field: 'id', message: `is not valid: ${key}` }] }),
				);
				return;
			}
			service.accepted.push(key);
			const id =
				url.pathname.endsWith('/OptOut') || /\/interest(Restrictive)?$/.test(url.pathname)
					? undefined
					: `ID-${key}`;
			response.writeHead(
				id === undefined ? 204 : 200,
				id === undefined ? {} : { 'content-type': 'application/json' },
			);
			response.end(id === undefined ? undefined : JSON.stringify(id));
		};
		// Held until a second write arrives, or the last one expected has, or once one was refused
		// (a write the engine sent before it learnt of the refusal); then the later answered first.
		held.push({ key, answer });
		if (held.length === 2 || service.writes.length === service.expected || service.refused) {
			const together = held.splice(0).reverse();
			service.answeredTogether.push(together.map((write) => write.key));
			for (const write of together) write.answer();
		}
	};
	return service;
}

let service: Service;
beforeEach(async () => {
	service = await startService();
});
afterEach(async () => {
	await service.close();
});

const writes = [
	{
		what: 'opt-outs',
		nodeType: advertising,
		parameters: {
			resource: 'contactOrder',
			operation: 'optOut',
			contactOrderId: '={{ $json.key }}',
		},
	},
	{
		what: 'interest applications',
		nodeType: advertising,
		parameters: {
			resource: 'interestApplication',
			operation: 'create',
			estateId: 'OBJ30011_2041100001',
			firstName: '={{ $json.key }}',
			lastName: 'Berg',
			additionalFields: { cellPhone: '070-1' },
		},
	},
	{
		what: 'final price watches',
		nodeType: advertising,
		parameters: {
			resource: 'finalPriceWatch',
			operation: 'create',
			estateId: 'OBJ30011_2041100001',
			firstName: '={{ $json.key }}',
			lastName: 'Berg',
			additionalFields: { cellPhone: '070-1' },
		},
	},
	{
		what: 'companies',
		nodeType: contacts,
		parameters: { resource: 'company', operation: 'upsert', companyName: '={{ $json.key }}' },
	},
];

const keys = (count: number) => Array.from({ length: count }, (_, index) => `K${index + 1}`);

async function run(write: (typeof writes)[number], input: string[], continueOnFail = false) {
	service.expected = input.length;
	return await runNode({
		nodeType: write.nodeType,
		parameters: write.parameters as never,
		credentials: {
			baseUrl: service.url,
			username: 'u',
			password: 'p',
			apiKey: 'k',
			apiHeaderName: 'X-Api-Key',
			customerId: 'M30011',
			requestsInFlight: 2,
		},
		input: input.map((key) => ({ key })),
		continueOnFail,
	});
}

describe.each(writes)('$what on the person upsert engine', (write) => {
	test('Two writes at once (the credential allows two), answered out of order; each item paired to its input, in order', async () => {
		const { items, error } = await run(write, keys(7));
		expect(error).toBeUndefined();
		expect([...service.writes].sort()).toEqual(keys(7).sort());
		// Every write but the last had a partner on the wire, and its answer came after the partner's.
		expect(service.answeredTogether.map((pair) => pair.length)).toEqual([2, 2, 2, 1]);
		expect(items.map((item) => item.pairedItem)).toEqual(
			keys(7).map((_key, index) => ({ item: index })),
		);
		expect(items.every((item) => item.json.error === undefined)).toBe(true);
	});

	test('A refused write under Continue On Fail is its own item; the others are written', async () => {
		service.refuse = 'K3';
		const { items, error } = await run(write, keys(5), true);
		expect(error).toBeUndefined();
		expect(service.writes).toHaveLength(5);
		expect(
			items.map((item) => [
				item.json.error === undefined ? 'written' : item.json.error,
				item.pairedItem,
			]),
		).toEqual(
			keys(5).map((key, index) => [
				key === 'K3'
					? 'The service rejected the request as invalid: id: is not valid: K3'
					: 'written',
				{ item: index },
			]),
		);
	});

	test('Without it, a refusal stops the node; no new write starts, and the error says which items were written', async () => {
		service.refuse = 'K3';
		const { items, error } = await run(write, keys(12));
		expect(items).toHaveLength(0);
		expect(error?.context?.itemIndex).toBe(2);
		expect(service.writes.length).toBeLessThan(12);
		const written = service.accepted.map((key) => Number(key.slice(1))).sort((a, b) => a - b);
		expect(written.slice(0, 2)).toEqual([1, 2]);
		expect(error?.description).toContain(
			`Written before the node stopped: ${written.length} ${write.what} (items `,
		);
		expect(error?.description).toContain(
			', 2 of them before this item; they are not in the output',
		);
	});
});
