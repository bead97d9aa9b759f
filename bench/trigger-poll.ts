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
import { machineLine, writeSection } from './results';

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
		const ratio = (a: number[], b: number[]) => (median(a) / median(b)).toFixed(2);
		const lines = [
			`## Trigger poll on ${bids} bids (${ROUNDS} alternated rounds, medians; n8n-core ${'PollContext'}, sandbox in the same process)`,
			'',
			'| Measure | Trigger poll | One raw GET of the same list | Ratio |',
			'|---|---|---|---|',
			`| Right after new bids | ${figure(withNew)} | ${figure(plainNew)} | ${ratio(withNew, plainNew)}× |`,
			`| Nothing new | ${figure(withoutNew)} | ${figure(plainIdle)} | ${ratio(withoutNew, plainIdle)}× |`,
			'',
			`The list: ${listed} bids, ${(bytes / 1e6).toFixed(1)} MB of JSON. First poll (records where it stands, emits nothing): ${ms(firstPoll)}. Static data after the polls: ${Buffer.byteLength(JSON.stringify(staticData))} bytes.`,
			'',
			`Machine at the end: ${machineLine()}.`,
		];
		for (const line of lines) console.log(line);
		writeSection('trigger-poll', lines);
	} finally {
		await sandbox.close();
	}
}

main().catch((error: unknown) => {
	console.error(error);
	process.exitCode = 1;
});
