import http from 'node:http';
import type net from 'node:net';

import type { IDataObject } from 'n8n-workflow';

import { runNode } from '../harness/engine';
import { packageNode } from '../harness/packageNodes';

/**
 * Create or Update person against a service of the test's own (calls counted, answers held and
 * failed on purpose): writes go out with a bounded number in flight, output in input order and
 * paired, a failed read-back never fails a written person, a failed write is its own item under
 * Continue On Fail, and without it the node stops starting writes and says what was written.
 */
const contacts = packageNode('estateBrokerContacts');

interface Write {
	firstName: string;
	/** Answers with the status; a 200 with the given body instead of the new id when there is one. */
	answer: (status: number, body?: unknown) => void;
}

interface Service {
	url: string;
	posts: string[];
	gets: string[];
	accepted: string[];
	inFlight: number;
	maxInFlight: number;
	/** Decides each write's answer: call write.answer(status) now or later. */
	onWrite: (write: Write) => void;
	/** Status of the read-back calls. */
	readStatus: number;
	close(): Promise<void>;
}

async function startService(): Promise<Service> {
	const sockets = new Set<net.Socket>();
	const service: Service = {
		url: '',
		posts: [],
		gets: [],
		accepted: [],
		inFlight: 0,
		maxInFlight: 0,
		onWrite: (write) => write.answer(200),
		readStatus: 200,
		async close() {
			for (const socket of sockets) socket.destroy();
			await new Promise<void>((resolve) => server.close(() => resolve()));
		},
	};
	const send = (response: http.ServerResponse, status: number, body: unknown) => {
		response.writeHead(status, { 'content-type': 'application/json' });
		response.end(JSON.stringify(body));
	};
	const server = http.createServer((request, response) => {
		const chunks: Buffer[] = [];
		request.on('data', (chunk: Buffer) => chunks.push(chunk));
		request.on('end', () => {
			const url = new URL(request.url ?? '/', 'http://service');
			if (request.method === 'POST') {
				const { firstName } = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
					firstName: string;
				};
				service.posts.push(firstName);
				service.inFlight++;
				service.maxInFlight = Math.max(service.maxInFlight, service.inFlight);
				service.onWrite({
					firstName,
					answer: (status, body) => {
						service.inFlight--;
						if (status === 200) service.accepted.push(firstName);
						if (status === 200) send(response, 200, body === undefined ? `P-${firstName}` : body);
						else
							send(response, status, {
								errors: [{ field: 'email', message: `is not valid for ${firstName}` }],
							});
					},
				});
				return;
			}
			service.gets.push(url.pathname + url.search);
			const ids = (
				url.searchParams.get('contactIds') ??
				decodeURIComponent(url.pathname.split('/').pop() ?? '')
			).split(',');
			if (service.readStatus !== 200)
				send(response, service.readStatus, { message: 'read failed' });
			else
				send(
					response,
					200,
					ids.map((id) => ({ id, firstName: id.slice(2), stored: true })),
				);
		});
	});
	server.on('connection', (socket) => {
		sockets.add(socket);
		socket.on('close', () => sockets.delete(socket));
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	service.url = `http://127.0.0.1:${(server.address() as net.AddressInfo).port}`;
	return service;
}

let service: Service;
beforeEach(async () => {
	service = await startService();
});
afterEach(async () => {
	await service.close();
});

const names = (count: number) =>
	Array.from({ length: count }, (_, index) => ({ first: `N${index + 1}` }));

async function upsert(
	input: IDataObject[],
	options: { inFlight?: number; continueOnFail?: boolean; parameters?: IDataObject } = {},
) {
	return await runNode({
		nodeType: contacts,
		parameters: {
			resource: 'person',
			operation: 'upsert',
			firstName: '={{ $json.first }}',
			cellPhone: '070-123 45 67',
			...options.parameters,
		} as never,
		credentials: {
			baseUrl: service.url,
			username: 'u',
			password: 'p',
			apiKey: 'k',
			apiHeaderName: 'X-Api-Key',
			customerId: 'M30011',
			...(options.inFlight ? { requestsInFlight: options.inFlight } : {}),
		},
		input,
		continueOnFail: options.continueOnFail,
	});
}

describe('Create or Update person: writes in flight, read-backs, failures', () => {
	test('Writes go out two at a time (the credential allows two), answered out of order; output in input order, each paired; read-backs 20 a call', async () => {
		const held: Write[] = [];
		const total = 25;
		service.onWrite = (write) => {
			held.push(write);
			// Answer in pairs, the later item first, once two are waiting (or the last has come), a moment later: a
			// third write sent meanwhile would show in maxInFlight (the pause cannot make a correct run fail).
			if (held.length === 2 || service.posts.length === total) {
				const pair = held.splice(0).reverse();
				setTimeout(() => pair.forEach((waiting) => waiting.answer(200)), 20);
			}
		};
		const { items, error } = await upsert(names(total), { inFlight: 2 });
		expect(error).toBeUndefined();
		expect(service.maxInFlight).toBe(2);
		expect(service.posts).toHaveLength(total);
		expect(items.map((item) => [item.json.contactId, item.json.stored, item.pairedItem])).toEqual(
			names(total).map(({ first }, index) => [`P-${first}`, true, { item: index }]),
		);
		expect(service.gets).toHaveLength(2);
	});

	test('Request Options › Batching: a pause of the interval before each batch of writes after the first', async () => {
		const timers = jest.spyOn(global, 'setTimeout');
		try {
			const { items, error } = await upsert(names(5), {
				parameters: {
					requestOptions: { batching: { batch: { batchSize: 2, batchInterval: 37 } } },
				},
			});
			expect(error).toBeUndefined();
			expect(items).toHaveLength(5);
			// n8n's sleep is a timer of the interval: before items 3 and 5.
			expect(timers.mock.calls.filter(([, delay]) => delay === 37)).toHaveLength(2);
		} finally {
			timers.mockRestore();
		}
	});

	test('With the read-back off only the writes are made; items hold the Contact ID', async () => {
		const { items, error } = await upsert(names(3), {
			parameters: { options: { readBack: false } },
		});
		expect(error).toBeUndefined();
		expect(service.gets).toHaveLength(0);
		expect(items.map((item) => item.json)).toEqual([
			{ contactId: 'P-N1' },
			{ contactId: 'P-N2' },
			{ contactId: 'P-N3' },
		]);
	});

	test('A read-back that fails leaves every written person in the output with its id and the read-back error', async () => {
		service.readStatus = 500;
		const { items, error } = await upsert(names(3));
		expect(error).toBeUndefined();
		expect(service.posts).toEqual(['N1', 'N2', 'N3']);
		expect(
			items.map((item) => [item.json.contactId, typeof item.json.readBackError, item.pairedItem]),
		).toEqual([
			['P-N1', 'string', { item: 0 }],
			['P-N2', 'string', { item: 1 }],
			['P-N3', 'string', { item: 2 }],
		]);
		expect(String(items[0].json.readBackError)).toContain('500');
	});

	test('Under Continue On Fail a refused write is its own error item, naming the field; the others are written and read back', async () => {
		service.onWrite = (write) => write.answer(write.firstName === 'N2' ? 400 : 200);
		const { items, error } = await upsert(names(4), { continueOnFail: true });
		expect(error).toBeUndefined();
		expect(service.posts.sort()).toEqual(['N1', 'N2', 'N3', 'N4']);
		expect(items.map((item) => [item.json.contactId ?? item.json.error, item.pairedItem])).toEqual([
			['P-N1', { item: 0 }],
			['The service rejected the request as invalid: email: is not valid for N2', { item: 1 }],
			['P-N3', { item: 2 }],
			['P-N4', { item: 3 }],
		]);
	});

	test('Without it, a refused write stops the node: no new write starts, and the error names the item, the field and how many were written', async () => {
		service.onWrite = (write) => write.answer(write.firstName === 'N3' ? 400 : 200);
		const { items, error } = await upsert(names(6), { inFlight: 1 });
		expect(items).toHaveLength(0);
		expect(service.posts).toEqual(['N1', 'N2', 'N3']);
		expect(error?.message).toBe(
			'The service rejected the request as invalid: email: is not valid for N3',
		);
		expect(error?.context?.itemIndex).toBe(2);
		expect(error?.description).toContain(
			'Written before the node stopped: 2 persons (items 1–2), 2 of them before this item',
		);
	});

	test.each([
		['an empty record', {}],
		['an empty text', ''],
		['null', null],
	])(
		'A write accepted with no id in its answer (%s) stops the node with the note of what was written, itself included',
		async (_answer, body) => {
			service.onWrite = (write) => write.answer(200, write.firstName === 'N2' ? body : undefined);
			const { items, error } = await upsert(names(4), { inFlight: 1 });
			expect(items).toHaveLength(0);
			expect(error?.message).toBe('The service saved the record but did not return its ID');
			expect(error?.context?.itemIndex).toBe(1);
			// The service saved N2: it counts as written. The writes after it may have gone out meanwhile; the note counts each.
			const accepted = service.accepted.map((name) => Number(name.slice(1))).sort((a, b) => a - b);
			expect(accepted.slice(0, 2)).toEqual([1, 2]);
			expect(error?.description).toContain(
				`Written before the node stopped: ${accepted.length} persons (items ${accepted.length === 2 ? '1–2' : `1–${accepted.length}`}), 1 of them before this item`,
			);
		},
	);

	test('Under Continue On Fail the write accepted with no id is its own error item, and the others are output', async () => {
		service.onWrite = (write) => write.answer(200, write.firstName === 'N2' ? {} : undefined);
		const { items, error } = await upsert(names(3), { continueOnFail: true });
		expect(error).toBeUndefined();
		expect(items.map((item) => [item.json.contactId ?? item.json.error, item.pairedItem])).toEqual([
			['P-N1', { item: 0 }],
			['The service saved the record but did not return its ID', { item: 1 }],
			['P-N3', { item: 2 }],
		]);
	});

	test('With two in flight, the write in flight when another fails finishes and is counted as written', async () => {
		let failing: Write | undefined;
		service.onWrite = (write) => {
			if (write.firstName === 'N1') failing = write;
			else if (failing) {
				// The second write is in flight when the first is refused.
				failing.answer(400);
				failing = undefined;
				write.answer(200);
			} else write.answer(200);
		};
		const { error } = await upsert(names(6), { inFlight: 2 });
		expect(error?.context?.itemIndex).toBe(0);
		expect(service.posts.length).toBeLessThan(6);
		expect(service.accepted.length).toBeGreaterThan(0);
		expect(error?.description).toMatch(
			new RegExp(
				`Written before the node stopped: ${service.accepted.length} persons \\(items [0-9–, ]+\\), 0 of them before this item`,
			),
		);
		for (const name of service.accepted) expect(error?.description).toContain(name.slice(1));
	});
});
