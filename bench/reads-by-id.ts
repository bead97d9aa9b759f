/**
 * Reads by id: one item with 1,000 person ids (Estate Broker Contacts › Person › Get Many,
 * Simplify off, the records as the service sends them with their times read) in n8n-core's
 * engine, next to a raw client (axios) and n8n's request helper alone (n8nHelper.ts) making
 * the same calls (20 ids a call, 5 at once like the package's throttle, each answer parsed) on
 * fresh connections, as n8n's request helper opens them. Sandbox, engine and client share the process, so every figure includes the sandbox's
 * own work. No assertion on time: the figures are printed and written to bench/results.md.
 *
 * Fairness: each timed step starts after a full garbage collection, and the package and the raw
 * client swap order every round; the bench checks that both made the same calls (from the
 * sandbox's request log) and that the package gave every person once.
 *
 * Run: npm run bench -- reads-by-id (BENCH_IDS, BENCH_ROUNDS to change the size).
 */

import { EstateBrokerContacts } from '../nodes/EstateBrokerContacts/EstateBrokerContacts.node';
import { startSandbox } from '../sandbox/src';
import { runNode } from '../test/harness/engine';
import { AUTH, n8nHelperGet, rawClientGet } from './n8nHelper';
import {
	collectGarbage,
	figure,
	machineLine,
	median,
	ms,
	ratio,
	runBench,
	writeSection,
} from './results';

const IDS = Number(process.env.BENCH_IDS ?? 1000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 15);
const CUSTOMER = 'M30011';

/** The same calls as the package with `get`, 5 at once: the persons read. */
async function sameCalls(
	baseUrl: string,
	ids: string[],
	get: (url: string) => Promise<unknown>,
): Promise<number> {
	const urls: string[] = [];
	for (let start = 0; start < ids.length; start += 20)
		urls.push(
			`${baseUrl}/CRM/Contact/${CUSTOMER}/Person?contactIds=${ids.slice(start, start + 20).join(',')}`,
		);
	let read = 0;
	let next = 0;
	await Promise.all(
		Array.from({ length: 5 }, async () => {
			while (next < urls.length) read += ((await get(urls[next++])) as unknown[]).length;
		}),
	);
	return read;
}

async function main(): Promise<void> {
	const sandbox = await startSandbox({
		port: 0,
		scale: { contacts: Math.max(3000, IDS * 3), bids: 200 },
	});
	try {
		const ids = [...sandbox.store.contacts.values()]
			.filter((contact) => contact.type === 'Person' && contact.customerId === CUSTOMER)
			.map((contact) => contact.id)
			.slice(0, IDS);
		if (ids.length < IDS)
			throw new Error(`the sandbox has ${ids.length} persons of ${CUSTOMER}, not ${IDS}`);
		const nodeType = new EstateBrokerContacts();
		const credentials = {
			baseUrl: sandbox.url,
			...AUTH,
			apiHeaderName: 'X-Api-Key',
			customerId: CUSTOMER,
		};
		const requests = async () =>
			((await (await fetch(`${sandbox.url}/__sandbox/requests/count`)).json()) as { count: number })
				.count;
		const clearRequests = async () =>
			await fetch(`${sandbox.url}/__sandbox/requests`, { method: 'DELETE' });
		const packageRead = async () => {
			const run = await runNode({
				nodeType,
				parameters: {
					resource: 'person',
					operation: 'getAll',
					contactIds: ids.join(','),
					simplify: false,
				},
				credentials,
			});
			if (run.error) throw run.error;
			if (new Set(run.items.map((item) => String(item.json.id))).size !== IDS)
				throw new Error(`expected ${IDS} persons, got ${run.items.length} items`);
		};
		const timed = async (step: () => Promise<unknown>) => {
			collectGarbage();
			const t0 = performance.now();
			await step();
			return performance.now() - t0;
		};
		// Warm both paths once (module loading, the sandbox's first answers).
		await packageRead();
		const rawGet = rawClientGet(AUTH);
		const helperGet = n8nHelperGet(AUTH);
		await sameCalls(sandbox.url, ids, rawGet);
		await sameCalls(sandbox.url, ids, helperGet);

		const pkg: number[] = [];
		const raw: number[] = [];
		const helper: number[] = [];
		let pkgCalls = 0;
		let rawCalls = 0;
		let helperCalls = 0;
		for (let round = 0; round < ROUNDS; round++) {
			const steps = [
				async () => {
					await clearRequests();
					pkg.push(await timed(packageRead));
					pkgCalls = await requests();
				},
				async () => {
					await clearRequests();
					raw.push(await timed(async () => await sameCalls(sandbox.url, ids, rawGet)));
					rawCalls = await requests();
				},
				async () => {
					await clearRequests();
					helper.push(await timed(async () => await sameCalls(sandbox.url, ids, helperGet)));
					helperCalls = await requests();
				},
			];
			for (const step of round % 2 === 0 ? steps : [...steps].reverse()) await step();
		}
		if (pkgCalls !== rawCalls || pkgCalls !== helperCalls)
			throw new Error(
				`the package made ${pkgCalls} calls, the raw client ${rawCalls}, n8n's helper ${helperCalls}`,
			);
		const lines = [
			`## Reads by id: 1 item with ${IDS} person ids (Person › Get Many, Simplify off; ${ROUNDS} alternated rounds, medians; n8n-core's engine, sandbox in the same process)`,
			'',
			"| Measure | Package | Baseline | Ratio (of medians; in brackets the median of the rounds' own ratios) |",
			'|---|---|---|---|',
			`| ${IDS} persons by id, ${pkgCalls} calls | ${figure(pkg)} | raw client (axios), the same ${rawCalls} calls 5 at once on fresh connections, each answer parsed: ${figure(raw)} | ${ratio(pkg, raw)} |`,
			`| the same | ${figure(pkg)} | n8n's request helper alone (httpRequest of an n8n-core execute context, no package code), the same ${helperCalls} calls 5 at once: ${figure(helper)} | ${ratio(pkg, helper)} |`,
			`| n8n's helper alone against the raw client | ${figure(helper)} | ${figure(raw)} | ${ratio(helper, raw)} |`,
			'',
			"Each timed step starts after a full garbage collection; the three swap order every round; all made the same calls (the sandbox's request log).",
			'',
			`Machine at the end: ${machineLine()}.`,
		];
		for (const line of lines) console.log(line);
		writeSection('reads-by-id', lines);
	} finally {
		await sandbox.close();
	}
}

runBench(main);
