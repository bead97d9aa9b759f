/**
 * Poll time of the New Bid trigger against the 100,000-bid seed, next to a raw client reading
 * the same list. Sandbox and client share the process (as in the tests), so every figure
 * includes the sandbox's own work. No assertion on time: the figures are printed and written.
 *
 * The trigger runs as a node added today (Include Estate and Agent on): right after new bids it makes the list call plus one sales-report call per distinct
 * estate of the new bids. So "right after new bids" has two baselines: the raw GET of the list
 * alone, and the raw GET plus the same report calls (made at once, as the poll makes them);
 * the gap between the two is the details' wire cost, which a raw GET does not pay. The raw client
 * reads the reports of the poll's latest two new bids, so both make the same number of calls.
 *
 * Fairness: each timed step starts after a full garbage collection, so no step pays for the
 * garbage of the one before (without it, collections fell on every second step of a round and
 * decided the medians); the raw client and the poll swap order every round; every "new" step
 * follows its own new bid, so each pays the sandbox's re-sort of the list once; the bench
 * checks that the poll's list call is the raw GET's (path, query, Accept) from the sandbox's
 * request log, counts the poll's calls, and that each poll emits exactly its two new bids. The
 * raw client's new bid is one of another office (M40099), so it re-sorts the sandbox's list
 * without being a new bid of the poll.
 *
 * Run: npm run bench -- trigger-poll (BENCH_BIDS, BENCH_ROUNDS to change the size).
 */
import axios from 'axios';
import type { IDataObject } from 'n8n-workflow';

import { EstateBrokerTrigger } from '../nodes/EstateBrokerTrigger/EstateBrokerTrigger.node';
import { startSandbox } from '../sandbox/src';
import { pollNode } from '../test/harness/engine';
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

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 21);
const CUSTOMER = 'M30011';
/** An office outside M30011's scope. */
const OTHER_OFFICE = 'M40099';
const LIST = `/CRM/Bids/${CUSTOMER}`;
const REPORT = '/BusinessIntelligence/GetSalesReportForEstate';

interface Logged {
	method: string;
	path: string;
	query: Record<string, unknown>;
	headers: Record<string, unknown>;
}

async function main(): Promise<void> {
	const bids = Number(process.argv[2] ?? 100_000);
	const seeded = performance.now();
	const sandbox = await startSandbox({ port: 0, scale: { bids } });
	console.log(`sandbox seeded with ${bids} bids in ${ms(performance.now() - seeded)}`);
	const credentials = {
		baseUrl: sandbox.url,
		username: 'demo',
		password: 'demo-password',
		apiKey: 'demo-api-key',
		apiKeyHeader: 'X-Api-Key',
		customerId: CUSTOMER,
	};
	const auth = { username: 'demo', password: 'demo-password' };
	const control = async <T>(method: 'get' | 'post' | 'delete', name: string, body?: object) =>
		(await axios.request<T>({ method, url: `${sandbox.url}/__sandbox/${name}`, data: body })).data;
	const newBids = async (customerId: string, count: number) =>
		(await control<{ bids: string[] }>('post', 'activity', { customerId, bids: count })).bids;
	try {
		const nodeType = new EstateBrokerTrigger();
		const staticData: IDataObject = {};
		const poll = async () =>
			await pollNode({
				nodeType,
				parameters: { event: 'newBid' },
				credentials,
				staticData,
				mode: 'trigger',
			});

		// The raw client: one GET of the list, then (when it has new bids) the sales report of each of their estates, at once.
		let listed = 0;
		let bytes = 0;
		const rawClient = async (fresh: string[]) => {
			const t0 = performance.now();
			const response = await axios.get<IDataObject[]>(`${sandbox.url}${LIST}`, {
				auth,
				headers: { Accept: 'application/json' },
			});
			const listTime = performance.now() - t0;
			listed = response.data.length;
			bytes = Number(response.headers['content-length'] ?? 0);
			const wanted = new Set(fresh);
			const estates = [
				...new Set(
					response.data
						.filter((bid) => wanted.has(String(bid.id)))
						.map((bid) => String(bid.estateId)),
				),
			];
			if (estates.length < (fresh.length > 0 ? 1 : 0))
				throw new Error('the raw client did not find its new bids in the list');
			await Promise.all(
				estates.map(
					async (estateId) =>
						await axios.get(`${sandbox.url}${REPORT}`, {
							auth,
							params: { customerId: CUSTOMER, estateId },
							headers: { Accept: 'application/json' },
						}),
				),
			);
			return { listTime, allTime: performance.now() - t0, reports: estates.length };
		};
		const timed = async <T>(step: () => Promise<T>) => {
			collectGarbage();
			const t0 = performance.now();
			const result = await step();
			return { result, time: performance.now() - t0 };
		};

		// The raw client fetches the details of the poll's latest two new bids: the same number of report calls.
		let latest = await newBids(CUSTOMER, 2);
		const t0 = performance.now();
		const first = await poll();
		if (first.error) throw first.error;
		const firstPoll = performance.now() - t0;

		const rawList: number[] = [];
		const rawWithReports: number[] = [];
		const pollNew: number[] = [];
		const rawIdle: number[] = [];
		const pollIdle: number[] = [];
		const reportCalls: number[] = [];
		const rawReports: number[] = [];
		let pollListCall: Logged | undefined;
		let rawListCall: Logged | undefined;
		for (let round = 0; round < ROUNDS; round++) {
			const rawStep = async () => {
				// A bid of another office: the sandbox re-sorts the list as after any new bid, and the poll's two stay its only new ones.
				await newBids(OTHER_OFFICE, 1);
				await control('delete', 'requests');
				const { result, time } = await timed(async () => await rawClient(latest));
				rawListCall ??= (await control<Logged[]>('get', 'requests')).find(
					(call) => call.path === LIST,
				);
				rawList.push(result.listTime);
				rawWithReports.push(time);
				rawReports.push(result.reports);
			};
			const pollStep = async () => {
				const made = await newBids(CUSTOMER, 2);
				await control('delete', 'requests');
				const { result: run, time } = await timed(poll);
				const emitted = (run.items?.[0] ?? []).map((item) => String(item.json.id)).sort();
				if (run.error || JSON.stringify(emitted) !== JSON.stringify([...made].sort()))
					throw new Error(
						`expected the two new bids, got ${run.error?.message ?? emitted.join(', ')}`,
					);
				const calls = await control<Logged[]>('get', 'requests');
				const lists = calls.filter((call) => call.path === LIST);
				if (lists.length !== 1)
					throw new Error(`expected one list call per poll, got ${lists.length}`);
				pollListCall = lists[0];
				reportCalls.push(calls.filter((call) => call.path === REPORT).length);
				pollNew.push(time);
				latest = made;
			};
			const idleSteps = [
				async () => rawIdle.push((await timed(async () => await rawClient([]))).time),
				async () => {
					const { result: run, time } = await timed(poll);
					if (run.items !== null) throw new Error('expected nothing new');
					pollIdle.push(time);
				},
			];
			const order = round % 2 === 0 ? [rawStep, pollStep] : [pollStep, rawStep];
			for (const step of order) await step();
			for (const step of round % 2 === 0 ? idleSteps : [...idleSteps].reverse()) await step();
		}
		const sameCall = (a?: Logged, b?: Logged) =>
			a &&
			b &&
			a.method === b.method &&
			a.path === b.path &&
			JSON.stringify(a.query) === JSON.stringify(b.query) &&
			a.headers.accept === b.headers.accept;
		if (!sameCall(pollListCall, rawListCall))
			throw new Error(
				`the poll's list call differs from the raw GET: ${JSON.stringify(pollListCall)} vs ${JSON.stringify(rawListCall)}`,
			);
		const reports = `${median(reportCalls)} report call${median(reportCalls) === 1 ? '' : 's'}`;
		const lines = [
			`## Trigger poll on ${bids} bids (New Bid, with Include Estate and Agent; ${ROUNDS} alternated rounds, medians; n8n-core PollContext, sandbox in the same process)`,
			'',
			"| Measure | Trigger poll | Baseline | Ratio (of medians; in brackets the median of the rounds' own ratios) |",
			'|---|---|---|---|',
			`| Right after 2 new bids (1 list call + ${reports}) | ${figure(pollNew)} | one raw GET of the same list: ${figure(rawList)} | ${ratio(pollNew, rawList)} |`,
			`| Right after 2 new bids, same calls | ${figure(pollNew)} | raw GET of the list + the sales report of each new bid's estate, at once (median ${median(rawReports)}): ${figure(rawWithReports)} | ${ratio(pollNew, rawWithReports)} |`,
			`| Nothing new (1 list call) | ${figure(pollIdle)} | one raw GET of the same list: ${figure(rawIdle)} | ${ratio(pollIdle, rawIdle)} |`,
			'',
			`The list: ${listed} bids, ${(bytes / 1e6).toFixed(1)} MB of JSON, the same call for both (${pollListCall!.method} ${LIST}, Accept ${String(pollListCall!.headers.accept)}). ` +
				`Each timed step starts after a full garbage collection; the raw client and the poll swap order every round; each "new" step follows its own new bid (the raw client's of another office, so the poll's two stay its only new ones). ` +
				`First poll (records where it stands, emits nothing; the trigger's first request in the process, so cold): ${ms(firstPoll)}. Static data after the polls: ${Buffer.byteLength(JSON.stringify(staticData))} bytes.`,
			'',
			`Machine at the end: ${machineLine()}.`,
		];
		for (const line of lines) console.log(line);
		writeSection('trigger-poll', lines);
	} finally {
		await sandbox.close();
	}
}

runBench(main);
