import type http from 'node:http';
import zlib from 'node:zlib';

import type { IDataObject, INodePropertyOptions } from 'n8n-workflow';

import { runNode } from '../harness/engine';
import { recordFigures } from '../harness/figures';
import { type Answer, type HostileServer, json, startHostile } from '../harness/hostile';
import { deepText } from '../harness/logCapture';
import { packageNode } from '../harness/packageNodes';
import { meetServiceAfresh } from '../harness/transportPause';
import { poller } from '../nodes/trigger/poller';
import { everyOperation, type OperationCase } from './operations';

/**
 * Each class of misbehaving service (a redirect elsewhere, echoed secrets, answers that are not
 * what was asked, path values that would change the endpoint, timeouts, bodies that trickle,
 * compression bombs, pages that never end), tried on every operation of every action node (70, from operations.tsv through n8n's loader) and on the trigger's events,
 * against a hostile server of the tests' own on loopback. Cases per class are counted in the
 * run's figures (test/harness/figures.ts).
 */
const PASSWORD = 'Hostile-Pa55word';
const API_KEY = 'hostile-api-key-0042';
const USERNAME = 'office-user';
const SECRETS = [PASSWORD, API_KEY, Buffer.from(`${USERNAME}:${PASSWORD}`).toString('base64')];
/** The trigger's events, from its description as n8n's loader delivers it. */
const EVENTS = (
	packageNode('estateBrokerTrigger').description.properties.find(
		(property) => property.name === 'event',
	)!.options as INodePropertyOptions[]
).map((option) => String(option.value));

let service: HostileServer;
let elsewhere: HostileServer;
let operations: OperationCase[];
// Each case runs every operation (70) through the engine: on a loaded 2-core machine one case took
// over jest's default minute. This bounds a hang, it asserts no speed.
jest.setTimeout(5 * 60_000);

const cases: Record<string, number> = {};
const tried = (name: string, count = 1) => (cases[name] = (cases[name] ?? 0) + count);

beforeAll(async () => {
	[service, elsewhere, operations] = await Promise.all([
		startHostile(),
		startHostile(),
		everyOperation(),
	]);
});
beforeEach(() => {
	service.seen.length = 0;
	elsewhere.seen.length = 0;
});
afterAll(async () => {
	await service?.close();
	await elsewhere?.close();
	const lines = Object.entries(cases).map(([name, count]) => `  ${name}: ${count}`);
	recordFigures(
		'Hostile cases',
		`over ${operations?.length ?? 0} operations and ${EVENTS.length} trigger events:\n${lines.join('\n')}\n  total: ${Object.values(cases).reduce((a, b) => a + b, 0)}`,
	);
});

const credentials = (overrides: IDataObject = {}) => ({
	baseUrl: service.url,
	username: USERNAME,
	password: PASSWORD,
	apiKey: API_KEY,
	apiHeaderName: 'X-Api-Key',
	customerId: 'M30011',
	...overrides,
});

async function run(
	operation: OperationCase,
	extra: IDataObject = {},
	options: { continueOnFail?: boolean; credentials?: IDataObject } = {},
) {
	meetServiceAfresh();
	return await runNode({
		nodeType: operation.nodeType,
		parameters: { ...operation.parameters, ...extra } as never,
		inputItems: operation.inputItems ? await operation.inputItems() : undefined,
		credentials: credentials(options.credentials),
		continueOnFail: options.continueOnFail,
	});
}

async function poll(event: string, overrides: IDataObject = {}, parameters: IDataObject = {}) {
	meetServiceAfresh();
	return await poller(
		{ credentials: (more: IDataObject = {}) => credentials({ ...overrides, ...more }) } as never,
		{ event, ...parameters },
	).poll();
}

/** [case name, error message] for every operation, to compare against one expectation in one go. */
async function messages(
	extra: (operation: OperationCase) => IDataObject = () => ({}),
	options: Parameters<typeof run>[2] = {},
) {
	const out: Array<[string, string | undefined]> = [];
	for (const operation of operations)
		out.push([operation.name, (await run(operation, extra(operation), options)).error?.message]);
	return out;
}

const expectEach = (found: Array<[string, string | undefined]>, expected: unknown) =>
	expect(found).toEqual(found.map(([name]) => [name, expected]));

describe('a redirect to another origin', () => {
	it('is not followed by any operation or trigger event: the credential stays with the service', async () => {
		const statuses = [301, 302, 303, 307, 308];
		let turn = 0;
		service.answer = (_request, response) => {
			response.writeHead(statuses[turn++ % statuses.length], {
				location: `${elsewhere.url}/collect`,
			});
			response.end();
		};
		expectEach(
			await messages(),
			expect.stringMatching(
				/redirect \(HTTP 30\d\) to http:\/\/127\.0\.0\.1:\d+; it is not followed/,
			),
		);
		for (const event of EVENTS)
			expect([event, (await poll(event)).error?.message]).toEqual([
				event,
				expect.stringMatching(/redirect/),
			]);
		expect(elsewhere.seen).toEqual([]);
		tried('cross-origin redirects', operations.length + EVENTS.length);
	});
});

describe('secrets echoed by the service', () => {
	it('never reach a message, a description, an item or the saved run, in any operation or trigger event', async () => {
		const statuses = [400, 401, 403, 404, 500];
		let turn = 0;
		service.answer = (request, response) => {
			const echo = `${String(request.headers.authorization)} ${String(request.headers['x-api-key'])}`;
			json(
				statuses[turn++ % statuses.length],
				{ message: `Refused: ${echo}`, errors: [{ field: 'auth', message: echo }] },
				`Bad ${echo}`,
			)(request, response);
		};
		const seen: string[] = [];
		for (const continueOnFail of [false, true]) {
			for (const operation of operations) {
				const found = await run(operation, {}, { continueOnFail });
				seen.push(deepText(found.error), deepText(found.items), JSON.stringify(found.run));
			}
		}
		for (const event of EVENTS) seen.push(deepText((await poll(event)).error));
		expect(service.seen.length).toBeGreaterThanOrEqual(operations.length * 2 + EVENTS.length);
		const text = seen.join('\n');
		for (const secret of SECRETS) expect(text).not.toContain(secret);
		tried(
			'echoed secrets (body and reason phrase, with and without Continue On Fail)',
			operations.length * 2 + EVENTS.length,
		);
	});
});

describe('an answer that is not what was asked for', () => {
	const html: Answer = (_request, response) => {
		response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
		response.end('<!DOCTYPE html><html><body><form>Sign in</form></body></html>');
	};

	it('an HTML page with status 200 is an error in every operation and trigger event', async () => {
		service.answer = html;
		expectEach(await messages(), 'The service sent a response that could not be read');
		for (const event of EVENTS)
			expect([event, (await poll(event)).error?.message]).toEqual([
				event,
				'The service sent a response that could not be read',
			]);
		tried('HTML bodies', operations.length + EVENTS.length);
	});

	it.each([
		['an empty body', ''],
		['a status message', '{"message":"OK"}'],
		['an empty record', '{}'],
	])(
		'%s where records are due is an error naming what was due, in every read and trigger event',
		async (_name, body) => {
			service.answer = (_request, response) => {
				response.writeHead(200, { 'content-type': 'application/json' });
				response.end(body);
			};
			const reads = operations.filter((operation) => operation.method === 'GET');
			const found: Array<[string, string | undefined]> = [];
			for (const operation of reads)
				found.push([operation.name, (await run(operation)).error?.message]);
			expectEach(found, expect.stringMatching(/^The service's answer is not /));
			for (const event of EVENTS)
				expect([event, (await poll(event)).error?.message]).toEqual([
					event,
					expect.stringMatching(/^The service's answer is not /),
				]);
			tried('empty and foreign bodies', reads.length + EVENTS.length);
		},
	);
});

describe('an answer nested 10,000 levels deep', () => {
	const LEVELS = 10_000;
	const bodies: Array<[string, string, string]> = [
		['lists', 'application/json', `${'['.repeat(LEVELS)}${']'.repeat(LEVELS)}`],
		['records', 'application/json', `${'{"next":'.repeat(LEVELS)}{}${'}'.repeat(LEVELS)}`],
		['XML elements', 'application/xml', `${'<Next>'.repeat(LEVELS)}${'</Next>'.repeat(LEVELS)}`],
		// Shallow enough for the XML parser's own recursion: the walk over the answer refuses it.
		[
			'XML elements, 100 levels',
			'application/xml',
			`${'<Next><Id>1</Id>'.repeat(100)}${'</Next>'.repeat(100)}`,
		],
	];
	const deep =
		(type: string, body: string): Answer =>
		(_request, response) => {
			response.writeHead(200, { 'content-type': type });
			response.end(body);
		};

	it.each(bodies)(
		'of %s fails as unreadable in every operation and trigger event, never overflowing the stack',
		async (_name, type, body) => {
			service.answer = deep(type, body);
			expectEach(await messages(), 'The service sent a response that could not be read');
			for (const event of EVENTS)
				expect([event, (await poll(event)).error?.message]).toEqual([
					event,
					'The service sent a response that could not be read',
				]);
			tried('answers nested 10,000 levels deep', operations.length + EVENTS.length);
		},
	);

	it.each(bodies)(
		'of %s in a read-back: the bid is placed, the item keeps its ID and says why the read failed',
		async (_name, type, body) => {
			service.answer = (request: http.IncomingMessage, response: http.ServerResponse) =>
				request.method === 'POST'
					? json(200, 'B77')(request, response)
					: deep(type, body)(request, response);
			const place = operations.find((operation) => operation.name === 'estateBrokerBid bid place')!;
			const { items, error } = await run(place);
			expect(error).toBeUndefined();
			expect(items.map((item) => item.json)).toEqual([
				{ bidId: 'B77', readBackError: 'The service sent a response that could not be read' },
			]);
			tried('answers nested 10,000 levels deep');
		},
	);

	it('as an error body: the status is reported, its body passed on as text', async () => {
		service.answer = (_request, response) => {
			response.writeHead(400, { 'content-type': 'application/json' });
			response.end(bodies[1][2]);
		};
		const get = operations.find((operation) => operation.name === 'estateBrokerBid bid get')!;
		const { error } = await run(get);
		expect(error?.message).toBe('The service rejected the request as invalid');
		expect(deepText(error)).not.toContain('Maximum call stack');
		tried('answers nested 10,000 levels deep');
	});
});

describe('path values that would change the endpoint or go out as text', () => {
	it.each(['.', '..', ' .. '])(
		'"%s" in every path parameter of every operation is refused by name before anything is sent',
		async (id) => {
			const found: Array<[string, string | undefined]> = [];
			for (const operation of operations) {
				for (const parameter of operation.pathParameters)
					found.push([
						`${operation.name} ${parameter}`,
						(await run(operation, { [parameter]: id })).error?.message,
					]);
				found.push([
					`${operation.name} customerId`,
					(await run(operation, { customerId: id })).error?.message,
				]);
			}
			expectEach(found, expect.stringMatching(/ must not be "\." or "\.\."$/));
			expect(service.seen).toEqual([]);
			tried('dot ids in path parameters', found.length);
		},
	);

	it.each([
		['an object', '={{ { id: 1 } }}', 'an object'],
		['a list', '={{ [1, { id: 2 }] }}', 'a list'],
		['NaN', '={{ NaN }}', 'NaN'],
		['Infinity', '={{ Infinity }}', 'Infinity'],
	])('%s in every path parameter is refused naming the field', async (_name, expression, kind) => {
		const found: Array<[string, string | undefined, unknown]> = [];
		for (const operation of operations) {
			for (const parameter of operation.pathParameters) {
				// A list of ids takes a list: its entry that is not text or a number is named.
				const expected = parameter === 'contactIds' && kind === 'a list' ? 'an object' : kind;
				const { error } = await run(operation, { [parameter]: expression });
				found.push([
					`${operation.name} ${parameter}`,
					error?.message,
					expect.stringMatching(new RegExp(`^\\S.* must be text or a number; got ${expected}$`)),
				]);
			}
		}
		expect(found.map(([name, message]) => [name, message])).toEqual(
			found.map(([name, , expected]) => [name, expected]),
		);
		expect(service.seen).toEqual([]);
		tried('wrong types in path parameters', found.length);
	});

	it("values that are not text or numbers in every query and body field are refused by the field's name", async () => {
		const kinds: Array<[string, string]> = [
			['={{ { id: 1 } }}', 'an object'],
			['={{ [1, { id: 2 }] }}', 'a list'],
			['={{ NaN }}', 'NaN'],
			['={{ Infinity }}', 'Infinity'],
		];
		const found: Array<[string, string | undefined, string]> = [];
		let turn = 0;
		for (const operation of operations) {
			for (const field of operation.sentFields) {
				const [expression, given] = kinds[turn++ % kinds.length];
				// A multi-select takes a list: its entry that is not text or a number is named.
				const kind = field.list && given === 'a list' ? 'an object' : given;
				const [name, option] = field.path;
				const value =
					option === undefined
						? expression
						: { ...((operation.parameters[name] as IDataObject) ?? {}), [option]: expression };
				found.push([
					`${operation.name} ${field.label}`,
					(await run(operation, { [name]: value })).error?.message,
					`${field.label} must be text or a number; got ${kind}`,
				]);
			}
		}
		expect(found.map(([name, message]) => [name, message])).toEqual(
			found.map(([name, , expected]) => [name, expected]),
		);
		expect(service.seen).toEqual([]);
		tried('wrong types in query and body fields', found.length);
	});
});

describe('Request Options › Timeout out of range', () => {
	it.each([-1, 0, 99, 3_600_001, Number.NaN])(
		'%s is refused with the allowed range in every operation and trigger event',
		async (timeout) => {
			expectEach(
				await messages(() => ({ requestOptions: { timeout } })),
				expect.stringMatching(
					/^Request Options › Timeout must be a whole number from 100 to 3600000 \(milliseconds\); got /,
				),
			);
			for (const event of EVENTS) {
				expect([
					event,
					(await poll(event, {}, { requestOptions: { timeout } })).error?.message,
				]).toEqual([event, expect.stringMatching(/^Request Options › Timeout must be/)]);
			}
			expect(service.seen).toEqual([]);
			tried('negative, zero and huge timeouts', operations.length + EVENTS.length);
		},
	);
});

/** Headers at once, then one byte every 50 ms for ever: only the node's own deadline ends it. */
const trickle: Answer = (_request, response) => {
	response.writeHead(200, { 'content-type': 'application/json' });
	response.write('[{"id":"');
	const drip = setInterval(() => response.write('x'), 50);
	response.on('close', () => clearInterval(drip));
};

describe('a body that trickles and never ends', () => {
	const TIMEOUT = 400;

	it('times out at Request Options › Timeout in every operation and trigger event, the connection closed', async () => {
		service.answer = trickle;
		const found: Array<[string, string | undefined]> = [];
		// Ten at a time, each with its own account (the per-account cap would queue them).
		for (let start = 0; start < operations.length; start += 10) {
			const batch = operations.slice(start, start + 10);
			const runs = await Promise.all(
				batch.map(
					async (operation, index) =>
						await run(
							operation,
							{ requestOptions: { timeout: TIMEOUT } },
							{ credentials: { username: `${USERNAME}-${index}` } },
						),
				),
			);
			batch.forEach((operation, index) => found.push([operation.name, runs[index].error?.message]));
		}
		expectEach(found, 'The service did not answer in time');
		for (const event of EVENTS)
			expect([
				event,
				(await poll(event, {}, { requestOptions: { timeout: TIMEOUT } })).error?.message,
			]).toEqual([event, 'The service did not answer in time']);
		tried('trickling bodies', operations.length + EVENTS.length);
	});

	it('times out in a read-back: the bid is placed, the item keeps its ID and says why the read failed', async () => {
		service.answer = (request: http.IncomingMessage, response: http.ServerResponse) =>
			request.method === 'POST' ? json(200, 'B77')(request, response) : trickle(request, response);
		const place = operations.find((operation) => operation.name === 'estateBrokerBid bid place')!;
		const { items, error } = await run(place, { requestOptions: { timeout: TIMEOUT } });
		expect(error).toBeUndefined();
		expect(items.map((item) => item.json)).toEqual([
			{ bidId: 'B77', readBackError: 'The service did not answer in time' },
		]);
		tried('trickling bodies');
	});
});

/** A gzip bomb: `members` gzip members of 1 MiB each (a byte in 64 varies, so each packs to about 16 KB). */
function gzipBomb(members: number): Buffer {
	const block = Buffer.alloc(1024 * 1024, 0x20);
	let seed = 12345;
	for (let index = 0; index < block.length; index += 64) {
		seed = (seed * 1103515245 + 12345) % 2 ** 31;
		block[index] = 0x61 + (seed % 26);
	}
	const member = zlib.gzipSync(block);
	return Buffer.concat(Array.from({ length: members }, () => member));
}

describe('a compression bomb', () => {
	let bomb: Buffer;
	beforeAll(() => {
		bomb = gzipBomb(1024);
	});
	const serveBomb: Answer = (_request, response) => {
		response.writeHead(200, {
			'content-type': 'application/json',
			'content-encoding': 'gzip',
			'content-length': bomb.length,
		});
		response.end(bomb);
	};

	it('of 1 GiB inflated stops at Max Answer Size (1 MB) in every operation', async () => {
		service.answer = serveBomb;
		expectEach(
			await messages(() => ({ requestOptions: { maxAnswerSize: 1 } })),
			"The service's answer is larger than the node accepts (more than 1 MB)",
		);
		tried('compression bombs', operations.length);
	});

	it('declared larger than Max Answer Size is refused unread, before its body arrives', async () => {
		service.answer = (_request, response) => {
			response.writeHead(200, {
				'content-type': 'application/json',
				'content-encoding': 'gzip',
				'content-length': 2 * 1024 * 1024,
			});
			// The body never comes: only the declared length can end the exchange this early.
			response.flushHeaders();
		};
		const found: Array<[string, string | undefined]> = [];
		for (const operation of operations.slice(0, 10))
			found.push([
				operation.name,
				(await run(operation, { requestOptions: { maxAnswerSize: 1, timeout: 3_600_000 } })).error
					?.message,
			]);
		expectEach(found, "The service's answer is larger than the node accepts (more than 1 MB)");
		tried('compression bombs', found.length);
	});

	// Each case inflates 128 MB: one action node and one trigger event keep the suite's time reasonable.
	it('stops at the default cap (128 MB) in an action node and the trigger', async () => {
		service.answer = serveBomb;
		const firstOfEach = operations.filter(
			(operation) => operation.name === 'estateBrokerBid bid get',
		);
		const before = process.memoryUsage().rss;
		let peak = before;
		const sample = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 5);
		try {
			const found: Array<[string, string | undefined]> = [];
			for (const operation of firstOfEach)
				found.push([operation.name, (await run(operation)).error?.message]);
			expectEach(found, "The service's answer is larger than the node accepts (more than 128 MB)");
			// The trigger's own Timeout (10 s when not added) is raised: this case is about size, and inflating to the cap takes a busy machine longer.
			expect(
				(await poll('newBid', {}, { requestOptions: { timeout: 3_600_000 } })).error?.message,
			).toBe("The service's answer is larger than the node accepts (more than 128 MB)");
		} finally {
			clearInterval(sample);
		}
		const megabytes = (bytes: number) => Math.round(bytes / 1024 / 1024);
		recordFigures(
			'Compression bomb',
			`${megabytes(bomb.length)} MB gzip inflating to 1024 MB; RSS before ${megabytes(before)} MB, peak ${megabytes(peak)} MB (+${megabytes(peak - before)} MB); process max RSS ${Math.round(process.resourceUsage().maxRSS / 1024)} MB`,
		);
		tried('compression bombs', firstOfEach.length + 1);
	}, 180_000);

	it('stops at Max Answer Size (1 MB) in every trigger event', async () => {
		service.answer = serveBomb;
		for (const event of EVENTS) {
			expect([
				event,
				(await poll(event, {}, { requestOptions: { maxAnswerSize: 1 } })).error?.message,
			]).toEqual([event, "The service's answer is larger than the node accepts (more than 1 MB)"]);
		}
		tried('compression bombs', EVENTS.length);
	});
});

describe('Return All on pages that never end', () => {
	const paged = () =>
		operations.find((operation) => operation.name === 'estateBrokerReports tipsAndLeads getPaged')!;
	const page = (rows: number, from: number, extra: IDataObject = {}) => ({
		incomingLeads: Array.from({ length: rows }, (_, index) => ({ id: `L${from + index}` })),
		outgoingLeads: [],
		tips: [],
		...extra,
	});
	const pageIndexOf = (request: http.IncomingMessage) =>
		Number(new URL(request.url ?? '/', 'http://x').searchParams.get('pageIndex'));
	const returnAll = (extra: IDataObject = {}) => ({ returnAll: true, pageSize: 2, ...extra });

	it.each([
		[
			'full pages that never say which is the last',
			(index: number) => page(2, index * 2),
			{},
			/^Return All stopped after 1000 pages \(Max Pages\)/,
			1000,
		],
		[
			'the same, with Max Pages 5',
			(index: number) => page(2, index * 2),
			{ maxPages: 5 },
			/^Return All stopped after 5 pages/,
			5,
		],
		[
			'a page count that is never reached',
			(index: number) => page(2, index * 2, { pageCount: 1e9 }),
			{ maxPages: 20 },
			/^Return All stopped after 20 pages/,
			20,
		],
		[
			'the first page again and again',
			() => page(2, 0),
			{},
			/^The service sent the same page again \(page 1 repeats page 0\)/,
			2,
		],
		[
			'two pages in turn',
			(index: number) => page(2, (index % 2) * 2),
			{},
			/^The service sent the same page again \(page 2 repeats page 0\)/,
			3,
		],
	])(
		'%s: Return All stops with an error that says why',
		async (_name, answer, extra, message, calls) => {
			service.answer = (request, response) =>
				json(200, answer(pageIndexOf(request)))(request, response);
			const { error } = await run(paged(), returnAll(extra));
			expect(error?.message).toMatch(message);
			expect(service.seen).toHaveLength(calls);
			tried('endless paging');
		},
	);

	it('a report that ends is read whole, and a real page count is honoured', async () => {
		service.answer = (request, response) =>
			json(200, page(pageIndexOf(request) < 3 ? 2 : 1, pageIndexOf(request) * 2))(
				request,
				response,
			);
		const { items, error } = await run(paged(), returnAll());
		expect(error).toBeUndefined();
		expect(items).toHaveLength(7);
		expect(service.seen).toHaveLength(4);
	});
});
