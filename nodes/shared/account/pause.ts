import { DateTime } from 'luxon';
import type { INode } from 'n8n-workflow';
import { NodeOperationError, sleep } from 'n8n-workflow';

import { apiError, type BrokerApiError, FAILURE_MESSAGES, retryAfterSeconds } from '../failures';
import { processStore } from './processState';

/**
 * Calls held back from an office that keeps refusing, or a service that keeps failing.
 *
 * Offices that close without notice answer 403 to every request, and a partner whose software
 * kept calling them was blocked by the service (docs/spec/service-behaviour.md); an outage
 * answers 5xx or nothing at all. So, per account (service address and user name) and
 * customer, and for the whole process: after a handful of calls refused (401, 403) or failed
 * (5xx, 429, time-outs, network errors, unreadable answers) with nothing succeeding in
 * between, no call is sent for a while, a while that doubles with each pause in a row. Once
 * one call has gone wrong, the customer's calls go one at a time, so a run of many items sends
 * no more than a handful (and those already on the wire) before the pause begins; the first call after a pause tries again,
 * and the first success ends it all. A refused record among others that succeed never adds up
 * (the halving search for it, engine/readsById.ts, succeeds in between).
 */

/** What the pause reads the time with; tests give their own (setPauseClock). */
export interface PauseClock {
	now(): number;
	sleep(ms: number): Promise<void>;
}

const realClock: PauseClock = { now: () => Date.now(), sleep: async (ms) => await sleep(ms) };
let clock: PauseClock = realClock;

/** The clock of the account's pause and pace; without an argument, the real one. */
export function setPauseClock(replacement?: PauseClock): void {
	clock = replacement ?? realClock;
}

export function transportClock(): PauseClock {
	return clock;
}

const MINUTE = 60_000;

/** Why calls are held back: the service refuses the customer, or the service fails. */
export type Trouble = 'refused' | 'failing';

export const PAUSE_POLICY: Record<
	Trouble,
	{ callsInRow: number; firstPauseMs: number; longestPauseMs: number }
> = {
	// An office can stay closed for days: the pause grows to an hour.
	refused: { callsInRow: 5, firstPauseMs: 2 * MINUTE, longestPauseMs: 60 * MINUTE },
	// An outage usually passes within minutes: at most half an hour, as the partner chose.
	failing: { callsInRow: 5, firstPauseMs: 2 * MINUTE, longestPauseMs: 30 * MINUTE },
};

/** Longest Retry-After a failing service's pause is stretched to. */
export const LONGEST_RETRY_AFTER_MS = 5 * MINUTE;

/** Where one account's customer stands, as plain JSON (the trigger keeps a copy in its static data). */
export interface PauseRecord {
	trouble: Trouble;
	/** Calls refused or failed with nothing succeeding in between. */
	inRow: number;
	/** Pauses in a row; each is twice the one before. */
	pauses: number;
	/** Epoch ms when calls may go again; 0: not paused. */
	resumeAt: number;
}

/**
 * A call of a read gathered across items (engine/readsById.ts): how many ids it asks for, and
 * whether it is a step of the halving search for a refused id.
 */
export interface GatheredCall {
	ids: number;
	search: boolean;
}

interface Standing extends PauseRecord {
	/** Calls waiting for their turn while something went wrong, oldest first (steps of a halving search before others). */
	queue: Array<() => void>;
	/**
	 * A gathered call of several ids was refused and nothing accepted since: it may be one
	 * record's fault (another office's), which the halving search finds. Calls go one at a time
	 * meanwhile, the search's first, but the refusal counts for nothing.
	 */
	doubt: boolean;
	turnTaken: boolean;
	/** Counts the pauses begun, so a run by hand's try passes only the pause it found. */
	pauseNumber: number;
	/**
	 * Runs by hand that have had their try: one call through a pause, or a call that went wrong.
	 * Their further calls fail at once during a pause. Forgotten at the first success.
	 */
	triedByHand: Set<string>;
}

/** A standing where all is well: nothing gone wrong in a row, no pause, no doubt. */
const ALL_WELL = { inRow: 0, pauses: 0, resumeAt: 0, doubt: false } as const;

const ALL_WELL_FIELDS = Object.keys(ALL_WELL) as Array<keyof typeof ALL_WELL>;

/** Whether a standing is all well, with no run by hand remembered and no call waiting. */
function isAllWell(standing: Standing): boolean {
	for (const field of ALL_WELL_FIELDS) if (standing[field] !== ALL_WELL[field]) return false;
	return standing.triedByHand.size === 0 && standing.queue.length === 0;
}

/** Runs by hand a standing remembers at most (the oldest forgotten first). */
const RUNS_BY_HAND_KEPT = 100;

/** One call's pass: which standing it counts in, and whether it may pass the pause it found. */
export interface CallTicket {
	key: string;
	/** The run by hand the call belongs to (a manual execution, a dropdown's load); undefined for a run a schedule, trigger or webhook started. */
	byHandRun: string | undefined;
	/** The pause this call goes through (its pauseNumber): the one try of its run by hand. */
	passes: number | undefined;
	/** Holds the customer's turn: released when the call is answered. */
	turn: boolean;
	/** The count of calls gone wrong in a row when this call went on the wire. */
	sentAt?: number;
	/** A gathered call of several ids: a 403 is split by the halving search, so it counts for nothing. */
	splittable?: boolean;
	/** The refusal's status (401: the credential, never split; 403: the customer or a record). */
	refusal?: number;
}

/** Raised where a call would go on the wire during a pause. */
export class CallsPaused extends Error {
	constructor(readonly record: PauseRecord) {
		super('calls paused');
	}
}

/** Raised inside the throttle for a call that queued before the first thing went wrong: it takes its turn instead. */
export class TakeTurn extends Error {}

export class PauseBook {
	constructor(
		private readonly standings: Map<string, Standing> = new Map(),
		private readonly now: () => number = () => clock.now(),
	) {}

	private standingOf(key: string): Standing {
		let standing = this.standings.get(key);
		if (!standing) {
			standing = {
				trouble: 'refused',
				...ALL_WELL,
				queue: [],
				turnTaken: false,
				pauseNumber: 0,
				triedByHand: new Set(),
			};
			this.standings.set(key, standing);
		}
		return standing;
	}

	/** The record of a customer, or undefined when all is well. */
	recordOf(key: string): PauseRecord | undefined {
		const standing = this.standings.get(key);
		if (!standing || standing.inRow === 0) return undefined;
		return {
			trouble: standing.trouble,
			inRow: standing.inRow,
			pauses: standing.pauses,
			resumeAt: standing.resumeAt,
		};
	}

	/** Takes in a record kept elsewhere (a trigger's static data) when it says more than the process knows. */
	restore(key: string, record: PauseRecord): void {
		const standing = this.standingOf(key);
		if (record.inRow <= standing.inRow && record.resumeAt <= standing.resumeAt) return;
		Object.assign(standing, {
			trouble: record.trouble,
			inRow: record.inRow,
			pauses: record.pauses,
			resumeAt: record.resumeAt,
		});
		if (record.resumeAt > this.now()) standing.pauseNumber++;
	}

	private pausedFor(standing: Standing, ticket: CallTicket): boolean {
		return standing.resumeAt > this.now() && ticket.passes !== standing.pauseNumber;
	}

	private noteTry(standing: Standing, run: string): void {
		standing.triedByHand.delete(run);
		standing.triedByHand.add(run);
		if (standing.triedByHand.size > RUNS_BY_HAND_KEPT)
			standing.triedByHand.delete(standing.triedByHand.values().next().value!);
	}

	/**
	 * Lets a call go, in its turn while something went wrong; throws CallsPaused during a pause.
	 * A run by hand (`byHandRun`) tries once through a pause: its first call in turn goes on the
	 * wire, and its other calls wait for their turn, which comes once that call's answer is read
	 * and counted: a success ends the pause, else they fail at once. A run a schedule or trigger started sends nothing during a pause.
	 * The ticket is given back with `release` once the call is done.
	 */
	async admit(key: string, byHandRun?: string, gathered?: GatheredCall): Promise<CallTicket> {
		const standing = this.standingOf(key);
		const ticket: CallTicket = {
			key,
			byHandRun,
			passes: undefined,
			turn: false,
			splittable: gathered !== undefined && gathered.ids > 1,
		};
		if (byHandRun === undefined && this.pausedFor(standing, ticket))
			throw new CallsPaused(this.recordOf(key)!);
		if (standing.inRow === 0 && !standing.doubt) return ticket;
		// A step of the halving search goes first, the newest first: the search reaches one id, and its verdict, soonest.
		if (standing.turnTaken)
			await new Promise<void>((go) =>
				gathered?.search ? standing.queue.unshift(go) : standing.queue.push(go),
			);
		standing.turnTaken = true;
		ticket.turn = true;
		if (this.pausedFor(standing, ticket)) {
			if (byHandRun === undefined || standing.triedByHand.has(byHandRun)) {
				this.release(ticket);
				throw new CallsPaused(this.recordOf(key)!);
			}
			this.noteTry(standing, byHandRun);
			ticket.passes = standing.pauseNumber;
		}
		return ticket;
	}

	/** Just before the wire: a call let in while all was well waits for its turn once something went wrong. */
	check(ticket: CallTicket): void {
		const standing = this.standingOf(ticket.key);
		if (this.pausedFor(standing, ticket)) throw new CallsPaused(this.recordOf(ticket.key)!);
		if ((standing.inRow > 0 || standing.doubt) && !ticket.turn) throw new TakeTurn();
		ticket.sentAt = standing.inRow;
	}

	release(ticket: CallTicket): void {
		if (!ticket.turn) return;
		ticket.turn = false;
		const standing = this.standingOf(ticket.key);
		const next = standing.queue.shift();
		if (next) next();
		else standing.turnTaken = false;
	}

	/** The service answered and accepted the customer (a 2xx, or a 404 or 400 about a record). */
	succeeded(key: string): void {
		const standing = this.standings.get(key);
		if (!standing) return;
		// All was well already (the common case): nothing to forget, nobody waiting.
		if (isAllWell(standing)) return;
		Object.assign(standing, ALL_WELL);
		standing.triedByHand.clear();
		// Calls that waited for their turn may all go now.
		for (const go of standing.queue.splice(0)) go();
	}

	/**
	 * A call refused or failed. Refusals of calls that were on the wire together count once
	 * (the ticket's `sentAt`: the count when the call was sent): the first counts, and from then on calls go
	 * one at a time, so "refused N times in a row" means tries one after the other; several
	 * items refused at once may each name a record of another office. After `callsInRow` a pause
	 * begins, and again after each call that goes wrong once a pause is over; a failing
	 * service's Retry-After stretches it up to LONGEST_RETRY_AFTER_MS. A call that goes wrong
	 * during a pause (one in flight when it began, a run by hand's try) adds one to the count and
	 * leaves the pause as it is: runs by hand never lengthen the pause of scheduled runs.
	 */
	wentWrong(ticket: CallTicket, trouble: Trouble, retryAfterMs?: number): void {
		const standing = this.standingOf(ticket.key);
		if (trouble === 'refused' && ticket.splittable && ticket.refusal === 403) {
			standing.doubt = true;
			return;
		}
		if (trouble === 'refused' && ticket.sentAt !== undefined && ticket.sentAt !== standing.inRow)
			return;
		standing.trouble = trouble;
		standing.inRow++;
		// A run by hand whose call went wrong has had its try: no call of it goes through the pause.
		if (ticket.byHandRun !== undefined) this.noteTry(standing, ticket.byHandRun);
		const policy = PAUSE_POLICY[trouble];
		if (standing.inRow < policy.callsInRow || standing.resumeAt > this.now()) return;
		standing.pauses++;
		let pauseMs = Math.min(policy.firstPauseMs * 2 ** (standing.pauses - 1), policy.longestPauseMs);
		if (trouble === 'failing' && retryAfterMs !== undefined)
			pauseMs = Math.max(pauseMs, Math.min(retryAfterMs, LONGEST_RETRY_AFTER_MS));
		standing.resumeAt = this.now() + pauseMs;
		standing.pauseNumber++;
	}

	/** Everything forgotten (for tests that start afresh). */
	clear(): void {
		this.standings.clear();
	}
}

/** The process's book: every node, run and poll of the process shares it (processState.ts). */
export const pauses = new PauseBook(processStore<string, Standing>('pauseStandings'));

/** The book's key of an account's customer. */
export function pauseKey(accountKey: string, customerId: string): string {
	return `${accountKey}|${customerId}`;
}

/** A call of an account's customer let go by the process's book (PauseBook.admit). */
export function admitCall(
	accountKey: string,
	customerId: string,
	byHandRun?: string,
	gathered?: GatheredCall,
): Promise<CallTicket> {
	return pauses.admit(pauseKey(accountKey, customerId), byHandRun, gathered);
}

/** A call done: its turn given back, then a 2xx counted (its verdict decides whether the next call in turn goes). */
export function callDone(ticket: CallTicket, answered: CallOutcome | undefined): void {
	pauses.release(ticket);
	if (answered) countOutcome(ticket, answered);
}

/** How one call went on the wire: the status the service answered, and whether its answer could be read. */
export interface CallOutcome {
	statusCode: number;
	headers?: Record<string, unknown>;
	/** The answer was read: a 2xx whose body could not be (cut short, not JSON or XML) counts as a failing service. */
	readable: boolean;
}

/** Retry-After of an answer in ms, if it asked for a wait. */
function retryAfterMsOf(headers: Record<string, unknown> | undefined): number | undefined {
	const seconds = retryAfterSeconds(headers);
	return seconds === undefined ? undefined : seconds * 1000;
}

/** Counts one call answered by the service, its answer read. */
export function countOutcome(ticket: CallTicket, outcome: CallOutcome): void {
	const status = outcome.statusCode;
	if (status === 401 || status === 403) {
		ticket.refusal = status;
		pauses.wentWrong(ticket, 'refused');
	} else if (status >= 500 || status === 429)
		pauses.wentWrong(ticket, 'failing', retryAfterMsOf(outcome.headers));
	else if (status >= 200 && status < 300 && !outcome.readable) pauses.wentWrong(ticket, 'failing');
	else pauses.succeeded(ticket.key);
}

/** Counts a send that threw (time-out, network error, broken body); the node's own limits and checks count for nothing. */
export function countFailedSend(ticket: CallTicket, error: unknown): void {
	if (
		error instanceof CallsPaused ||
		error instanceof TakeTurn ||
		error instanceof NodeOperationError
	)
		return;
	if (error instanceof Error && error.message.startsWith(FAILURE_MESSAGES.tooLarge)) return;
	pauses.wentWrong(ticket, 'failing');
}

function whenText(resumeAt: number, zone: string | undefined): string {
	const at = DateTime.fromMillis(resumeAt, { zone: zone ?? 'UTC' });
	const shown = at.isValid ? at : DateTime.fromMillis(resumeAt, { zone: 'UTC' });
	const minutes = Math.max(1, Math.ceil((resumeAt - clock.now()) / MINUTE));
	return `${shown.toFormat('yyyy-MM-dd HH:mm:ss')} (${shown.zoneName}), in ${minutes} minute${minutes === 1 ? '' : 's'}`;
}

/** What the user reads while a customer's calls are paused: what happened, until when, what to check. */
export function pausedError(
	node: INode,
	record: PauseRecord,
	customerId: string,
	zone: string | undefined,
	itemIndex?: number,
): BrokerApiError {
	const until = whenText(record.resumeAt, zone);
	const retry = `The node sent nothing. The first call after the pause tries again, and its success ends the pause; a run by hand (Execute step, Fetch Test Event) tries once at once, with one call, and its other items wait for that call's answer.`;
	if (record.trouble === 'refused') {
		return apiError(
			node,
			'none',
			`The service refused customer ${customerId} ${record.inRow} times in a row; calls for it are paused until ${until}`,
			`${retry} Check whether the office is closed or no longer open to this integration, and whether the credential's rights changed (user name, password, API key, access to customer ${customerId}). A service that keeps being called by a refused integration may block it.`,
			itemIndex,
		);
	}
	return apiError(
		node,
		'none',
		`The service failed ${record.inRow} times in a row for customer ${customerId} (server errors, time-outs or unreadable answers); calls for it are paused until ${until}`,
		`${retry} The service may be down or overloaded; pausing keeps an outage from being hammered.`,
		itemIndex,
	);
}
