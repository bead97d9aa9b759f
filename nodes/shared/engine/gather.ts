import type { IDataObject } from 'n8n-workflow';
import { sleep } from 'n8n-workflow';

import type { GatheredCall } from '../account';
import { LIMITS } from '../rules';
import type { RunState } from '../wire';

/**
 * Reads by id gathered across the items of one node run. n8n's declarative engine (RoutingNode
 * in n8n-core 2.40) prepares every item in one synchronous pass and starts each item's request
 * right away, so the items of a run reach their read within the same turn of the event loop.
 * Each item queues its ids here; one timer tick later the queued ids of all items go out in
 * calls of up to 20, and each item gets the records of its own ids. 1,000 items with one id
 * each: 50 calls instead of 1,000.
 */

/** How one id fared: its record, no record in the answer, or the error of its call. */
export type IdOutcome = { record: IDataObject } | { missing: true } | { error: unknown };

/**
 * One call for up to 20 ids of the same request; resolves to the records the service returned.
 * `call` (calls gathered here) says what the call gathers, for the pause's book (account/pause.ts): a refused call of
 * several ids is searched, not counted, and the search's steps go first.
 */
export type ReadIds = (ids: string[], call?: GatheredCall) => Promise<IDataObject[]>;

interface Gathering {
	read: ReadIds;
	waiting: Map<string, Array<(outcome: IdOutcome) => void>>;
	/** Ends the wait for more ids once they are sent, so no timer outlives the run. */
	timer?: AbortController;
}

/** The run's gatherings, one per request (the run state types them as the wire knows them: not at all). */
function gatheringsOf(run: RunState): Map<string, Gathering> {
	return run.gatherings as Map<string, Gathering>;
}

/** The id a record of a contact list carries. */
export function recordId(record: IDataObject): string | undefined {
	const id = record.id ?? record.contactId;
	return id === undefined || id === null ? undefined : String(id);
}

/**
 * A failure that one id can cause alone (an invalid id, a contact of another customer, a
 * record that is not there): the call is split to find that id. Any other failure (the
 * credential refused, the service down, time-outs, rate limits) is every id's and is not
 * retried once per id.
 */
function causedByOneId(error: unknown): boolean {
	const code = String((error as { httpCode?: unknown }).httpCode ?? '');
	return code === '400' || code === '403' || code === '404';
}

async function readChunk(
	read: ReadIds,
	ids: string[],
	settle: (id: string, outcome: IdOutcome) => void,
	search = false,
): Promise<void> {
	let records: IDataObject[];
	try {
		records = await read(ids, { ids: ids.length, search });
	} catch (error) {
		if (ids.length > 1 && causedByOneId(error)) {
			// Halving finds the failing ids in about 2·log2(20) calls instead of 20, and the others still get their records.
			const half = Math.ceil(ids.length / 2);
			await Promise.all([
				readChunk(read, ids.slice(0, half), settle, true),
				readChunk(read, ids.slice(half), settle, true),
			]);
			return;
		}
		for (const id of ids) settle(id, { error });
		return;
	}
	const byId = new Map<string, IDataObject>();
	for (const record of records) {
		const id = recordId(record) ?? (ids.length === 1 ? ids[0] : undefined);
		if (id !== undefined && !byId.has(id)) byId.set(id, record);
	}
	for (const id of ids) {
		const record = byId.get(id);
		settle(id, record ? { record } : { missing: true });
	}
}

async function flush(gathering: Gathering): Promise<void> {
	gathering.timer?.abort();
	gathering.timer = undefined;
	const waiting = new Map(gathering.waiting);
	gathering.waiting.clear();
	const settle = (id: string, outcome: IdOutcome) => {
		// Items that asked for the same id each get their own copy (later steps may change it).
		(waiting.get(id) ?? []).forEach((resolve, index) =>
			resolve(
				index > 0 && 'record' in outcome ? { record: structuredClone(outcome.record) } : outcome,
			),
		);
	};
	const ids = [...waiting.keys()];
	const chunks: string[][] = [];
	for (let start = 0; start < ids.length; start += LIMITS.maxIdsPerCall)
		chunks.push(ids.slice(start, start + LIMITS.maxIdsPerCall));
	// All calls start together; the account's throttle (throttle.ts) keeps at most 5 in flight.
	await Promise.all(chunks.map(async (chunk) => await readChunk(gathering.read, chunk, settle)));
}

/** Sends whatever the run's items have queued now (their writes are all answered: no more ids will come). */
export function flushRun(run: RunState): void {
	for (const gathering of gatheringsOf(run).values())
		if (gathering.waiting.size > 0) void flush(gathering);
}

/**
 * Queues an item's ids with those of the other items of its run that make the same request
 * (`sameRequest`: base URL, path, format, options) and resolves, in the item's order, to how
 * each id fared. `read` is used by whichever item queued first. The same id asked for by
 * several items is read once; each item gets its own copy of the record. Queued ids go out
 * when 20 are waiting, else `waitMs` after the first (0: the next timer tick, by which every
 * item the engine started in its synchronous pass has queued).
 */
export async function gatherIds(
	run: RunState,
	sameRequest: string,
	ids: string[],
	read: ReadIds,
	waitMs = 0,
): Promise<IdOutcome[]> {
	const gatherings = gatheringsOf(run);
	let gathering = gatherings.get(sameRequest);
	if (!gathering) {
		gathering = { read, waiting: new Map() };
		gatherings.set(sameRequest, gathering);
	}
	const current = gathering;
	if (current.waiting.size === 0) {
		const timer = new AbortController();
		current.timer = timer;
		sleep(waitMs, timer.signal).then(
			async () => await flush(current),
			() => undefined,
		);
	}
	const outcomes = ids.map(
		async (id) =>
			await new Promise<IdOutcome>((resolve) => {
				const waiters = current.waiting.get(id) ?? [];
				waiters.push(resolve);
				current.waiting.set(id, waiters);
				if (current.waiting.size >= LIMITS.maxIdsPerCall) void flush(current);
			}),
	);
	return await Promise.all(outcomes);
}
