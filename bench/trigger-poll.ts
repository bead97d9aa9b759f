/**
 * Poll time of the New Bid trigger against the 100,000-bid seed, next to one plain GET of the
 * same list. Sandbox and client share the process (as in the tests), so both figures include
 * the sandbox's own work. No assertion: the figures are printed.
 *
 * Run: bash scripts/with-node24.sh npx ts-node --transpile-only --prefer-ts-exts bench/trigger-poll.ts [bids]
 * (--prefer-ts-exts: the node's codex file EstateBrokerTrigger.node.json would otherwise win over the .ts)
 */
import axios from 'axios';
import type { IDataObject } from 'n8n-workflow';

import { EstateBrokerTrigger } from '../nodes/EstateBrokerTrigger/EstateBrokerTrigger.node';
import { startSandbox } from '../sandbox/src';
import { pollNode } from '../test/harness/engine';

const ROUNDS = 11;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const ms = (value: number) => `${value.toFixed(0)} ms`;

async function main(): Promise<void> {
	const bids = Number(process.argv[2] ?? 100_000);
	const seeded = performance.now();
	const sandbox = await startSandbox({ port: 0, scale: { bids } });
	console.log(`sandbox seeded with ${bids} bids in ${ms(performance.now() - seeded)}`);
	const credentials = { baseUrl: sandbox.url, username: 'demo', password: 'demo-password', apiKey: 'demo-api-key', apiKeyHeader: 'X-Api-Key', customerId: 'M30011' };
	const auth = { username: 'demo', password: 'demo-password' };
	try {
		// The sandbox caches the serialised list until the bids change, so each figure is taken
		// both right after a new bid (list serialised afresh) and with nothing new (cached).
		const plainNew: number[] = [];
		const plainIdle: number[] = [];
		let listed = 0;
		let bytes = 0;
		const plainGet = async () => {
			const t0 = performance.now();
			const response = await axios.get<IDataObject[]>(`${sandbox.url}/CRM/Bids/M30011`, { auth, headers: { Accept: 'application/json' } });
			listed = response.data.length;
			bytes = Number(response.headers['content-length'] ?? 0);
			return performance.now() - t0;
		};
		const figure = (values: number[]) => `median ${ms(median(values))} (min ${ms(Math.min(...values))}, max ${ms(Math.max(...values))})`;
		const nodeType = new EstateBrokerTrigger();
		const staticData: IDataObject = {};
		const poll = async () => await pollNode({ nodeType, parameters: { event: 'newBid' }, credentials, staticData, mode: 'trigger' });
		let t0 = performance.now();
		const first = await poll();
		if (first.error) throw first.error;
		const firstPoll = performance.now() - t0;
		const withNew: number[] = [];
		const withoutNew: number[] = [];
		// Baseline and poll alternate round by round, so load on the machine hits both alike.
		for (let round = 0; round < ROUNDS; round++) {
			await axios.post(`${sandbox.url}/__sandbox/activity`, { customerId: 'M30011', bids: 1 });
			plainNew.push(await plainGet());
			plainIdle.push(await plainGet());
			await axios.post(`${sandbox.url}/__sandbox/activity`, { customerId: 'M30011', bids: 1 });
			t0 = performance.now();
			const run = await poll();
			withNew.push(performance.now() - t0);
			if (run.error || run.items?.[0].length !== 2) throw new Error(`expected two new bids, got ${run.error?.message ?? run.items?.[0].length}`);
			t0 = performance.now();
			const idle = await poll();
			withoutNew.push(performance.now() - t0);
			if (idle.items !== null) throw new Error('expected nothing new');
		}
		console.log(`plain GET /CRM/Bids/M30011 (axios, Basic auth, JSON parsed): ${listed} bids, ${(bytes / 1e6).toFixed(1)} MB`);
		console.log(`  right after a new bid: ${figure(plainNew)}`);
		console.log(`  nothing new:           ${figure(plainIdle)}`);
		console.log(`trigger first poll (records where it stands, emits nothing): ${ms(firstPoll)}`);
		console.log('trigger poll (n8n PollContext, shared transport, state update):');
		console.log(`  new bids:              ${figure(withNew)}`);
		console.log(`  nothing new:           ${figure(withoutNew)}`);
		const ratio = (a: number[], b: number[]) => (median(a) / median(b)).toFixed(2);
		console.log(`ratio poll / plain GET: ${ratio(withNew, plainNew)} with new bids, ${ratio(withoutNew, plainIdle)} with nothing new`);
		console.log(`static data after the polls: ${Buffer.byteLength(JSON.stringify(staticData))} bytes`);
	} finally {
		await sandbox.close();
	}
}

main().catch((error: unknown) => {
	console.error(error);
	process.exitCode = 1;
});
