/**
 * The notification trigger's answer time in the real n8n (the machine-wide cache,
 * scripts/cache-dir.sh; the package staged as a custom extension, so its nodes are CUSTOM.*): BENCH_NOTIFICATIONS (1,000) notifications, BENCH_AT_ONCE (20) at once,
 * to a published workflow whose every execution takes a second (a Wait node) and then reports
 * the notification's id to this bench. Baseline in the same run: n8n's own Webhook node
 * (Respond Immediately) with the same one-second workflow, sent the same way, alternating in
 * blocks of 100. Figures: p50 and p99 of the answer times (the service allows 2 s; the goal is
 * p99 under 200 ms), the ratio to the baseline, and how many executions reported back (none
 * lost); then good notifications one at a time during a flood of wrong secrets. Four setups: n8n as installed;
 * N8N_EXPRESSION_ENGINE_LAZY_ACQUIRE=true; queue mode without and with it
 * (bench/queue-n8n.sh: Postgres, Redis, a main instance taking the webhooks, one worker running
 * the executions). No assertion on time: the figures are printed and written to bench/results.md.
 *
 * Run: npm run bench -- notifications
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';

import { n8nShell } from './n8nShell';
import { machineLine, writeSection } from './results';

const root = path.resolve(__dirname, '..');
const home = path.join(root, '.cache', 'bench-notify-home');
const COUNT = Number(process.env.BENCH_NOTIFICATIONS ?? 1000);
const AT_ONCE = Number(process.env.BENCH_AT_ONCE ?? 20);
const BLOCK = 100;
// Not 6000: Node's fetch refuses it (a "bad port" of the Fetch standard, X11).
const PORTS = (process.env.BENCH_N8N_PORTS ?? '5700 5750')
	.split(/\s+/)
	.map(Number)
	.filter((port) => port > 0)
	.join(' ');
const SECRET = 'benchNotificationSecret0123456789';
const TRIGGER_HOOK = '0b3c1d2e-4f50-4a6b-8c7d-9e0f1a2b3c01';
const BASELINE_HOOK = '0b3c1d2e-4f50-4a6b-8c7d-9e0f1a2b3c02';

const sh = n8nShell(home, PORTS);

/** Where each execution reports the id it started with, once its second of work is done. */
async function startCounter() {
	const done = new Map<string, number>();
	const server = http.createServer((request, response) => {
		const chunks: Buffer[] = [];
		request.on('data', (chunk: Buffer) => chunks.push(chunk));
		request.on('end', () => {
			const { id } = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as { id?: string };
			if (id) done.set(id, (done.get(id) ?? 0) + 1);
			response.writeHead(200).end('{}');
		});
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	return {
		done,
		url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/done`,
		close: () => new Promise<void>((resolve) => server.close(() => resolve())),
	};
}

function workflows(counterUrl: string) {
	const wait = {
		name: 'One Second of Work',
		type: 'n8n-nodes-base.wait',
		typeVersion: 1.1,
		position: [220, 0],
		webhookId: '0b3c1d2e-4f50-4a6b-8c7d-9e0f1a2b3c03',
		parameters: { amount: 1, unit: 'seconds' },
	};
	const report = (id: string) => ({
		name: 'Report',
		type: 'n8n-nodes-base.httpRequest',
		typeVersion: 4.2,
		position: [440, 0],
		parameters: {
			method: 'POST',
			url: counterUrl,
			sendBody: true,
			specifyBody: 'json',
			jsonBody: `={{ JSON.stringify({ id: ${id} }) }}`,
			options: {},
		},
	});
	const flow = (id: string, trigger: Record<string, unknown>, idExpression: string) => ({
		id,
		name: id,
		nodes: [{ ...trigger, name: 'Notified', position: [0, 0] }, wait, report(idExpression)],
		connections: {
			Notified: { main: [[{ node: 'One Second of Work', type: 'main', index: 0 }]] },
			'One Second of Work': { main: [[{ node: 'Report', type: 'main', index: 0 }]] },
		},
		settings: { executionOrder: 'v1' },
		active: false,
	});
	return [
		flow(
			'benchNotifyTrig1',
			{
				type: 'CUSTOM.estateBrokerNotificationTrigger',
				typeVersion: 1.1,
				webhookId: TRIGGER_HOOK,
				parameters: { targets: ['Contact'], options: {} },
				credentials: {
					estateBrokerApi: { id: 'benchNotifyCred1', name: 'Bench broker' },
					estateBrokerNotificationSecretApi: {
						id: 'benchNotifySecret1',
						name: 'Bench notification secret',
					},
				},
			},
			"'pkg-' + $('Notified').item.json.id",
		),
		flow(
			'benchNotifyHook1',
			{
				type: 'n8n-nodes-base.webhook',
				typeVersion: 2,
				webhookId: BASELINE_HOOK,
				parameters: {
					httpMethod: 'POST',
					path: 'bench-notify-baseline',
					responseMode: 'onReceived',
					options: {},
				},
			},
			"'hook-' + $('Notified').item.json.body.id",
		),
	];
}

/** Each run's ids start with its own letter, so each run counts its own executions. */
const notification = (run: string, index: number) => ({
	name: 'Bench',
	type: 'Contact',
	event: 'Update',
	customerId: 'M30011',
	id: `${run}${String(index).padStart(6, '0')}`,
	subtype: 'Person',
	chainId: 'G2',
	tenantId: 'T1',
});

/** Sends notifications `from`..`to` to `url`, AT_ONCE at a time; answer times in ms, and the statuses that were not 2xx. */
async function send(
	run: string,
	url: string,
	from: number,
	to: number,
	times: number[],
	failures: string[],
	atOnce = AT_ONCE,
): Promise<void> {
	let next = from;
	const worker = async () => {
		while (next < to) {
			const index = next++;
			const body = notification(run, index);
			const query = new URLSearchParams(
				Object.entries(body).map(([name, value]): [string, string] => [name, String(value)]),
			).toString();
			const started = performance.now();
			try {
				const answer = await fetch(`${url}&${query}`, {
					method: 'POST',
					headers: { 'content-type': 'application/json' },
					body: JSON.stringify(body),
					signal: AbortSignal.timeout(10_000),
				});
				await answer.arrayBuffer();
				times.push(performance.now() - started);
				if (answer.status < 200 || answer.status >= 300)
					failures.push(`${index}: ${answer.status}`);
			} catch (error) {
				failures.push(`${index}: ${(error as Error).name}`);
			}
		}
	};
	await Promise.all(Array.from({ length: atOnce }, worker));
}

const FLOOD_GOOD = 100;

/**
 * Hostile: AT_ONCE senders of wrong secrets, without pause, while FLOOD_GOOD good notifications
 * come one at a time. The good ones' answer times; how the flood was answered (each must be
 * 401), its ids start with X so an execution it started would be counted.
 */
async function underFlood(
	run: string,
	triggerUrl: string,
	wrongUrl: string,
	times: number[],
	failures: string[],
): Promise<Map<number | string, number>> {
	const answered = new Map<number | string, number>();
	let flooding = true;
	let index = 0;
	const flooder = async () => {
		while (flooding) {
			const body = notification('X', index++);
			try {
				const answer = await fetch(wrongUrl, {
					method: 'POST',
					headers: { 'content-type': 'application/json' },
					body: JSON.stringify(body),
					signal: AbortSignal.timeout(10_000),
				});
				await answer.arrayBuffer();
				answered.set(answer.status, (answered.get(answer.status) ?? 0) + 1);
			} catch (error) {
				answered.set((error as Error).name, (answered.get((error as Error).name) ?? 0) + 1);
			}
		}
	};
	const flooders = Array.from({ length: AT_ONCE }, flooder);
	// Let the flood reach its pace first.
	await new Promise((resolve) => setTimeout(resolve, 2000));
	await send(`F${run}`, triggerUrl, 0, FLOOD_GOOD, times, failures, 1);
	flooding = false;
	await Promise.all(flooders);
	return answered;
}

const percentile = (values: number[], share: number) =>
	[...values].sort((a, b) => a - b)[
		Math.min(values.length - 1, Math.ceil(share * values.length) - 1)
	];
const ms = (value: number) => `${Math.round(value)} ms`;

/** Stops the process groups a run started, n8n's first (Postgres and Redis, if any, last). */
async function stop(pids: string[]): Promise<void> {
	for (const pid of [...pids].reverse()) await sh(`n8n_kill_group ${pid} 20`);
}

async function main(): Promise<void> {
	const counter = await startCounter();
	let pids: string[] = [];
	const lines: string[] = [];
	const say = (line: string) => {
		console.log(line);
		lines.push(line);
	};
	try {
		rmSync(home, { recursive: true, force: true });
		const files = path.join(home, 'import');
		mkdirSync(files, { recursive: true });
		const credentials = [
			{
				id: 'benchNotifyCred1',
				name: 'Bench broker',
				type: 'estateBrokerApi',
				data: {
					baseUrl: 'http://127.0.0.1:9',
					username: 'demo',
					password: 'demo-password',
					customerId: 'G2',
				},
			},
			{
				id: 'benchNotifySecret1',
				name: 'Bench notification secret',
				type: 'estateBrokerNotificationSecretApi',
				data: { secret: SECRET },
			},
		];
		writeFileSync(path.join(files, 'credentials.json'), JSON.stringify(credentials));
		workflows(counter.url).forEach((flow, index) =>
			writeFileSync(path.join(files, `wf${index}.json`), JSON.stringify(flow)),
		);
		for (const step of [
			'ensure_n8n && n8n_stage_extension',
			`n8n_cmd import:credentials --input="${files}/credentials.json"`,
			`n8n_cmd import:workflow --separate --input="${files}"`,
			'n8n_cmd publish:workflow --id=benchNotifyTrig1',
			'n8n_cmd publish:workflow --id=benchNotifyHook1',
		]) {
			const { code, stderr, stdout } = await sh(step);
			if (code !== 0)
				throw new Error(`${step} failed:\n${stdout.slice(-1500)}\n${stderr.slice(-1500)}`);
		}
		say(`## Notification trigger's answer time in n8n (${machineLine()})`);
		say('');
		say(
			`${COUNT} notifications to each workflow per run, ${AT_ONCE} at once, alternating blocks of ${BLOCK}; every execution waits 1 s, then reports its id here. Answer time: request sent to answer read, on loopback. Baseline: n8n's Webhook node (Respond Immediately) with the same workflow, in the same n8n. Then, hostile: good notifications one at a time while ${AT_ONCE} senders flood the same URL with wrong secrets.`,
		);
		say('');
		say(
			'| n8n setting | Receiver | p50 | p99 | max | executions reported (of those sent) | not 2xx, or no answer |',
		);
		say('|---|---|---|---|---|---|---|');
		// n8n 2.40 gives the webhook phase of every trigger but its own Webhook node a fresh, single-use
		// expression isolate (live-webhooks.ts webhookPhaseNeedsIsolate; pool of 1); lazy acquisition takes one only for an expression.
		// C, D: n8n's answer to many webhooks, queue mode: the main instance takes them, a worker runs the executions.
		const runs: Array<[string, string, Record<string, string>, 'queue'?]> = [
			['A', 'as installed', {}],
			[
				'B',
				'N8N_EXPRESSION_ENGINE_LAZY_ACQUIRE=true',
				{ N8N_EXPRESSION_ENGINE_LAZY_ACQUIRE: 'true' },
			],
			['C', 'queue mode (main + 1 worker), as installed', {}, 'queue'],
			[
				'D',
				'queue mode (main + 1 worker), lazy acquire',
				{ N8N_EXPRESSION_ENGINE_LAZY_ACQUIRE: 'true' },
				'queue',
			],
		];
		for (const [run, setting, env, mode] of runs) {
			const started =
				mode === 'queue'
					? await sh(
							`bash bench/queue-n8n.sh "${home}/queue-${run}" "${files}" benchNotifyTrig1 benchNotifyHook1`,
							env,
						)
					: await sh(
							`n8n_start_bg "${home}/n8n-${run}.log" && echo "PIDS $N8N_PID" && echo "URL $N8N_URL" && n8n_wait_ready 300`,
							env,
						);
			pids = /PIDS ([\d ]+)/.exec(started.stdout)?.[1].trim().split(' ') ?? [];
			const base = /URL (\S+)/.exec(started.stdout)?.[1] ?? '';
			if (started.code !== 0 || !base)
				throw new Error(
					`n8n did not start:\n${started.stdout.slice(-1500)}\n${started.stderr.slice(-1500)}`,
				);
			const triggerUrl = `${base}/webhook/${TRIGGER_HOOK}/notification?secret=${SECRET}`;
			const baselineUrl = `${base}/webhook/bench-notify-baseline?x=1`;
			// Published webhooks are registered shortly after n8n reports ready.
			for (let i = 0; i < 120; i++) {
				const probe = await fetch(
					`${base}/webhook/${TRIGGER_HOOK}/notification?secret=wrong-secret-0000000000000`,
					{ method: 'POST', body: '{}', headers: { 'content-type': 'application/json' } },
				);
				if (probe.status === 401) break;
				await new Promise((resolve) => setTimeout(resolve, 1000));
			}
			const trigger: number[] = [];
			const baseline: number[] = [];
			const failed = { trigger: [] as string[], baseline: [] as string[] };
			for (let from = 0; from < COUNT; from += BLOCK) {
				await send(run, triggerUrl, from, Math.min(COUNT, from + BLOCK), trigger, failed.trigger);
				await send(
					run,
					baselineUrl,
					from,
					Math.min(COUNT, from + BLOCK),
					baseline,
					failed.baseline,
				);
			}
			const flood = { times: [] as number[], failed: [] as string[] };
			const floodAnswers = await underFlood(
				run,
				triggerUrl,
				`${base}/webhook/${TRIGGER_HOOK}/notification?secret=wrong-secret-0000000000000`,
				flood.times,
				flood.failed,
			);
			// Every execution takes a second and then reports back; give the last ones time.
			const reported = (prefix: string) =>
				[...counter.done.keys()].filter((id) => id.startsWith(prefix)).length;
			for (
				let i = 0;
				i < 300 &&
				(reported(`pkg-${run}`) < COUNT ||
					reported(`hook-${run}`) < COUNT ||
					reported(`pkg-F${run}`) < FLOOD_GOOD);
				i++
			)
				await new Promise((resolve) => setTimeout(resolve, 1000));
			const row = (receiver: string, times: number[], prefix: string, failures: string[]) =>
				say(
					`| ${setting} | ${receiver} | ${ms(percentile(times, 0.5))} | ${ms(percentile(times, 0.99))} | ${ms(Math.max(...times))} | ${reported(prefix)} of ${COUNT} | ${failures.length}${failures.length ? ` (${failures.slice(0, 3).join(', ')})` : ''} |`,
				);
			row('Estate Broker Notification Trigger', trigger, `pkg-${run}`, failed.trigger);
			row("n8n's Webhook node (baseline)", baseline, `hook-${run}`, failed.baseline);
			say(
				`| ${setting} | ratio trigger / baseline | ${(percentile(trigger, 0.5) / percentile(baseline, 0.5)).toFixed(2)}× | ${(percentile(trigger, 0.99) / percentile(baseline, 0.99)).toFixed(2)}× | | | |`,
			);
			const floodTotal = [...floodAnswers.values()].reduce((sum, count) => sum + count, 0);
			const floodRow = `${FLOOD_GOOD} one at a time during a flood of ${floodTotal} wrong secrets (${AT_ONCE} at once; ${[...floodAnswers].map(([status, count]) => `${count} × ${status}`).join(', ')}; executions started by them: ${reported('pkg-X')})`;
			say(
				`| ${setting} | ${floodRow} | ${ms(percentile(flood.times, 0.5))} | ${ms(percentile(flood.times, 0.99))} | ${ms(Math.max(...flood.times))} | ${reported(`pkg-F${run}`)} of ${FLOOD_GOOD} | ${flood.failed.length} |`,
			);
			await stop(pids);
			pids = [];
		}
		const twice = [...counter.done.values()].filter((count) => count > 1).length;
		say('');
		say(
			`Executions that reported twice: ${twice}. Goal: p99 under 200 ms (a tenth of the service's 2 s), none lost.`,
		);
		writeSection('notification-webhook', lines);
	} finally {
		await stop(pids);
		rmSync(path.join(home, 'import', 'credentials.json'), { force: true });
		await counter.close();
	}
}

main().catch((error: Error) => {
	console.error(error.stack ?? error.message);
	process.exitCode = 1;
});
