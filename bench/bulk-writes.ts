/**
 * The bulk writes of one call per item (Create or Update person and company, Opt Out, Interest
 * Application › Create, Final Price Watch › Create) side by side in n8n-core's engine, in this
 * process (test/harness/engine.ts: WorkflowExecute, the node from n8n's loader on dist/), each
 * with BENCH_WRITES_ITEMS items (default 1,000) with their values from the items' fields.
 * Each operation runs as the package ships it (n8n's custom operation) and through n8n's
 * routing engine (the node type without custom operations, as n8n runs it as an AI tool),
 * alternated, BENCH_REPS times (default 3), medians reported.
 *
 * Per item: the CPU time of this process (n8n-core, n8n's request helper, the package) for
 * the run, divided by its items; the sandbox serves from a child process, so its work is not
 * counted. Ratio: that cost against the person upsert's in the same mode. Wall time is shown
 * too; on a shared machine it follows the load more than the CPU time does.
 *
 * Run: npm run bench -- bulk-writes   (builds dist/ first)
 */
import { spawn } from 'node:child_process';
import path from 'node:path';

import type { IDataObject, INodeType } from 'n8n-workflow';

import { runNode } from '../test/harness/engine';
import { packageNode } from '../test/harness/packageNodes';
import '../test/harness/regexEngine';
import { machineLine, writeSection } from './results';

const ITEMS = Number(process.env.BENCH_WRITES_ITEMS ?? 1000);
const REPS = Number(process.env.BENCH_REPS ?? 3);
const CONTACTS = Number(process.env.BENCH_CONTACTS ?? 12000);

interface Write {
	name: string;
	node: string;
	parameters: IDataObject;
	input: (count: number) => IDataObject[];
}

interface Sandbox {
	url: string;
	stop(): void;
}

async function startSandbox(): Promise<Sandbox> {
	const port = 18000 + Math.floor(Math.random() * 2000);
	const child = spawn(
		process.execPath,
		[
			require.resolve('ts-node/dist/bin.js'),
			'--transpile-only',
			path.join(__dirname, '../sandbox/src/cli.ts'),
			'--port',
			String(port),
			'--scale-contacts',
			String(CONTACTS),
		],
		{ stdio: ['ignore', 'pipe', 'inherit'] },
	);
	await new Promise<void>((resolve, reject) => {
		child.stdout.on(
			'data',
			(chunk: Buffer) => chunk.toString().includes('Sandbox listening') && resolve(),
		);
		child.on('exit', (code) => reject(new Error(`sandbox exited with ${code}`)));
	});
	return { url: `http://127.0.0.1:${port}`, stop: () => child.kill('SIGTERM') };
}

const median = (values: number[]) =>
	[...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function main(): Promise<void> {
	const sandbox = await startSandbox();
	const control = async (what: string, init?: RequestInit) =>
		await (await fetch(`${sandbox.url}/__sandbox/${what}`, init)).json();
	try {
		const orders = ((await control('contactOrders')) as Array<{ id: string; customerId: string }>)
			.filter((order) => order.customerId === 'M30011')
			.map((order) => order.id);
		// The estates of the office, from its bids (the control API lists no estates).
		const bids = (await (
			await fetch(`${sandbox.url}/CRM/Bids/M30011`, {
				headers: {
					authorization: `Basic ${Buffer.from('demo:demo-password').toString('base64')}`,
					'x-api-key': 'demo-api-key',
				},
			})
		).json()) as Array<{ estateId: string }>;
		const estates = [...new Set(bids.map((bid) => bid.estateId))];
		if (!orders.length || !estates.length)
			throw new Error('The sandbox has no contact orders or estates for sale of M30011');
		const person = (index: number) => ({
			first: `Bench${index}`,
			last: `Person${index}`,
			email: `bench.${index}@mail.example`,
		});
		const writes: Write[] = [
			{
				name: 'Create or Update person',
				node: 'estateBrokerContacts',
				parameters: {
					resource: 'person',
					operation: 'upsert',
					firstName: '={{ $json.first }}',
					lastName: '={{ $json.last }}',
					email: '={{ $json.email }}',
				},
				input: (count) => Array.from({ length: count }, (_, index) => person(index)),
			},
			{
				name: 'Create or Update company',
				node: 'estateBrokerContacts',
				parameters: {
					resource: 'company',
					operation: 'upsert',
					companyName: '={{ $json.company }}',
					email: '={{ $json.email }}',
				},
				input: (count) =>
					Array.from({ length: count }, (_, index) => ({
						company: `Bench ${index} AB`,
						email: `info.${index}@company.example`,
					})),
			},
			// Repeating an opt-out is harmless: the orders are used in turn when there are fewer than items.
			{
				name: 'Opt Out',
				node: 'estateBrokerAdvertising',
				parameters: {
					resource: 'contactOrder',
					operation: 'optOut',
					contactOrderId: '={{ $json.id }}',
				},
				input: (count) =>
					Array.from({ length: count }, (_, index) => ({ id: orders[index % orders.length] })),
			},
			{
				name: 'Interest Application › Create',
				node: 'estateBrokerAdvertising',
				parameters: {
					resource: 'interestApplication',
					operation: 'create',
					estateId: { __rl: true, mode: 'id', value: '={{ $json.estateId }}' },
					firstName: '={{ $json.first }}',
					lastName: '={{ $json.last }}',
					additionalFields: { email: '={{ $json.email }}' },
				},
				input: (count) =>
					Array.from({ length: count }, (_, index) => ({
						...person(index),
						estateId: estates[index % estates.length],
					})),
			},
			{
				name: 'Final Price Watch › Create',
				node: 'estateBrokerAdvertising',
				parameters: {
					resource: 'finalPriceWatch',
					operation: 'create',
					estateId: { __rl: true, mode: 'id', value: '={{ $json.estateId }}' },
					firstName: '={{ $json.first }}',
					lastName: '={{ $json.last }}',
					additionalFields: { email: '={{ $json.email }}' },
				},
				input: (count) =>
					Array.from({ length: count }, (_, index) => ({
						...person(index),
						estateId: estates[index % estates.length],
					})),
			},
		];
		const credentials = {
			baseUrl: sandbox.url,
			username: 'demo',
			password: 'demo-password',
			apiKey: 'demo-api-key',
			apiHeaderName: 'X-Api-Key',
			customerId: 'M30011',
		};
		const modes: Record<string, (type: INodeType) => INodeType> = {
			'custom operation': (type) => type,
			'routing engine': (type) =>
				Object.assign(Object.create(type) as INodeType, { customOperations: undefined }),
		};
		// A first pass of 20 items each, not counted: n8n's and the package's code compiled, connections' first costs paid.
		for (const write of writes)
			for (const typeOf of Object.values(modes))
				await runNode({
					nodeType: typeOf(packageNode(write.node)),
					parameters: write.parameters as never,
					credentials,
					input: write.input(20),
				});
		const figures = new Map<
			string,
			Array<{ cpu: number; wall: number; calls: number; items: number; failed: number }>
		>();
		for (let rep = 0; rep < REPS; rep++) {
			for (const write of writes) {
				for (const [mode, typeOf] of Object.entries(modes)) {
					const input = write.input(ITEMS);
					await fetch(`${sandbox.url}/__sandbox/requests`, { method: 'DELETE' });
					const cpu0 = process.cpuUsage();
					const wall0 = performance.now();
					const run = await runNode({
						nodeType: typeOf(packageNode(write.node)),
						parameters: write.parameters as never,
						credentials,
						input,
					});
					const wall = performance.now() - wall0;
					const cpu = process.cpuUsage(cpu0);
					const calls = ((await control('requests/count')) as { count: number }).count;
					const failed =
						run.items.filter(
							(item) => item.json.error !== undefined || item.json.readBackError !== undefined,
						).length + (run.error ? 1 : 0);
					const key = `${write.name}|${mode}`;
					figures.set(key, [
						...(figures.get(key) ?? []),
						{ cpu: (cpu.user + cpu.system) / 1000, wall, calls, items: run.items.length, failed },
					]);
					console.log(
						`${rep + 1}/${REPS} ${write.name}, ${mode}: ${Math.round(wall)} ms, CPU ${Math.round((cpu.user + cpu.system) / 1000)} ms, ${calls} calls, ${run.items.length} items${run.error ? `, stopped: ${run.error.message}` : ''}`,
					);
				}
			}
		}
		const perItem = (key: string, what: 'cpu' | 'wall') =>
			median((figures.get(key) ?? []).map((run) => run[what])) / ITEMS;
		const lines = [
			`## Bulk writes side by side in n8n-core's engine, in process (${ITEMS} items each, ${new Date().toISOString().slice(0, 10)})`,
			'',
			`\`npm run bench -- bulk-writes\` (bench/bulk-writes.ts): median of ${REPS} alternated runs. CPU per item is this process's CPU time (n8n-core, n8n's request helper, the package) over the run, divided by the items; the sandbox runs in a child process. Ratio: CPU per item against the person upsert's in the same mode (goal for the custom operations: at most 1.2×). Routing engine: the same node without its custom operations, as n8n runs it as an AI tool.`,
			'',
			'| Operation | Custom operation: CPU / wall per item | Ratio to person | Routing engine: CPU / wall per item | Ratio to person | Calls (custom / routing) | Items, failed |',
			'|---|---|---|---|---|---|---|',
		];
		for (const write of writes) {
			const custom = `${write.name}|custom operation`;
			const routed = `${write.name}|routing engine`;
			const base = (mode: string, what: 'cpu' | 'wall') =>
				perItem(`${writes[0].name}|${mode}`, what);
			const first = (key: string) => figures.get(key)![0];
			lines.push(
				`| ${write.name} | ${(perItem(custom, 'cpu') * 1000).toFixed(0)} / ${(perItem(custom, 'wall') * 1000).toFixed(0)} µs | ${(perItem(custom, 'cpu') / base('custom operation', 'cpu')).toFixed(2)}× | ${(perItem(routed, 'cpu') * 1000).toFixed(0)} / ${(perItem(routed, 'wall') * 1000).toFixed(0)} µs | ${(perItem(routed, 'cpu') / base('routing engine', 'cpu')).toFixed(2)}× | ${first(custom).calls} / ${first(routed).calls} | ${first(custom).items}, ${first(custom).failed} |`,
			);
		}
		lines.push('', `Machine at the end: ${machineLine()}.`);
		console.log(lines.join('\n'));
		writeSection('bulk-writes-in-process', lines);
	} finally {
		sandbox.stop();
	}
}

main().catch((error: unknown) => {
	console.error(error);
	process.exitCode = 1;
});
