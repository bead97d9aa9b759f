import { sleep } from 'n8n-workflow';

import {
	admitCall,
	callDone,
	type CallOutcome,
	countFailedSend,
	countOutcome,
	type GatheredCall,
	pauses,
	TakeTurn,
	transportClock,
} from './pause';
import { processStore } from './processState';

/**
 * Production clients keep about 5 requests in flight per account and honour Retry-After
 * (records.md); an office may also set a speed limit (requests per second). n8n sends the requests of all items of a declarative node at once, so the
 * cap is kept here, per account (base URL and user name), across all runs of the process.
 * It holds per process: in queue mode each worker keeps its own, so the credential's
 * "Requests in Flight per n8n Process" lets an office divide the service's allowance.
 */
export const MAX_IN_FLIGHT = 5;

/** An account as the throttle knows it: its key and the credential's cap for this process. */
export interface ThrottledAccount {
	key: string;
	maxInFlight: number;
	/** The credential's Requests per Second per n8n Process; undefined: no limit. */
	perSecond?: number;
	/** The customer the call is for: calls are paused per account and customer (pause.ts). */
	customerId?: string;
}

/** Longest Retry-After the node waits for on its own; longer ones fail with the wait in the message. */
export const MAX_RETRY_WAIT_SECONDS = 30;
export const MAX_RATE_LIMIT_RETRIES = 2;

class Gate {
	private active = 0;

	/** Epoch ms (the account's clock) before which the next request may not start, under a speed limit. */
	private nextStart = 0;

	private readonly waiting: Array<{ limit: number; enter: () => void }> = [];

	/** Under a speed limit, requests start at least 1/perSecond apart: each takes the next start time in turn. */
	private async paced(perSecond: number): Promise<void> {
		const clock = transportClock();
		const now = clock.now();
		const start = Math.max(now, this.nextStart);
		this.nextStart = start + 1000 / perSecond;
		if (start > now) await clock.sleep(start - now);
	}

	/** Each request enters under its own credential's cap and speed limit, so a lowered setting applies at once. */
	async run<T>(limit: number, perSecond: number | undefined, task: () => Promise<T>): Promise<T> {
		if (this.active >= limit || this.waiting.length > 0) {
			await new Promise<void>((enter) => this.waiting.push({ limit, enter }));
		} else this.active++;
		try {
			if (perSecond) await this.paced(perSecond);
			return await task();
		} finally {
			this.active--;
			while (this.waiting.length > 0 && this.active < this.waiting[0].limit) {
				this.active++;
				this.waiting.shift()?.enter();
			}
		}
	}
}

const gates = processStore<string, Gate>('paceGates');

function gateFor(account: string): Gate {
	let gate = gates.get(account);
	if (!gate) {
		gate = new Gate();
		gates.set(account, gate);
	}
	return gate;
}

/** Runs a request through the account's gate, retrying a 429 after the wait the service asked for. */
export async function sendThrottled<T>(
	account: ThrottledAccount,
	send: () => Promise<T>,
): Promise<T> {
	const gate = gateFor(account.key);
	for (let attempt = 0; ; attempt++) {
		let failure: unknown;
		try {
			return await gate.run(account.maxInFlight, account.perSecond, send);
		} catch (error) {
			failure = error;
		}
		const { retryAfterSeconds: wait, httpCode } = failure as {
			retryAfterSeconds?: number;
			httpCode?: string;
		};
		const retry =
			httpCode === '429' &&
			attempt < MAX_RATE_LIMIT_RETRIES &&
			(wait ?? 1) <= MAX_RETRY_WAIT_SECONDS;
		// Callers map whatever is thrown to a node error (toNodeError); this layer only decides on retries.
		if (!retry) return await Promise.reject(failure);
		await sleep((wait ?? 1) * 1000);
	}
}

/** How a call goes through its account: the run by hand it belongs to (it may try once through a pause), what it gathers. */
export interface AccountCall {
	/** The run by hand (a manual execution, a dropdown's load); undefined for a run a schedule, trigger or webhook started. */
	byHandRun?: string;
	/** A call of a read gathered across items: a refused call of several ids is searched, not counted (pause.ts). */
	gathered?: GatheredCall;
}

/** What one exchange on the wire gave: how it went, for the pause, and the caller's reading of the answer (or its error). */
export interface Exchanged<T> extends CallOutcome {
	answer: { ok: true; value: T } | { ok: false; error: unknown };
}

/**
 * One call of an account's customer, the account's one step around the wire: held back while
 * the customer is paused (in turn while something went wrong, pause.ts), within the account's
 * Requests in Flight and Requests per Second, `exchange` run (the send and the reading of its
 * answer), how it went counted, a 429 retried after Retry-After. Throws what the exchange
 * failed with, or CallsPaused.
 */
export async function throughAccount<T>(
	account: ThrottledAccount,
	call: AccountCall,
	exchange: () => Promise<Exchanged<T>>,
): Promise<T> {
	for (;;) {
		const ticket = await admitCall(
			account.key,
			account.customerId ?? '',
			call.byHandRun,
			call.gathered,
		);
		// A 2xx is counted once the turn is given back, before the next call in turn goes on: its
		// verdict (the answer read or not) decides whether that call goes.
		let answered: CallOutcome | undefined;
		try {
			return await sendThrottled(account, async () => {
				pauses.check(ticket);
				let exchanged: Exchanged<T>;
				try {
					exchanged = await exchange();
				} catch (error) {
					countFailedSend(ticket, error);
					return await Promise.reject(error);
				}
				if (exchanged.statusCode >= 200 && exchanged.statusCode < 300) answered = exchanged;
				else countOutcome(ticket, exchanged);
				if (exchanged.answer.ok) return exchanged.answer.value;
				throw exchanged.answer.error;
			});
		} catch (error) {
			// A call let in while all was well goes round again to take its turn (pause.ts).
			if (!(error instanceof TakeTurn)) return await Promise.reject(error);
		} finally {
			callDone(ticket, answered);
		}
	}
}
