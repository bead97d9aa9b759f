// An office that closes without notice, in the real n8n (scripts/e2e.sh runs it beside the live
// stories; n8n started with scripts/e2e/workflows/closedOfficeWatch.json published: a New Bid
// trigger for office M30012, polling every minute). The sandbox refuses every call of M30012
// (its closedOffice fault, 403 as the live service answers) while bids are made there:
//   - after 5 refused calls the trigger stops calling: polls go on failing, each an execution
//     with the message that says refused 5 times, until when, what to check, and send nothing;
//   - the office opens (the fault lifted) during the pause; the first poll after the pause
//     succeeds and starts one execution with the bids made while it was closed, each once.
// Waits on what n8n and the sandbox show (ceilings of minutes: polls are a minute apart, the
// first pause is 2 minutes), never on a fixed time.
//   node closed-office.mjs <n8n url> <sandbox url>
import {
	check,
	editorSession,
	executionsOf,
	failureCount,
	nodeItems,
	sandboxRequests,
} from '../install-test/checks.mjs';
import { sandboxControl, waitFor } from './stories.mjs';

const [n8nUrl, sandboxUrl] = process.argv.slice(2);
const OWNER = {
	email: process.env.OWNER_EMAIL ?? 'owner@e2e.invalid',
	password: process.env.OWNER_PASSWORD ?? 'E2e-Owner-Pass-1',
};
const CLOSED = 'M30012';
const WORKFLOW = 'estE2eClosedOfficeWatch';
const TRIGGER = 'New Bid in Uppsala';
/** Refused calls in a row before the first pause (nodes/shared/transport/pause.ts). */
const CALLS_BEFORE_PAUSE = 5;
const PAUSED = new RegExp(
	`^The service refused customer ${CLOSED} ${CALLS_BEFORE_PAUSE} times in a row; calls for it are paused until \\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d:\\d\\d \\([^)]+\\), in [12] minutes?$`,
);
const say = (line) => console.log(`# ${line}`);

/** The sandbox's calls for the closed office, in the order they came. */
async function officeCalls() {
	const path = new RegExp(`^/[^?]*/${CLOSED}(/|$)`);
	return (await sandboxRequests(sandboxUrl)).filter((r) => path.test(r.path) && r.status !== 0);
}

/** One bid made in the closed office (the sandbox's control API is not the office's door). */
const makeBid = async () =>
	(await sandboxControl(sandboxUrl, 'POST', '/activity', { bids: 1, customerId: CLOSED })).bids[0];

async function closedOfficeStory() {
	say(
		`story: office ${CLOSED} closes without notice while a New Bid trigger polls it every minute, then opens again`,
	);
	const session = await editorSession(n8nUrl, OWNER.email, OWNER.password);
	const executions = async () => (await executionsOf(session, WORKFLOW, { limit: 50 })).reverse();
	const opened = await waitFor(async () => (await officeCalls()).some((r) => r.status === 200), {
		seconds: 240,
	});
	if (
		!check(
			`closed office: the trigger polled ${CLOSED} on activation, noting where its bids stand`,
			opened,
			'no answered poll within 240 s',
		)
	)
		return;

	const callsBefore = (await officeCalls()).length;
	await sandboxControl(sandboxUrl, 'POST', '/faults', { kind: 'closedOffice', customerId: CLOSED });
	const made = [await makeBid()];
	say(`the office is closed (every call of ${CLOSED} answered 403); made bid ${made[0]}`);
	/** The calls since the office closed; a poll answered just before the fault took effect does not count. */
	const sinceClosing = async () => {
		const calls = (await officeCalls()).slice(callsBefore);
		const first = calls.findIndex((r) => r.status !== 200);
		return first < 0 ? [] : calls.slice(first);
	};
	const refusedInRow = await waitFor(
		async () => (await sinceClosing()).length >= CALLS_BEFORE_PAUSE,
		{ seconds: 9 * 60 },
	);
	if (
		!check(
			`closed office: ${CALLS_BEFORE_PAUSE} polls were refused`,
			refusedInRow,
			`${(await sinceClosing()).length} calls since the office closed, within 9 minutes`,
		)
	)
		return;
	made.push(await makeBid());
	say(`${CALLS_BEFORE_PAUSE} calls refused; made bid ${made[1]} during the pause`);

	// The next poll is the first of the pause: a minute after the fifth call, a minute before the pause ends.
	const pausedRun = await waitFor(
		async () => (await executions()).find((run) => PAUSED.test(String(run.error?.message))),
		{ seconds: 3 * 60 },
	);
	const whileClosed = await sinceClosing();
	const failedRuns = await executions();
	if (
		!check(
			'closed office: a poll during the pause failed visibly, naming the refusals and when it tries again',
			pausedRun,
			`executions: ${failedRuns.map((run) => `${run.status} ${run.error?.message}`).join(' | ')}`,
		)
	)
		return;
	// Lifted within the pause: whether the poll at its end still finds it (a race of milliseconds) or not, no call can be refused after this.
	await sandboxControl(sandboxUrl, 'DELETE', '/faults');
	say(
		`the office opens again; executions while closed: ${failedRuns.length}, calls: ${whileClosed.length}`,
	);
	check(
		`closed office: ${CALLS_BEFORE_PAUSE} calls, all refused (403), then none while the trigger kept polling`,
		whileClosed.length === CALLS_BEFORE_PAUSE &&
			whileClosed.every((r) => r.status === 403) &&
			failedRuns.length > whileClosed.length,
		`calls ${whileClosed.map((r) => `${r.method} ${r.path} ${r.status}`).join(', ')}; ${failedRuns.length} failed polls`,
	);
	const refusedRuns = failedRuns.slice(0, CALLS_BEFORE_PAUSE);
	const pausedRuns = failedRuns.slice(CALLS_BEFORE_PAUSE);
	check(
		`closed office: every poll while closed is a failed execution: ${CALLS_BEFORE_PAUSE} refused by the service, then ${pausedRuns.length} paused`,
		failedRuns.every((run) => run.status === 'error') &&
			refusedRuns.every((run) => /no access to this customer/.test(String(run.error?.message))) &&
			pausedRuns.length > 0 &&
			pausedRuns.every((run) => PAUSED.test(String(run.error?.message))),
		failedRuns.map((run) => `${run.status} ${run.error?.message}`).join(' | '),
	);
	const advice = String(pausedRun.error?.description ?? '');
	check(
		"closed office: the paused poll's error says what to check (the office closed, the credential's rights) and that nothing was sent",
		/office is closed/.test(advice) &&
			/credential's rights/.test(advice) &&
			/sent nothing/.test(advice),
		advice || JSON.stringify(pausedRun.error),
	);

	const emitted = await waitFor(
		async () => (await executions()).find((run) => run.status === 'success'),
		{ seconds: 5 * 60 },
	);
	const afterOpening = (await sinceClosing()).slice(CALLS_BEFORE_PAUSE);
	if (
		!check(
			'closed office: the first poll after the pause succeeded and started an execution',
			emitted,
			`calls after opening: ${afterOpening.map((r) => r.status).join(', ')}`,
		)
	)
		return;
	const answered = afterOpening.filter((r) => r.status === 200).length;
	// One more poll: it must start nothing again.
	await waitFor(
		async () =>
			(await sinceClosing()).slice(CALLS_BEFORE_PAUSE).filter((r) => r.status === 200).length >
			answered,
		{ seconds: 3 * 60 },
	);
	const runs = await executions();
	const succeeded = runs.filter((run) => run.status === 'success');
	const emittedBids = succeeded.map((run) => nodeItems(run.runData, TRIGGER).map((bid) => bid.id));
	const calls = await sinceClosing();
	check(
		`closed office: one execution emitted the bids made while closed (${made.join(', ')}), each once; the next poll emitted nothing`,
		JSON.stringify(emittedBids) === JSON.stringify([made]) &&
			calls.filter((r) => r.status === 200).length > answered,
		`successful executions held ${JSON.stringify(emittedBids)}; calls since closing ${calls.map((r) => r.status).join(', ')}`,
	);
	check(
		`closed office: no call was refused after the pause (${CALLS_BEFORE_PAUSE} refused in all, ${calls.length - CALLS_BEFORE_PAUSE} answered after opening)`,
		calls.filter((r) => r.status === 403).length === CALLS_BEFORE_PAUSE &&
			calls.slice(CALLS_BEFORE_PAUSE).every((r) => r.status === 200),
		calls.map((r) => `${r.path} ${r.status}`).join(', '),
	);
	say(
		`calls for ${CLOSED} per phase: refused ${CALLS_BEFORE_PAUSE}; during the pause 0, polls ${pausedRuns.length}; after opening ${calls.length - CALLS_BEFORE_PAUSE}`,
	);
}

try {
	await closedOfficeStory();
} catch (error) {
	check('closed office story', false, error.stack ?? error.message);
}
if (failureCount() > 0) process.exitCode = 1;
