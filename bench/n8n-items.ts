/**
 * The package against its baselines inside the real n8n (the runtime `npm start` uses), each
 * measure alternated with its baseline and reported as the median of several runs and a ratio:
 *   - 1,000 items with one id each (Get Many): vs the HTTP Request node, one GET per item;
 *   - 1 item with 1,000 ids (Get Many): vs a raw keep-alive client making the same 50 calls;
 *   - person upserts (Create or Update) of BENCH_UPSERT persons (a list, default 5,000): the
 *     package with and without its read-back vs the HTTP Request node posting the same bodies,
 *     with and without its Batching; calls, time, peak memory of the n8n process, items, failed
 *     (`npm run bench -- upsert`: 1,000, 5,000 and 20,000, into their own section of results.md);
 *   - Get Many returning BENCH_MANY records: peak memory;
 *   - the bulk writes (`writes`): BENCH_WRITES items (a list, default 1,000 and 10,000) of
 *     opt-outs, interest applications, company upserts and person upserts, the package against
 *     the HTTP Request node sending the same requests (`npm run bench -- bulk-writes`).
 * Time of a run is n8n's own executionTime of the node; calls are the sandbox's request log.
 * Nothing is asserted: figures go to stdout and bench/results.md.
 *
 * Run: npm run bench -- n8n   (needs dist/: the script builds it; n8n from the machine-wide cache, scripts/cache-dir.sh)
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';

import { startSandbox } from '../sandbox/src';
import { n8nShell } from './n8nShell';
import { machineLine, writeSection } from './results';

const root = path.resolve(__dirname, '..');
const home = path.join(root, '.cache', 'bench-n8n-home');
const REPS = Number(process.env.BENCH_REPS ?? 3);
const ITEMS = Number(process.env.BENCH_ITEMS ?? 1000);
/** Upsert sizes, e.g. BENCH_UPSERT=1000,5000,20000 (`npm run bench -- upsert` runs these three). */
const UPSERTS = [
	...(process.env.BENCH_UPSERT ?? '5000').split(','),
	process.env.BENCH_UPSERT_LARGE ?? '0',
]
	.map(Number)
	.filter((count) => count > 0);
const MANY = Number(process.env.BENCH_MANY ?? 10000);
/**
 * The HTTP Request node posts the upsert bodies twice: as a user first sets it (every item's
 * request at once; at 5,000 the sandbox resets connections, ECONNRESET) and with its own
 * Batching: BENCH_HTTP_BATCH items (default 5, the package's writes in flight) every
 * BENCH_HTTP_BATCH_MS (default 1) ms. Batching does not wait for answers, only for the interval.
 */
const UPSERT_BATCH_SIZE = Number(process.env.BENCH_HTTP_BATCH ?? 5);
const UPSERT_BATCH_MS = Number(process.env.BENCH_HTTP_BATCH_MS ?? 1);
/** Which upsert runs to make: package, http, batching, noReadBack (default all four). */
const UPSERT_RUNS = new Set(
	(process.env.BENCH_UPSERT_RUNS ?? 'package,http,batching,noReadBack').split(','),
);
const UPSERT_BATCHING = {
	batching: { batch: { batchSize: UPSERT_BATCH_SIZE, batchInterval: UPSERT_BATCH_MS } },
};
/** Which measures to run: items, oneItem, upsert, many, writes (default all). */
const PARTS = new Set((process.env.BENCH_PARTS ?? 'items,oneItem,upsert,many,writes').split(','));
/** Sizes of the bulk writes, e.g. BENCH_WRITES=1000,10000. */
const WRITES = (process.env.BENCH_WRITES ?? '1000,10000')
	.split(',')
	.map(Number)
	.filter((count) => count > 0);
/** BENCH_CPU_PROF=<dir>: each n8n run writes a CPU profile there (node --cpu-prof), to see where the time goes. */
const PROFILE = process.env.BENCH_CPU_PROF
	? `--cpu-prof --cpu-prof-dir=${process.env.BENCH_CPU_PROF}`
	: '';
/** BENCH_N8N_PORTS="<port> <task broker port>": where the n8n runs start looking for free ports (another bench on the machine may hold 5900 and 5950). */
const PORTS = (process.env.BENCH_N8N_PORTS ?? '5900 5950')
	.split(/\s+/)
	.map(Number)
	.filter((port) => port > 0)
	.join(' ');
const AUTH = { username: 'demo', password: 'demo-password', apiKey: 'demo-api-key' };

const median = (values: number[]) =>
	[...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const ms = (value: number) => `${Math.round(value)} ms`;

interface RunFigures {
	ms: number;
	calls: number;
	peakMb: number;
	items: number;
	errors: number;
	/** The node's own error, when it stopped. */
	stopped?: string;
}

type Node = Record<string, unknown>;

function workflow(id: string, nodes: Node[]): object {
	const named = nodes.map(
		(node, index) =>
			({
				id: `${id}-${index}`,
				position: [index * 220, 0],
				typeVersion: 1,
				...node,
			}) as unknown as Node & { name: string },
	);
	const connections: Record<string, object> = {};
	for (let index = 0; index < named.length - 1; index++)
		connections[String(named[index].name)] = {
			main: [[{ node: named[index + 1].name, type: 'main', index: 0 }]],
		};
	return {
		id,
		name: id,
		active: false,
		nodes: named,
		connections,
		settings: { executionOrder: 'v1' },
	};
}

/** Manual Trigger → Edit Fields (raw JSON holding the list) → Split Out: one item per entry. */
function itemsFrom(list: unknown[]): Node[] {
	return [
		{ name: 'Start', type: 'n8n-nodes-base.manualTrigger', parameters: {} },
		{
			name: 'List',
			type: 'n8n-nodes-base.set',
			typeVersion: 3.4,
			parameters: { mode: 'raw', jsonOutput: JSON.stringify({ list }), options: {} },
		},
		{
			name: 'Items',
			type: 'n8n-nodes-base.splitOut',
			parameters: { fieldToSplitOut: 'list', options: {} },
		},
	];
}

const brokerCredential = { estateBrokerApi: { id: 'benchBroker00001', name: 'Bench broker' } };
const basicCredential = { httpBasicAuth: { id: 'benchBasic000001', name: 'Bench basic' } };
const apiKeyHeader = {
	sendHeaders: true,
	headerParameters: { parameters: [{ name: 'X-Api-Key', value: AUTH.apiKey }] },
};

function contactsNode(parameters: Node): Node {
	return {
		name: 'Under test',
		type: 'CUSTOM.estateBrokerContacts',
		parameters: { resource: 'person', ...parameters },
		credentials: brokerCredential,
	};
}

function advertisingNode(parameters: Node): Node {
	return {
		name: 'Under test',
		type: 'CUSTOM.estateBrokerAdvertising',
		parameters,
		credentials: brokerCredential,
	};
}

function httpNode(parameters: Node): Node {
	return {
		name: 'Under test',
		type: 'n8n-nodes-base.httpRequest',
		typeVersion: 4.2,
		parameters: {
			authentication: 'genericCredentialType',
			genericAuthType: 'httpBasicAuth',
			...apiKeyHeader,
			options: {},
			...parameters,
		},
		credentials: basicCredential,
	};
}

const sh = n8nShell(home, PORTS);

async function runWorkflow(id: string, sandboxUrl: string): Promise<RunFigures> {
	await fetch(`${sandboxUrl}/__sandbox/requests`, { method: 'DELETE' });
	// Into a file: n8n execute exits before a large result written to a pipe is flushed.
	const outFile = path.join(home, 'result.json');
	const { stderr } = await sh(
		`/usr/bin/time -f "PEAK_KB %M" "$(n8n_node_bin)/node" ${PROFILE} "$N8N_RT_DIR/node_modules/n8n/bin/n8n" execute --id ${id} --rawOutput > "${outFile}"`,
	);
	const stdout = readFileSync(outFile, 'utf8');
	rmSync(outFile);
	// n8n's own log lines of the run, kept for when a run does not finish (what stopped it).
	const logs = path.join(home, 'logs');
	mkdirSync(logs, { recursive: true });
	const log = stdout
		.split('\n')
		.filter(
			(line) =>
				!line.startsWith(' ') &&
				!line.startsWith('{') &&
				!line.startsWith('}') &&
				!line.startsWith('"') &&
				!line.startsWith('\t'),
		);
	writeFileSync(
		path.join(logs, `${id}-${Date.now()}.log`),
		`${log.join('\n')}\n--- stderr\n${stderr}`,
	);
	const pingFailures = (stdout + stderr).split('Database ping failed').length - 1;
	if (pingFailures > 0)
		console.log(
			`  (${id}: n8n logged ${pingFailures} failed database pings: its event loop was busy for more than DB_PING_TIMEOUT_MS)`,
		);
	// The result is the JSON block from the first line "{" to the first line "}"; log lines may follow.
	const lines = stdout.split('\n');
	const start = lines.findIndex((line) => line.startsWith('{'));
	const end = lines.findIndex((line, index) => index > start && line.startsWith('}'));
	if (start < 0 || end < 0)
		throw new Error(
			`n8n execute ${id} gave no result:\n${stdout.slice(-2000)}\n${stderr.slice(-2000)}`,
		);
	const result = JSON.parse(lines.slice(start, end + 1).join('\n')) as {
		data: {
			resultData: {
				runData: Record<
					string,
					Array<{
						executionTime: number;
						error?: { message?: string };
						data?: { main: Array<Array<{ json: Node; error?: unknown }>> };
					}>
				>;
			};
		};
	};
	const run = result.data.resultData.runData['Under test']?.[0];
	if (!run) throw new Error(`n8n execute ${id}: the node did not run:\n${stdout.slice(-2000)}`);
	const output = run.data?.main[0] ?? [];
	// The count, not the list: the list keeps only the last 10,000 requests.
	const calls = (
		(await (await fetch(`${sandboxUrl}/__sandbox/requests/count`)).json()) as { count: number }
	).count;
	const peak = /PEAK_KB (\d+)/.exec(stderr);
	return {
		ms: run.executionTime,
		calls,
		peakMb: peak ? Number(peak[1]) / 1024 : NaN,
		items: output.length,
		errors: output.filter(
			(item) =>
				item.error !== undefined ||
				item.json.error !== undefined ||
				item.json.readBackError !== undefined,
		).length,
		...(run.error ? { stopped: String(run.error.message) } : {}),
	};
}

/** The same 50 calls as the package, on one keep-alive agent, 5 in flight like the package's throttle. */
async function rawClient(
	sandboxUrl: string,
	ids: string[],
): Promise<{ ms: number; connections: number }> {
	const agent = new http.Agent({ keepAlive: true, maxSockets: 5 });
	const sockets = new Set<unknown>();
	const token = Buffer.from(`${AUTH.username}:${AUTH.password}`).toString('base64');
	const get = async (url: string) =>
		await new Promise<void>((resolve, reject) => {
			const request = http.get(
				url,
				{
					agent,
					headers: {
						Authorization: `Basic ${token}`,
						'X-Api-Key': AUTH.apiKey,
						Accept: 'application/json',
					},
				},
				(response) => {
					sockets.add(response.socket);
					const chunks: Buffer[] = [];
					response.on('data', (chunk: Buffer) => chunks.push(chunk));
					response.on('end', () => {
						JSON.parse(Buffer.concat(chunks).toString('utf8'));
						resolve();
					});
				},
			);
			request.on('error', reject);
		});
	const t0 = performance.now();
	const calls: Array<Promise<void>> = [];
	for (let start = 0; start < ids.length; start += 20)
		calls.push(
			get(
				`${sandboxUrl}/CRM/Contact/M30011/Person?contactIds=${ids.slice(start, start + 20).join(',')}`,
			),
		);
	await Promise.all(calls);
	const elapsed = performance.now() - t0;
	agent.destroy();
	return { ms: elapsed, connections: sockets.size };
}

interface BulkWrite {
	name: string;
	/** Part of the workflow ids (five characters). */
	tag: string;
	items: (count: number) => Node[];
	/** The package's node. */
	node: Node;
	/** The HTTP Request node's parameters for the same request. */
	http: Node;
}

/** Opt-outs, interest applications, company and person upserts: each item's values from its own fields, as a flow would give them. */
function bulkWriteWorkflows(sandboxUrl: string, orders: string[], estates: string[]): BulkWrite[] {
	const person = (index: number) => ({
		first: `Bench${index}`,
		last: `Person${index}`,
		email: `bench.${index}@mail.example`,
	});
	const textAnswer = { response: { response: { responseFormat: 'text' } } };
	const json = (body: string) => ({
		method: 'POST',
		sendBody: true,
		specifyBody: 'json',
		jsonBody: `={{ JSON.stringify(${body}) }}`,
		options: textAnswer,
	});
	return [
		{
			name: 'opt-outs',
			tag: 'OptOu',
			items: (count) =>
				Array.from({ length: count }, (_, index) => ({ id: orders[index % orders.length] })),
			node: advertisingNode({
				resource: 'contactOrder',
				operation: 'optOut',
				contactOrderId: '={{ $json.id }}',
			}),
			http: {
				method: 'PUT',
				url: `=${sandboxUrl}/Advertising/Message/M30011/ContactOrder/{{ $json.id }}/OptOut`,
				options: textAnswer,
			},
		},
		{
			name: 'interest applications',
			tag: 'Inter',
			items: (count) =>
				Array.from({ length: count }, (_, index) => ({
					...person(index),
					estateId: estates[index % estates.length],
				})),
			node: advertisingNode({
				resource: 'interestApplication',
				operation: 'create',
				estateId: { __rl: true, mode: 'id', value: '={{ $json.estateId }}' },
				firstName: '={{ $json.first }}',
				lastName: '={{ $json.last }}',
				additionalFields: { email: '={{ $json.email }}' },
			}),
			http: {
				...json(
					'{ firstName: $json.first, lastName: $json.last, email: { emailAddress: $json.email } }',
				),
				url: `=${sandboxUrl}/Advertising/Estate/M30011/{{ $json.estateId }}/interest`,
			},
		},
		{
			name: 'company upserts',
			tag: 'ComUp',
			items: (count) =>
				Array.from({ length: count }, (_, index) => ({
					company: `Bench ${index} AB`,
					email: `info.${index}@company.example`,
				})),
			node: contactsNode({
				resource: 'company',
				operation: 'upsert',
				companyName: '={{ $json.company }}',
				email: '={{ $json.email }}',
			}),
			http: {
				...json(
					"{ customerId: 'M30011', companyName: $json.company, email: { emailAddress: $json.email } }",
				),
				url: `${sandboxUrl}/Contacts/UpdateCompany`,
			},
		},
		{
			name: 'person upserts',
			tag: 'PerUp',
			items: (count) => Array.from({ length: count }, (_, index) => person(index)),
			node: contactsNode({
				operation: 'upsert',
				firstName: '={{ $json.first }}',
				lastName: '={{ $json.last }}',
				email: '={{ $json.email }}',
			}),
			http: {
				...json(
					"{ customerId: 'M30011', firstName: $json.first, lastName: $json.last, email: { emailAddress: $json.email } }",
				),
				url: `${sandboxUrl}/Contacts/UpdatePerson`,
			},
		},
	];
}

async function main(): Promise<void> {
	const contacts = Number(process.env.BENCH_CONTACTS ?? Math.max(6000, Math.ceil(MANY * 2.4)));
	const sandbox = await startSandbox({ port: 0, scale: { contacts, bids: 200 } });
	const lines: string[] = [];
	const say = (line: string) => {
		console.log(line);
		lines.push(line);
	};
	try {
		const persons = [...sandbox.store.contacts.values()]
			.filter((c) => c.type === 'Person' && c.customerId === 'M30011')
			.map((c) => c.id);
		const ids = persons.slice(0, ITEMS);
		const manyIds = persons.slice(0, MANY);
		mkdirSync(home, { recursive: true });
		const people = (count: number) =>
			Array.from({ length: count }, (_, index) => ({
				first: `Bench${index}`,
				last: `Person${index}`,
				email: `bench.${index}@mail.example`,
			}));
		const upsertBody =
			"={{ JSON.stringify({ customerId: 'M30011', firstName: $json.first, lastName: $json.last, email: { emailAddress: $json.email } }) }}";
		const upserts = UPSERTS;
		const workflows = [
			workflow('benchPkgItems001', [
				...itemsFrom(ids),
				contactsNode({ operation: 'getAll', contactIds: '={{ $json.list }}', simplify: false }),
			]),
			workflow('benchHttpItems01', [
				...itemsFrom(ids),
				httpNode({
					method: 'GET',
					url: `=${sandbox.url}/CRM/Contact/M30011/Person/{{ $json.list }}`,
				}),
			]),
			workflow('benchPkgOneItem1', [
				{ name: 'Start', type: 'n8n-nodes-base.manualTrigger', parameters: {} },
				contactsNode({ operation: 'getAll', contactIds: ids.join(','), simplify: false }),
			]),
			workflow('benchPkgMany0001', [
				{ name: 'Start', type: 'n8n-nodes-base.manualTrigger', parameters: {} },
				contactsNode({ operation: 'getAll', contactIds: manyIds.join(','), simplify: false }),
			]),
			...upserts.flatMap((count) => [
				workflow(`benchPkgUps${String(count).padStart(5, '0')}`, [
					...itemsFrom(people(count)),
					contactsNode({
						operation: 'upsert',
						firstName: '={{ $json.first }}',
						lastName: '={{ $json.last }}',
						email: '={{ $json.email }}',
					}),
				]),
				workflow(`benchPkgUpN${String(count).padStart(5, '0')}`, [
					...itemsFrom(people(count)),
					contactsNode({
						operation: 'upsert',
						firstName: '={{ $json.first }}',
						lastName: '={{ $json.last }}',
						email: '={{ $json.email }}',
						options: { readBack: false },
					}),
				]),
				workflow(`benchHttpUp${String(count).padStart(5, '0')}`, [
					...itemsFrom(people(count)),
					httpNode({
						method: 'POST',
						url: `${sandbox.url}/Contacts/UpdatePerson`,
						sendBody: true,
						specifyBody: 'json',
						jsonBody: upsertBody,
						options: { response: { response: { responseFormat: 'text' } } },
					}),
				]),
				workflow(`benchHttpUB${String(count).padStart(5, '0')}`, [
					...itemsFrom(people(count)),
					httpNode({
						method: 'POST',
						url: `${sandbox.url}/Contacts/UpdatePerson`,
						sendBody: true,
						specifyBody: 'json',
						jsonBody: upsertBody,
						options: { response: { response: { responseFormat: 'text' } }, ...UPSERT_BATCHING },
					}),
				]),
			]),
		];
		// Bulk writes: the package and the HTTP Request node sending the same requests, from the same items.
		const orders = [...sandbox.store.contactOrders.values()]
			.filter((order) => order.customerId === 'M30011')
			.map((order) => order.id);
		const estates = [...sandbox.store.estates.values()]
			.filter((estate) => estate.customerId === 'M30011')
			.map((estate) => estate.id);
		const bulkWrites = bulkWriteWorkflows(sandbox.url, orders, estates);
		for (const count of PARTS.has('writes') ? WRITES : []) {
			for (const write of bulkWrites) {
				const tag = `${write.tag}${String(count).padStart(5, '0')}`;
				const items = itemsFrom(write.items(count));
				workflows.push(
					workflow(`benchPkg${tag}`, [...items, write.node]),
					workflow(`benchHtt${tag}`, [...items, httpNode(write.http)]),
					workflow(`benchHtB${tag}`, [
						...items,
						httpNode({
							...write.http,
							options: { ...(write.http.options as object), ...UPSERT_BATCHING },
						}),
					]),
				);
			}
		}
		const credentials = [
			{
				id: 'benchBroker00001',
				name: 'Bench broker',
				type: 'estateBrokerApi',
				data: {
					baseUrl: sandbox.url,
					username: AUTH.username,
					password: AUTH.password,
					apiKey: AUTH.apiKey,
					apiHeaderName: 'X-Api-Key',
					customerId: 'M30011',
				},
			},
			{
				id: 'benchBasic000001',
				name: 'Bench basic',
				type: 'httpBasicAuth',
				data: { user: AUTH.username, password: AUTH.password },
			},
		];
		const files = path.join(home, 'import');
		rmSync(files, { recursive: true, force: true });
		mkdirSync(files, { recursive: true });
		writeFileSync(path.join(files, 'credentials.json'), JSON.stringify(credentials));
		workflows.forEach((flow, index) =>
			writeFileSync(path.join(files, `wf${index}.json`), JSON.stringify(flow)),
		);
		for (const step of [
			'ensure_n8n && n8n_stage_extension',
			`n8n_cmd import:credentials --input="${files}/credentials.json"`,
			`n8n_cmd import:workflow --separate --input="${files}"`,
		]) {
			const { code, stderr, stdout } = await sh(step);
			if (code !== 0)
				throw new Error(`${step} failed:\n${stdout.slice(-1500)}\n${stderr.slice(-1500)}`);
		}
		rmSync(path.join(files, 'credentials.json'));

		// The runtime lives in the machine-wide cache (scripts/cache-dir.sh), one folder per n8n version.
		const runtimeDir = (await sh('echo "$N8N_RT_DIR"')).stdout.trim();
		const n8nVersion = String(
			JSON.parse(readFileSync(path.join(runtimeDir, 'node_modules/n8n/package.json'), 'utf8'))
				.version,
		);
		say(
			`## n8n ${n8nVersion}, ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}, ${new Date().toISOString().slice(0, 10)}`,
		);
		say('');
		say(
			`Median of ${REPS} alternating runs each; time is n8n's executionTime of the node; calls from the sandbox's log.`,
		);
		say('');
		say('| Measure | This package | Baseline | Ratio |');
		say('|---|---|---|---|');

		if (PARTS.has('items')) {
			const pkgItems: RunFigures[] = [];
			const httpItems: RunFigures[] = [];
			for (let rep = 0; rep < REPS; rep++) {
				pkgItems.push(await runWorkflow('benchPkgItems001', sandbox.url));
				httpItems.push(await runWorkflow('benchHttpItems01', sandbox.url));
			}
			const p = median(pkgItems.map((r) => r.ms));
			const h = median(httpItems.map((r) => r.ms));
			const runs = (figures: Array<{ ms: number }>) =>
				figures.map((figure) => Math.round(figure.ms)).join(', ');
			say(
				`| ${ITEMS} items with one id each (Get Many) | ${pkgItems[0].calls} calls, ${ms(p)} (runs ${runs(pkgItems)}), ${pkgItems[0].items} items, ${pkgItems[0].errors} failed | HTTP Request node, one GET per item: ${httpItems[0].calls} calls, ${ms(h)} (runs ${runs(httpItems)}) | ${(h / p).toFixed(1)}× (baseline time / package time) |`,
			);
		}
		const pkgOne: RunFigures[] = [];
		if (PARTS.has('oneItem')) {
			const raw: Array<{ ms: number; connections: number }> = [];
			for (let rep = 0; rep < REPS; rep++) {
				pkgOne.push(await runWorkflow('benchPkgOneItem1', sandbox.url));
				raw.push(await rawClient(sandbox.url, ids));
			}
			const o = median(pkgOne.map((r) => r.ms));
			const r = median(raw.map((x) => x.ms));
			const runs = (figures: Array<{ ms: number }>) =>
				figures.map((figure) => Math.round(figure.ms)).join(', ');
			say(
				`| 1 item with ${ITEMS} ids (Get Many) | ${pkgOne[0].calls} calls, ${ms(o)} (runs ${runs(pkgOne)}) | raw keep-alive client, same ${Math.ceil(ITEMS / 20)} calls: ${ms(r)} (runs ${runs(raw)}) on ${raw[0].connections} connections | ${(o / r).toFixed(2)}× the raw client |`,
			);
		}
		const upsertLines: string[] = [];
		for (const count of PARTS.has('upsert') ? upserts : []) {
			const tag = String(count).padStart(5, '0');
			// One after the other in the same minutes, so the load they share is alike.
			const skipped: RunFigures = {
				ms: NaN,
				calls: 0,
				peakMb: NaN,
				items: 0,
				errors: 0,
				stopped: 'not run (BENCH_UPSERT_RUNS)',
			};
			const run = async (variant: string, id: string) =>
				UPSERT_RUNS.has(variant) ? await runWorkflow(id, sandbox.url) : skipped;
			const pkg = await run('package', `benchPkgUps${tag}`);
			const plain = await run('http', `benchHttpUp${tag}`);
			const batched = await run('batching', `benchHttpUB${tag}`);
			const noReadBack = await run('noReadBack', `benchPkgUpN${tag}`);
			const figures = (run: RunFigures) =>
				run === skipped
					? 'not run'
					: `${run.calls} calls, ${ms(run.ms)}, peak ${Math.round(run.peakMb)} MB, ${run.items} items, ${run.errors} failed${run.stopped ? `, stopped: "${run.stopped}"` : ''}`;
			const ratio = (base: RunFigures, run: RunFigures) =>
				base.stopped || run.stopped ? 'n/a (a run stopped)' : `${(base.ms / run.ms).toFixed(2)}×`;
			upsertLines.push(
				`| ${count} persons | ${figures(pkg)} | ${figures(noReadBack)} | ${figures(plain)} | ${figures(batched)} | ${ratio(plain, pkg)} / ${ratio(batched, pkg)} |`,
			);
			console.log(upsertLines[upsertLines.length - 1]);
		}
		if (upsertLines.length) {
			// A run with another Batching interval for the HTTP Request node keeps its own section.
			writeSection(
				process.env.BENCH_HTTP_BATCH_MS
					? `n8n-upsert-batching-${UPSERT_BATCH_SIZE}-${UPSERT_BATCH_MS}ms`
					: 'n8n-upsert',
				[
					`## Person upserts (Create or Update) in n8n ${n8nVersion}, ${new Date().toISOString().slice(0, 10)}`,
					'',
					`One run of each, in this order per size: the package (read-back on, the default), the HTTP Request node posting the same bodies without Batching and with Batching (${UPSERT_BATCH_SIZE} items every ${UPSERT_BATCH_MS} ms), the package with Options › Read Back Saved Person off. Time is n8n's executionTime of the node; calls from the sandbox's log; peak is the n8n process's maximum resident memory. "failed" counts items with an error or a read-back error. Ratio: HTTP Request node time / package time (above 1: the package is faster), without / with its Batching.`,
					'',
					'| Size | Package (read-back on) | Package (read-back off) | HTTP Request node | HTTP Request node, Batching | Ratio |',
					'|---|---|---|---|---|---|',
					...upsertLines,
					'',
					`Machine at the end: ${machineLine()}.`,
				],
			);
		}

		const writeLines: string[] = [];
		for (const count of PARTS.has('writes') ? WRITES : []) {
			const byWrite: Array<{
				write: BulkWrite;
				pkg: RunFigures;
				http: RunFigures;
				batched?: RunFigures;
			}> = [];
			for (const write of bulkWrites) {
				const tag = `${write.tag}${String(count).padStart(5, '0')}`;
				// One after the other in the same minutes, so the load they share is alike.
				const pkg = await runWorkflow(`benchPkg${tag}`, sandbox.url);
				const http = await runWorkflow(`benchHtt${tag}`, sandbox.url);
				// The HTTP Request node with every request at once may not complete (ECONNRESET): then with its Batching, as a user would set it.
				const batched = http.stopped ? await runWorkflow(`benchHtB${tag}`, sandbox.url) : undefined;
				byWrite.push({ write, pkg, http, batched });
				console.log(
					`  ${count} ${write.name}: package ${JSON.stringify(pkg)}, HTTP Request node ${JSON.stringify(http)}${batched ? `, with Batching ${JSON.stringify(batched)}` : ''}`,
				);
			}
			const person = byWrite.find(({ write }) => write.tag === 'PerUp')!;
			for (const { write, pkg, http, batched } of byWrite) {
				const baseline = batched ?? http;
				const figures = (run: RunFigures) =>
					`${run.calls} calls, ${ms(run.ms)}, peak ${Math.round(run.peakMb)} MB, ${run.items} items, ${run.errors} failed${run.stopped ? `, stopped: "${run.stopped}"` : ''}`;
				const httpCell = batched
					? `${figures(http)}; with Batching (${UPSERT_BATCH_SIZE} items every ${UPSERT_BATCH_MS} ms): ${figures(batched)}`
					: figures(http);
				const ratio =
					pkg.stopped || baseline.stopped
						? 'n/a (a run stopped)'
						: `${(pkg.ms / baseline.ms).toFixed(2)}`;
				const perItem =
					pkg.stopped || person.pkg.stopped
						? 'n/a'
						: `${(pkg.ms / pkg.items / (person.pkg.ms / person.pkg.items)).toFixed(2)}×`;
				writeLines.push(
					`| ${count} ${write.name} | ${figures(pkg)} | ${(pkg.calls / count).toFixed(2)} | ${httpCell} | ${ratio} | ${perItem} |`,
				);
			}
			// Written after each size: a long run stopped on the way keeps the sizes it finished.
			writeSection('n8n-bulk-writes', [
				`## Bulk writes in n8n ${n8nVersion}, ${new Date().toISOString().slice(0, 10)}`,
				'',
				`One run of each, per size in this order: the package, then the HTTP Request node sending the same requests (every item's request at once; when that run stops, again with Batching of ${UPSERT_BATCH_SIZE} items every ${UPSERT_BATCH_MS} ms, the figure the ratio takes). Time is n8n's executionTime of the node; calls from the sandbox's count; peak is the n8n process's maximum resident memory. Ratio: package time / HTTP Request node time (goal: at most 0.5). Per item against the person upsert: the package's time per item over the person upsert's, same size, same minutes (goal: at most 1.2×). Opt-outs use the office's ${orders.length} contact orders in turn (repeating an opt-out is harmless); the upserts read the saved record back, 20 a call, which the HTTP Request node does not.`,
				'',
				'| Size and write | Package | Calls per item | HTTP Request node | Ratio | Per item against the person upsert |',
				'|---|---|---|---|---|---|',
				...writeLines,
				'',
				`Machine at the end: ${machineLine()}.`,
			]);
		}

		if (PARTS.has('many')) {
			const one = await runWorkflow('benchPkgOneItem1', sandbox.url);
			const many = await runWorkflow('benchPkgMany0001', sandbox.url);
			const perRecord = ((many.peakMb - one.peakMb) / Math.max(1, many.items - one.items)) * 1024;
			say(
				`| Get Many returning ${many.items} records | ${many.calls} calls, ${ms(many.ms)}, peak ${Math.round(many.peakMb)} MB | the same for ${one.items} records: peak ${Math.round(one.peakMb)} MB | ${perRecord.toFixed(1)} KB a record more |`,
			);
		}
	} finally {
		await sandbox.close();
	}
	lines.push('', `Machine at the end: ${machineLine()}.`);
	// The upsert rows have their own section; a run of only them leaves the Get Many rows as they are.
	if (['items', 'oneItem', 'many'].some((part) => PARTS.has(part)))
		writeSection('n8n-items', lines);
}

main().catch((error: unknown) => {
	console.error(error);
	process.exit(1);
});
