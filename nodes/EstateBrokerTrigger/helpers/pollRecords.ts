import type { IDataObject, INodeExecutionData, IPollFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { currentInstant, inWorkflowZone, utcMillis } from '../../shared/dates';
import { CREDENTIAL_TYPE, resolveCustomerId } from '../../shared/account';
import type { ItemsSoFar, KnownBefore, RecordEvent } from './recordEvent';
import {
	advance,
	knownKeys,
	lookBackFrom,
	lookBoundary,
	readState,
	remembering,
	writeState,
	type Observed,
} from '../state';

const MINUTE = 60_000;
/** Share of n8n's poll budget spent fetching; the rest is left for the items to be handed over. */
const BUDGET_SHARE = 0.5;

/** Calendar months back on the workflow's calendar. */
function monthsBefore(context: IPollFunctions, date: Date, months: number): Date {
	return inWorkflowZone(context, date).minus({ months }).toJSDate();
}

export function lateWindowMs(context: IPollFunctions): number {
	const options = context.getNodeParameter('options', {}) as IDataObject;
	const minutes = Number(options.lateWindowMinutes ?? 60);
	return (Number.isFinite(minutes) && minutes > 0 ? minutes : 60) * MINUTE;
}

export function pollDeadline(context: IPollFunctions, startedAt: number): number {
	const budget =
		typeof context.getPollBudgetMs === 'function' ? context.getPollBudgetMs() : 5 * 60 * MINUTE;
	return startedAt + budget * BUDGET_SHARE;
}

/** The state belongs to one event, service, office and set of filters. */
export async function stateScope(
	context: IPollFunctions,
	event: string,
	filters: string[],
): Promise<string> {
	const credentials = await context.getCredentials(CREDENTIAL_TYPE);
	const customerId = resolveCustomerId(
		context.getNode(),
		context.getNodeParameter('customerId', ''),
		credentials,
	);
	return JSON.stringify([event, String(credentials.baseUrl ?? ''), customerId, ...filters]);
}

/** Fetch Test Event and a first run that emits what exists know nothing before. */
const KNOWING_NOTHING: KnownBefore = { boundaryMs: -Infinity, keys: new Set() };

async function itemsOf(
	context: IPollFunctions,
	event: RecordEvent,
	records: Array<Observed<IDataObject>>,
	before: KnownBefore = KNOWING_NOTHING,
): Promise<ItemsSoFar> {
	if (!event.toItems) return { items: records.map((entry) => entry.record), unfinished: [] };
	const made = await event.toItems.call(context, records, before);
	return Array.isArray(made) ? { items: made, unfinished: [] } : made;
}

/** Fetch Test Event: the newest record, and no change to the state. */
async function testEvent(
	context: IPollFunctions,
	event: RecordEvent,
	now: Date,
): Promise<INodeExecutionData[][]> {
	const from = event.lookBackMonths ? monthsBefore(context, now, event.lookBackMonths) : undefined;
	const { observed } = await event.observe.call(context, {
		from,
		to: now,
		manual: true,
		deadline: pollDeadline(context, now.getTime()),
	});
	let newest: Observed<IDataObject> | undefined;
	let newestMs = -Infinity;
	for (const entry of observed) {
		const ms = utcMillis(entry.time);
		const later = !newest || ms > newestMs || (ms === newestMs && entry.key > newest.key);
		if (later) {
			newest = entry;
			newestMs = ms;
		}
	}
	// Why not a shared check: the input is fine; Fetch Test Event found nothing to show.
	if (!newest)
		throw new NodeOperationError(context.getNode(), event.nothingFound.message, {
			description: event.nothingFound.description,
		});
	const { items, unfinished } = await itemsOf(context, event, [newest]);
	// Why not a shared check: the newest record's own read failed; nothing else could be shown.
	if (items.length === 0 && unfinished.length > 0)
		throw new NodeOperationError(context.getNode(), event.nothingFound.message, {
			description: event.nothingFound.description,
		});
	return [context.helpers.returnJsonArray(items)];
}

/**
 * One poll of a record event. Every request is made and every item built before the state
 * is written, so a poll that fails anywhere leaves the state as it was and the next poll
 * looks at the same records again.
 */
export async function pollRecords(
	this: IPollFunctions,
	eventName: string,
	event: RecordEvent,
): Promise<INodeExecutionData[][] | null> {
	const now = currentInstant();
	if (this.getMode() === 'manual') return await testEvent(this, event, now);
	const windowMs = lateWindowMs(this);
	const data = this.getWorkflowStaticData('node');
	const scope = await stateScope(this, eventName, event.scope.call(this));
	const previous = readState(data, scope);
	const emitExisting = this.getNodeParameter('emitExistingOnFirstRun', false) === true;
	// Without Emit Existing, the first poll is the activation: it records what it sees from one
	// late-records window back, and nothing stamped before that look is ever emitted. A record it
	// did not see is new when it shows up, whatever its stamp within the window (a bid taken by
	// phone before activation and registered after it): the state's `seen` holds every id it saw.
	const activatedAt = previous
		? previous.activatedAt
		: emitExisting
			? undefined
			: new Date(now.getTime() - windowMs).toISOString();
	let from: Date | undefined;
	if (previous) from = lookBackFrom(previous, windowMs);
	else if (!emitExisting) from = new Date(now.getTime() - windowMs);
	else if (event.lookBackMonths) from = monthsBefore(this, now, event.lookBackMonths);
	// Later looks never reach before the activation's look (a created contact is listed by its change time, not its creation).
	if (previous && from && activatedAt && from.getTime() < Date.parse(activatedAt))
		from = new Date(activatedAt);
	const { observed, until } = await event.observe.call(this, {
		from,
		to: now,
		manual: false,
		deadline: pollDeadline(this, now.getTime()),
	});
	const identity = event.identity(this);
	const options = { identity, lateWindowMs: windowMs, now: until ?? now, notBefore: activatedAt };
	const { fresh, state: advanced } = advance(previous, observed, options);
	// The first production run only records where things stand, unless asked to emit what exists.
	const emitted = previous || emitExisting ? fresh : [];
	const before: KnownBefore = {
		boundaryMs: lookBoundary(previous, windowMs, activatedAt),
		keys: knownKeys(previous),
	};
	const {
		items,
		unfinished,
		remember = [],
	} = emitted.length > 0
		? await itemsOf(this, event, emitted, before)
		: { items: [], unfinished: [] };
	// Records the event could not finish stay unseen (however often the answer listed them), and the cursor within reach of them.
	const unfinishedKeys = new Set(unfinished.map((entry) => entry.key));
	const state =
		unfinished.length === 0
			? advanced
			: advance(
					previous,
					observed.filter((entry) => !unfinishedKeys.has(entry.key)),
					{ ...options, holdFrom: Math.min(...unfinished.map((entry) => utcMillis(entry.time))) },
				).state;
	writeState(data, scope, remembering(state, remember, windowMs));
	return items.length > 0 ? [this.helpers.returnJsonArray(items)] : null;
}
