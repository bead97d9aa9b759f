/**
 * Listing reads: Estate Broker Estates › Estate › Get Many of 10,000 published estates with
 * Return Full Records (Return All, Simplify off, Include none) in n8n-core's engine, next to a
 * raw client (axios), n8n's request helper alone (n8nHelper.ts), and that helper asked for each
 * body as a stream (as the package asks, to bound the body's time and size) making the same
 * calls (the list's pages of 100, then each estate by id) with the same number in flight (5, the
 * credential's default Requests in Flight), each answer parsed, on fresh connections as n8n's
 * request helper opens them. Sandbox, engine and clients share the process, so every figure
 * includes the sandbox's own work. No assertion on time: the figures are printed and written to
 * bench/results.md. Goal: at most 1.15× n8n's helper alone.
 *
 * Fairness: each timed step starts after a full garbage collection, the four steps take every
 * place of a round in turn, and the bench checks that all made the same calls (the sandbox's
 * request log) and that the package gave every estate once. Each step's CPU time of
 * the process is printed beside its wall time: on a machine other work keeps busy the wall
 * time follows the load, the CPU time much less (it includes the sandbox's work, the same for
 * all three, so its ratios are nearer 1 than the package's own share).
 *
 * Run: npm run bench -- listings (BENCH_LISTINGS, BENCH_ROUNDS to change the size).
 */

import { EstateBrokerEstates } from '../nodes/EstateBrokerEstates/EstateBrokerEstates.node';
import { startSandbox } from '../sandbox/src';
import { runNode } from '../test/harness/engine';
import { AUTH, n8nHelperGet, rawClientGet } from './n8nHelper';
import { collectGarbage, figure, machineLine, ratio, runBench, writeSection } from './results';

const LISTINGS = Number(process.env.BENCH_LISTINGS ?? 10_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const IN_FLIGHT = 5;
const PAGE_SIZE = 100;
const CUSTOMER = 'M30011';

/** The same calls as the package with `get`: every page of the list, then each estate by id, 5 at once. */
async function sameCalls(baseUrl: string, get: (url: string) => Promise<unknown>): Promise<number> {
	const ids: string[] = [];
	for (let index = 0; ; index++) {
		const page = (await get(
			`${baseUrl}/Advertising/Estate/${CUSTOMER}?paging.pageSize=${PAGE_SIZE}&paging.pageIndex=${index}`,
		)) as { index: number; count: number; rows: Array<{ id: string }> };
		if (page.rows.length === 0) break;
		ids.push(...page.rows.map((row) => row.id));
		if (page.index + 1 >= page.count) break;
	}
	let read = 0;
	let next = 0;
	await Promise.all(
		Array.from({ length: IN_FLIGHT }, async () => {
			while (next < ids.length) {
				const id = ids[next++];
				await get(`${baseUrl}/Advertising/Estate/${CUSTOMER}/${encodeURIComponent(id)}`);
				read++;
			}
		}),
	);
	return read;
}

async function main(): Promise<void> {
	const sandbox = await startSandbox({ port: 0, scale: { listings: LISTINGS, bids: 200 } });
	try {
		const nodeType = new EstateBrokerEstates();
		const credentials = {
			baseUrl: sandbox.url,
			...AUTH,
			apiHeaderName: 'X-Api-Key',
			customerId: CUSTOMER,
			requestsInFlight: IN_FLIGHT,
		};
		const requests = async () =>
			((await (await fetch(`${sandbox.url}/__sandbox/requests/count`)).json()) as { count: number })
				.count;
		const clearRequests = async () =>
			await fetch(`${sandbox.url}/__sandbox/requests`, { method: 'DELETE' });
		let estates = 0;
		const read = async (limit?: number) =>
			await runNode({
				nodeType,
				parameters: {
					resource: 'estate',
					operation: 'getAll',
					returnAll: limit === undefined,
					...(limit === undefined ? {} : { limit }),
					returnFullRecords: true,
					simplify: false,
					include: [],
				},
				credentials,
			});
		const packageRead = async () => {
			const run = await read();
			if (run.error) throw run.error;
			estates = new Set(run.items.map((item) => String(item.json.id))).size;
			if (estates !== run.items.length || estates < LISTINGS)
				throw new Error(
					`expected at least ${LISTINGS} estates once each, got ${run.items.length} items`,
				);
		};
		const cpu = {
			pkg: [] as number[],
			raw: [] as number[],
			helper: [] as number[],
			streamed: [] as number[],
		};
		const timed = async (step: () => Promise<unknown>, cpuOf: number[]) => {
			collectGarbage();
			const t0 = performance.now();
			const cpu0 = process.cpuUsage();
			await step();
			const used = process.cpuUsage(cpu0);
			cpuOf.push((used.user + used.system) / 1000);
			return performance.now() - t0;
		};
		// Warm the package's path once (module loading, the sandbox's first answers): 100 estates.
		const warm = await read(100);
		if (warm.error) throw warm.error;

		const pkg: number[] = [];
		const raw: number[] = [];
		const helper: number[] = [];
		const streamed: number[] = [];
		let pkgCalls = 0;
		let rawCalls = 0;
		let helperCalls = 0;
		let streamedCalls = 0;
		const rawGet = rawClientGet(AUTH);
		const helperGet = n8nHelperGet(AUTH);
		const streamedGet = n8nHelperGet(AUTH, 'stream');
		for (let round = 0; round < ROUNDS; round++) {
			const steps = [
				async () => {
					await clearRequests();
					pkg.push(await timed(packageRead, cpu.pkg));
					pkgCalls = await requests();
				},
				async () => {
					await clearRequests();
					raw.push(await timed(async () => await sameCalls(sandbox.url, rawGet), cpu.raw));
					rawCalls = await requests();
				},
				async () => {
					await clearRequests();
					helper.push(await timed(async () => await sameCalls(sandbox.url, helperGet), cpu.helper));
					helperCalls = await requests();
				},
				async () => {
					await clearRequests();
					streamed.push(
						await timed(async () => await sameCalls(sandbox.url, streamedGet), cpu.streamed),
					);
					streamedCalls = await requests();
				},
			];
			// Each round another order: the steps rotated by one a round, so that every step takes
			// every place in turn (first, between two others, last), and every fourth round the
			// rotation runs backwards, so that each also follows each of the others.
			const shift = round % steps.length;
			const rotated = [...steps.slice(shift), ...steps.slice(0, shift)];
			const order = Math.floor(round / steps.length) % 2 === 0 ? rotated : rotated.reverse();
			for (const step of order) await step();
		}
		if (pkgCalls !== rawCalls || pkgCalls !== helperCalls || pkgCalls !== streamedCalls)
			throw new Error(
				`the package made ${pkgCalls} calls, the raw client ${rawCalls}, n8n's helper ${helperCalls}, n8n's helper reading streams ${streamedCalls}`,
			);
		const lines = [
			`## Listing reads: Estate › Get Many of ${estates} published estates with whole records (Return All, Simplify off; ${ROUNDS} alternated rounds, medians; n8n-core's engine, sandbox in the same process)`,
			'',
			"| Measure | Package | Baseline | Ratio (of medians; in brackets the median of the rounds' own ratios) |",
			'|---|---|---|---|',
			`| ${estates} estates, ${pkgCalls} calls (the list's pages of ${PAGE_SIZE}, then each estate by id, ${IN_FLIGHT} in flight) | ${figure(pkg)} | raw client (axios), the same ${rawCalls} calls ${IN_FLIGHT} at once on fresh connections, each answer parsed: ${figure(raw)} | ${ratio(pkg, raw)} |`,
			`| the same | ${figure(pkg)} | n8n's request helper alone (httpRequest of an n8n-core execute context, no package code), the same ${helperCalls} calls ${IN_FLIGHT} at once: ${figure(helper)} | ${ratio(pkg, helper)} |`,
			`| n8n's helper alone against the raw client | ${figure(helper)} | ${figure(raw)} | ${ratio(helper, raw)} |`,
			`| n8n's helper with each body as a stream, read to its end and parsed (as the package must ask for it, to bound the body's time and size), against n8n's helper alone | ${figure(streamed)} | ${figure(helper)} | ${ratio(streamed, helper)} |`,
			`| the package against n8n's helper reading streams: the package's own share | ${figure(pkg)} | ${figure(streamed)} | ${ratio(pkg, streamed)} |`,
			`| CPU time of the process (sandbox included), package against n8n's helper alone | ${figure(cpu.pkg)} | ${figure(cpu.helper)} | ${ratio(cpu.pkg, cpu.helper)} |`,
			`| CPU time, package against the raw client | ${figure(cpu.pkg)} | ${figure(cpu.raw)} | ${ratio(cpu.pkg, cpu.raw)} |`,
			'',
			"Each timed step starts after a full garbage collection; the four take every place in turn (rotated a round, the rotation backwards every fourth round); all made the same calls (the sandbox's request log). Goal: the package at most 1.15× n8n's helper alone.",
			'',
			`Machine at the end: ${machineLine()}.`,
		];
		for (const line of lines) console.log(line);
		writeSection('listings', lines);
	} finally {
		await sandbox.close();
	}
}

runBench(main);
