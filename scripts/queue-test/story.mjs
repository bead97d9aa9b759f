// The trigger story of the queue-mode test (scripts/queue-test.sh), one step per call; the
// shell script kills and restarts processes between steps. The New Bid trigger polls on the
// main instance; its executions run on two workers (concurrency 1 each) and read the bid
// through the Bid node, a request the sandbox can hold (a `hold` fault) so an execution is
// caught mid-run without any timing. Which worker ran an execution: the workers' logs
// ("Worker started execution N"). State between steps: a JSON file.
//
//   node story.mjs <step> <state file>      steps: spread, hold-one, after-kill, bid, after-restart, tally,
//                                           examples (after scripts/e2e/stories.mjs live ran them), notifications
// Environment: N8N_URL (main), SANDBOX_URL, WORKFLOW_ID, OWNER_EMAIL, OWNER_PASSWORD,
// WORKER_LOGS ("worker-1=<log>,worker-2=<log>").
import fs from 'node:fs';

import {
	check,
	editorSession,
	executionsOf,
	failureCount,
	nodeItems,
	sandboxRequests,
} from '../install-test/checks.mjs';

const env = process.env;
const CUSTOMER = 'M30011';
const TRIGGER = 'New Bid';
const DETAILS = 'Bid Details';
// Generous: polls come once a minute, and a loaded machine is slow; never a reason to fail.
const POLL_DEADLINE_S = 300;

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
async function until(what, seconds, probe) {
	for (let i = 0; i < seconds; i++) {
		const value = await probe();
		if (value) return value;
		await sleep(1000);
	}
	throw new Error(`gave up after ${seconds} s waiting for ${what}`);
}

async function control(method, path, body) {
	const res = await fetch(`${env.SANDBOX_URL}/__sandbox${path}`, {
		method,
		headers: body === undefined ? {} : { 'content-type': 'application/json' },
		body: body === undefined ? undefined : JSON.stringify(body),
	});
	if (!res.ok) throw new Error(`sandbox ${method} ${path} answered ${res.status}`);
	return res.status === 204 ? null : await res.json();
}

/** One new bid in the office the credential uses. */
async function makeBid() {
	const { bids } = await control('POST', '/activity', { bids: 1, customerId: CUSTOMER });
	return bids[0];
}
// Every request of the Bid node waits in the sandbox until released: the execution is mid-run.
const hold = () => control('POST', '/faults', { kind: 'hold', share: 1, pathPrefix: '/CRM/Bid/' });
const release = () => control('DELETE', '/faults');

const detailsPath = (bid) => `/CRM/Bid/${CUSTOMER}/${bid}`;
async function detailRequests(bid) {
	return (await sandboxRequests(env.SANDBOX_URL)).filter(
		(r) => r.method === 'GET' && r.path === detailsPath(bid),
	);
}

/** Execution id -> the workers that started it, from their logs. */
function startedBy() {
	const started = new Map();
	for (const pair of env.WORKER_LOGS.split(',')) {
		const [worker, file] = pair.split('=');
		const text = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '';
		for (const [, id] of text.matchAll(/Worker started execution (\d+) \(job/g))
			started.set(id, [...(started.get(id) ?? []), worker]);
	}
	return started;
}

const readState = (file) =>
	fs.existsSync(file)
		? JSON.parse(fs.readFileSync(file, 'utf8'))
		: { bids: [], notes: {}, carried: {} };
const writeState = (file, state) => fs.writeFileSync(file, JSON.stringify(state, null, 2));

async function session() {
	return await editorSession(env.N8N_URL, env.OWNER_EMAIL, env.OWNER_PASSWORD);
}

/** Executions of the workflow in any state (running ones too), newest first. */
async function allExecutions(editor) {
	const filter = encodeURIComponent(JSON.stringify({ workflowId: env.WORKFLOW_ID }));
	const list = await editor.get(`/rest/executions?filter=${filter}&limit=100`);
	return list.data.results ?? list.data;
}

/** The bids an execution started with: the trigger's items, run or (crashed before running) still queued. */
function bidsOf(execution) {
	const ran = nodeItems(execution.runData, TRIGGER);
	const queued =
		execution.data?.executionData?.nodeExecutionStack?.find((entry) => entry.node?.name === TRIGGER)
			?.data?.main?.[0] ?? [];
	return (ran.length > 0 ? ran : queued.map((item) => item.json)).map((item) => item.id);
}

/**
 * A new bid, and the execution that reads it held mid-run: which execution, on which worker.
 * The hold must be on. The execution is found as the one started since `before`.
 */
async function bidHeldMidRun(label, state) {
	const before = new Set(startedBy().keys());
	const bid = await makeBid();
	state.bids.push({ bid, label });
	await until(`the ${label} bid ${bid} to be read on a worker`, POLL_DEADLINE_S, async () =>
		(await detailRequests(bid)).some((r) => r.status === 0),
	);
	const started = await until(`a worker's log to name the execution of ${bid}`, 60, async () => {
		const fresh = [...startedBy()].filter(([id]) => !before.has(id));
		return fresh.length > 0 ? fresh : undefined;
	});
	const [execution, [worker]] = started[0];
	// n8n's own record of the running execution: the items the trigger handed it.
	const running = (await executionsOf(await session(), env.WORKFLOW_ID, { all: true })).find(
		(e) => e.id === execution,
	);
	const carried = running ? bidsOf(running) : [];
	state.carried[execution] = carried;
	check(
		`the ${label} bid ${bid} started one execution (${execution}, carrying only it), on one worker (${worker})`,
		started.length === 1 &&
			started[0][1].length === 1 &&
			JSON.stringify(carried) === JSON.stringify([bid]),
		`started ${JSON.stringify(started)}, execution ${execution} carried ${JSON.stringify(carried)}`,
	);
	return { bid, execution, worker };
}

/** Two bids in two polls, each read held on a worker with one slot: the second must go to the other. */
async function spread(file) {
	const state = readState(file);
	await hold();
	const first = await bidHeldMidRun('first', state);
	const second = await bidHeldMidRun('second', state);
	await release();
	console.log(
		`bid ${first.bid}: execution ${first.execution} on ${first.worker}; bid ${second.bid}: execution ${second.execution} on ${second.worker}`,
	);
	check(
		'the two executions ran on different workers (the first held the only slot of its worker)',
		first.worker !== second.worker,
		`${first.worker} and ${second.worker}`,
	);
	// A third, not held: whichever worker is free.
	const third = await makeBid();
	state.bids.push({ bid: third, label: 'third' });
	const editor = await session();
	await until(
		`the executions of ${first.bid}, ${second.bid} and ${third} to finish`,
		POLL_DEADLINE_S,
		async () => {
			const done = (await executionsOf(editor, env.WORKFLOW_ID))
				.filter((e) => e.status === 'success')
				.flatMap(bidsOf);
			return [first.bid, second.bid, third].every((bid) => done.includes(bid));
		},
	);
	const executions = await executionsOf(editor, env.WORKFLOW_ID);
	for (const { bid, execution } of [first, second]) {
		const run = executions.find((e) => e.id === execution);
		const details = run ? nodeItems(run.runData, DETAILS) : [];
		check(
			`execution ${execution} carried bid ${bid} alone and read its details on the worker`,
			run?.status === 'success' &&
				JSON.stringify(bidsOf(run)) === JSON.stringify([bid]) &&
				details.length === 1 &&
				details[0].id === bid,
			run
				? `status ${run.status}, bids ${bidsOf(run)}, details ${JSON.stringify(details).slice(0, 200)}`
				: 'not found',
		);
	}
	const thirdRun = executions.find((e) => bidsOf(e).includes(third));
	console.log(
		`bid ${third}: execution ${thirdRun.id} on ${(startedBy().get(thirdRun.id) ?? ['?']).join(', ')}`,
	);
	writeState(file, state);
}

/** A bid read held on a worker; prints the worker's name for the shell to kill it. */
async function holdOne(file) {
	const state = readState(file);
	await hold();
	const held = await bidHeldMidRun('fourth', state);
	state.notes.kill = held;
	writeState(file, state);
	console.log(`KILL ${held.worker}`);
	console.log(`bid ${held.bid}: execution ${held.execution} held mid-run on ${held.worker}`);
}

/** What n8n does with the execution the killed worker held: watched until it is settled. */
async function afterKill(file) {
	const state = readState(file);
	const { bid, execution, worker } = state.notes.kill;
	const editor = await session();
	const survivors = () => (startedBy().get(execution) ?? []).filter((w) => w !== worker);
	let released = false;
	const settled = await until(
		`execution ${execution} to be settled after ${worker} was killed`,
		POLL_DEADLINE_S,
		async () => {
			// Picked up again: its request arrives anew and would wait on the hold; let it through.
			if (!released && survivors().length > 0) {
				await release();
				released = true;
			}
			const summary = (await allExecutions(editor)).find((e) => String(e.id) === execution);
			return summary && !['new', 'running', 'waiting'].includes(summary.status)
				? summary
				: undefined;
		},
	);
	await release();
	const full = (await executionsOf(editor, env.WORKFLOW_ID, { all: true, limit: 100 })).find(
		(e) => e.id === execution,
	);
	const again = survivors();
	const requests = await detailRequests(bid);
	const seconds = Math.round(
		(Date.parse(settled.stoppedAt ?? new Date().toISOString()) -
			Date.parse(settled.startedAt ?? settled.createdAt)) /
			1000,
	);
	state.notes.kill.outcome = {
		status: settled.status,
		error: full?.error?.message ?? null,
		startedAgainBy: again,
		detailRequests: requests.length,
		secondsToSettle: seconds,
	};
	writeState(file, state);
	const story =
		again.length > 0
			? `picked up again by ${again.join(', ')} and ended "${settled.status}"`
			: `not run again; n8n marked it "${settled.status}"${full?.error?.message ? ` ("${full.error.message}")` : ''}`;
	console.log(
		`worker kill: execution ${execution} (bid ${bid}) held by ${worker} when it was killed: ${story}, ${seconds} s after it started; the sandbox saw ${requests.length} request(s) for the bid`,
	);
	check(
		`the execution the killed worker held ended in a final state (${settled.status}), not left running`,
		['success', 'error', 'crashed', 'canceled'].includes(settled.status),
		settled.status,
	);
}

/** A bid made now (while the main instance is down). */
async function bid(file) {
	const state = readState(file);
	const made = await makeBid();
	check(
		`bid ${made} made while the main instance was down`,
		/^B\d+$/.test(made) && !state.bids.some((b) => b.bid === made),
		JSON.stringify(state.bids),
	);
	state.bids.push({ bid: made, label: 'made while the main instance was down' });
	writeState(file, state);
}

/** After the restart: the bids made meanwhile arrive; one more poll follows (the tally then shows nothing came twice). */
async function afterRestart(file) {
	const state = readState(file);
	const waiting = state.bids.filter((b) => b.label.includes('down')).map((b) => b.bid);
	const editor = await session();
	const emitted = async () =>
		(await executionsOf(editor, env.WORKFLOW_ID))
			.filter((e) => e.status === 'success')
			.flatMap(bidsOf);
	await until(
		`the bids made while the main instance was down (${waiting.join(', ')})`,
		POLL_DEADLINE_S,
		async () => {
			const seen = await emitted();
			return waiting.every((b) => seen.includes(b));
		},
	);
	// One more completed poll after that: a bid repeated by the restarted trigger would show.
	const polls = async () =>
		(await sandboxRequests(env.SANDBOX_URL)).filter(
			(r) => r.method === 'GET' && r.path === `/CRM/Bids/${CUSTOMER}` && r.status === 200,
		).length;
	const seen = await polls();
	await until(
		'one more poll of the restarted main instance',
		200,
		async () => (await polls()) >= seen + 1,
	);
	const arrived = await emitted();
	check(
		`main restart: the bids made while it was down (${waiting.join(', ')}) arrived after it started again, each once (${seen + 1} polls so far)`,
		waiting.every((b) => arrived.filter((x) => x === b).length === 1),
		`emitted: ${arrived.join(', ')}`,
	);
}

/** Every bid made: in exactly one execution; every execution: bids made by the test only. */
async function tally(file) {
	const state = readState(file);
	const editor = await session();
	const executions = await executionsOf(editor, env.WORKFLOW_ID, { all: true, limit: 100 });
	const started = startedBy();
	// n8n replaces the data of an execution lost with its worker by the error alone: what it
	// carried is taken from n8n's record of it while it ran (state.carried).
	const carriedBy = (execution) =>
		bidsOf(execution).length > 0 ? bidsOf(execution) : (state.carried[execution.id] ?? []);
	const wiped = (execution) =>
		bidsOf(execution).length === 0 && state.carried[execution.id] !== undefined;
	console.log('executions of the New Bid workflow (oldest first):');
	for (const execution of [...executions].reverse()) {
		const bids = `${carriedBy(execution).join(', ') || '(none)'}${wiped(execution) ? ' (as seen while it ran; n8n kept only the error)' : ''}`;
		console.log(
			`  execution ${execution.id}: ${execution.status}, bids ${bids}, run by ${(started.get(execution.id) ?? ['no worker']).join(' then ')}`,
		);
	}
	const made = state.bids.map((b) => b.bid);
	console.log('executions per bid:');
	for (const { bid: made1, label } of state.bids) {
		const carrying = executions.filter((e) => carriedBy(e).includes(made1));
		console.log(
			`  ${made1} (${label}): ${carrying.length} execution(s) ${carrying.map((e) => `#${e.id}`).join(', ')}`,
		);
		check(
			`bid ${made1} (${label}) was emitted in exactly one execution`,
			carrying.length === 1,
			`${carrying.length} executions`,
		);
	}
	const foreign = executions.flatMap(carriedBy).filter((b) => !made.includes(b));
	check(
		'no execution carried a bid the test did not make (nothing old emitted again)',
		foreign.length === 0,
		foreign.join(', '),
	);
	const empty = executions.filter((e) => carriedBy(e).length === 0).map((e) => e.id);
	check(
		'every execution started with at least one bid',
		empty.length === 0,
		`without: ${empty.join(', ')}`,
	);
	const workers = new Set([...started.values()].flat());
	console.log(
		`workers used: ${[...workers].sort().join(', ')} (${[...started].length} executions started)`,
	);
	check('both workers ran executions', workers.size === 2, [...workers].join(', '));
}

/** The examples' executions (scripts/e2e/stories.mjs live ran them): each started by a worker. */
async function examples() {
	const editor = await session();
	const started = startedBy();
	const workflows = {
		'lead routing': 'estExampleLeadRouting',
		'opt-out sync (webhook)': 'estExampleOptOutSync',
		'New Bid watch of the e2e test': 'estE2eNewBidWatch',
	};
	for (const [name, id] of Object.entries(workflows)) {
		const filter = encodeURIComponent(JSON.stringify({ workflowId: id }));
		const list = (await editor.get(`/rest/executions?filter=${filter}&limit=100`)).data;
		const runs = (list.results ?? list).slice().reverse();
		const where = runs.map(
			(e) =>
				`#${e.id} ${e.status} on ${(started.get(String(e.id)) ?? ['no worker']).join(' then ')}`,
		);
		console.log(`${name}: ${where.join('; ') || 'no executions'}`);
		check(
			`${name}: every execution ran on a worker (${runs.length})`,
			runs.length > 0 && runs.every((e) => (started.get(String(e.id)) ?? []).length === 1),
			where.join('; ') || 'no executions',
		);
	}
}

/**
 * Notifications in queue mode: the sandbox notifies six contact changes to the main instance's
 * production URL; each answer comes at once (the execution only queued), each change runs in
 * exactly one execution (a 10 s workflow, scripts/e2e/workflows/notificationCount.json),
 * started by one worker.
 */
async function notifications() {
	const editor = await session();
	const workflowId = 'estE2eNotificationCount';
	// The secret of the notification secret credential the workflow names (scripts/e2e/setup.sh).
	if (!env.E2E_NOTIFICATION_SECRET) throw new Error('E2E_NOTIFICATION_SECRET is not set');
	const url = (secret) =>
		`${env.N8N_URL}/webhook/7d4e9a63-5c32-4e77-9b2a-9c3f4e0000a1/notification?secret=${secret}`;
	await until(
		'the notification webhook on the main instance (401 to a wrong secret)',
		120,
		async () =>
			(
				await fetch(url('wrong-secret-000000000000000'), {
					method: 'POST',
					body: '{}',
					headers: { 'content-type': 'application/json' },
				})
			).status === 401,
	);
	await control('POST', '/subscriptions', {
		name: 'Queue contacts',
		url: url(env.E2E_NOTIFICATION_SECRET),
		customerId: CUSTOMER,
		targets: ['Contact'],
		timeoutMs: 30_000,
	});
	const changed = (await control('POST', '/activity', { contactChanges: 6, customerId: CUSTOMER }))
		.contacts.changed;
	const deliveries = (await control('GET', '/deliveries?settled=true')).deliveries;
	check(
		`notifications: the main instance answered all ${deliveries.length} at once (max ${Math.max(...deliveries.map((d) => d.ms))} ms)`,
		deliveries.length === 6 && deliveries.every((d) => d.outcome === 'delivered'),
		JSON.stringify(deliveries.map((d) => [d.status, d.outcome, d.ms])),
	);
	const runs = await until(
		'six finished executions of the notification workflow',
		240,
		async () => {
			const list = await executionsOf(editor, workflowId, { all: true, limit: 50 });
			return list.length >= 6 && list.every((e) => e.status === 'success') ? list : undefined;
		},
	);
	const started = startedBy();
	const held = runs.map((e) => nodeItems(e.runData, 'Contact Changed').map((item) => item.id));
	const where = runs.map(
		(e) => `#${e.id} on ${(started.get(String(e.id)) ?? ['no worker']).join(' then ')}`,
	);
	console.log(`notification executions: ${where.join('; ')}`);
	check(
		`notifications: each of the ${changed.length} changes ran in exactly one execution, each started by one worker`,
		runs.length === 6 &&
			held.every((ids) => ids.length === 1) &&
			JSON.stringify(held.flat().sort()) === JSON.stringify(changed.slice().sort()) &&
			runs.every((e) => (started.get(String(e.id)) ?? []).length === 1),
		`${where.join('; ')}; items ${JSON.stringify(held)}`,
	);
}

const steps = {
	spread,
	'hold-one': holdOne,
	'after-kill': afterKill,
	bid,
	'after-restart': afterRestart,
	tally,
	examples,
	notifications,
};
const [step, file] = process.argv.slice(2);
if (!steps[step] || !file) {
	console.error(`usage: node story.mjs <${Object.keys(steps).join('|')}> <state file>`);
	process.exitCode = 2;
} else {
	try {
		await steps[step](file);
	} catch (error) {
		check(`queue story: ${step}`, false, error.message);
	}
	process.exitCode = failureCount() > 0 ? 1 : 0;
}
