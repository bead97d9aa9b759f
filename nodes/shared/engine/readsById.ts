import type {
	DeclarativeRestApiSettings,
	IDataObject,
	IExecuteFunctions,
	IExecutePaginationFunctions,
	IExecuteSingleFunctions,
	IHttpRequestOptions,
	INodeExecutionData,
	INodePropertyRouting,
} from 'n8n-workflow';
import { sleep } from 'n8n-workflow';

import type { GatheredCall } from '../account';
import {
	chunkIds,
	idListCall,
	LIMITS,
	parseIdList,
	pickedValue,
	requiredPathSegment,
} from '../rules';
import { errorForItem, notFoundError } from '../failures';
import {
	type AddressedRequest,
	addressItemRequest,
	type CallSite,
	callSiteOf,
	callStateOf,
	checkReadAnswer,
	encodeRequest,
	recordsOf,
	type RunState,
	runStateOf,
	send,
} from '../wire';
import {
	batchingOf,
	batchPause,
	type CustomOperation,
	type ItemOutputs,
	prepareItems,
	settledOutputs,
	startRequest,
} from '../items';
import { failedItem } from '../items';
import {
	answerSteps,
	type CallsStep,
	DecodedAnswer,
	type OperationRequest,
} from './operationRequest';

/**
 * Reads by id in the fewest calls the rules allow. The ids of all items of a node execution
 * are gathered and sent in chunks of 20; up to 5 ids of a chunk in the path, more as the
 * contactIds query on the path without the ids segment. Each item gets one item per record of
 * its own ids, in the order it gave them; an id the service does not return, or that fails,
 * fails its item only (an error item under Continue On Fail).
 *
 * n8n runs such an operation as the node's custom operation (`customOperations`), once for all
 * items: n8n-core's RoutingNode walks every property of the node twice for every item and
 * evaluates each expression there in n8n's isolated expression runtime: most of a large Get
 * Many's time, before any request (docs/performance.md). The custom operation keeps the
 * operation's declarative description and steps and drops only that walk: each item runs its
 * operation's own preSend and postReceive steps. When the node is an AI tool n8n runs the
 * routing per item instead, and the operation's pagination step reads that item's ids.
 */

/*
 * The gathering. The items of a run reach their read within the same turn of the event loop
 * (the custom operation starts them together; n8n's RoutingNode prepares every item in one
 * synchronous pass and starts each item's request right away). Each item queues its ids; one
 * timer tick later the queued ids of all items go out in calls of up to 20, and each item gets
 * the records of its own ids. 1,000 items with one id each: 50 calls instead of 1,000.
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
	const outcomes = ids.map(
		async (id) =>
			await new Promise<IdOutcome>((resolve) => {
				// The first id queued after a send starts the wait for more (20 sent at once end it).
				if (!current.timer) {
					const timer = new AbortController();
					current.timer = timer;
					sleep(waitMs, timer.signal).then(
						async () => await flush(current),
						() => undefined,
					);
				}
				const waiters = current.waiting.get(id) ?? [];
				waiters.push(resolve);
				current.waiting.set(id, waiters);
				if (current.waiting.size >= LIMITS.maxIdsPerCall) void flush(current);
			}),
	);
	return await Promise.all(outcomes);
}

export interface IdListCallOptions {
	/** Node parameter holding the ids. */
	parameter?: string;
	/** Field name for messages. */
	label?: string;
	/** Keep every chunk's ids in the path (the plain contact list, whose query form would hit the list endpoint). */
	alwaysInPath?: boolean;
	/** The parameter holds one id (a Get operation), taken whole: a comma in it is part of the id. */
	single?: boolean;
	/**
	 * The records carry no id (present accommodation): an answer cannot be split between items,
	 * so each item makes its own calls (all items at once, within the account's throttle).
	 */
	unpaired?: boolean;
}

/** What two calls must share for their ids to travel in one: where they go and how they are sent. */
function sameRequestKey(request: IHttpRequestOptions): string {
	const { method, baseURL, url, qs, headers, timeout, proxy, skipSslCertificateValidation } =
		request;
	return JSON.stringify({
		method,
		baseURL,
		url,
		qs,
		headers,
		timeout,
		proxy,
		skipSslCertificateValidation,
	});
}

const labelOf = (options: IdListCallOptions) => options.label ?? 'Contact IDs';

/** An item's ids, read and checked (blank, `.`, `..`, objects refused naming the field). */
function idsOf(
	site: CallSite,
	parameter: (name: string) => unknown,
	options: IdListCallOptions,
): string[] {
	const { node, itemIndex = 0 } = site;
	const label = labelOf(options);
	// A resource locator (From List, By ID) holds the id in its value.
	const value = pickedValue(parameter(options.parameter ?? 'contactIds'));
	if (!options.single) return parseIdList(node, value, label, itemIndex);
	return [requiredPathSegment(node, value, label, itemIndex)];
}

/** The pagination step of a read by id (run by RoutingNode per item), carrying its options for the custom operation. */
type ReadsByIdStep = CallsStep & { readsById?: IdListCallOptions };

/**
 * The read by id of an operation, as its `pagination`: per item when n8n runs the routing (the
 * node as an AI tool); the node's custom operation (`readsByIdOperation`) runs all items at once.
 */
export function idListCalls(options: IdListCallOptions = {}): CallsStep {
	const step: CallsStep = async function (requestData) {
		const ids = idsOf(callSiteOf(this), (name) => this.getNodeParameter(name), options);
		// The item's request was addressed by the routing's first step, which kept its account.
		const account = callStateOf(this).account;
		if (!account) throw new Error('A read by id needs its request addressed first');
		const call = { ...account, request: requestData.options as IHttpRequestOptions };
		return await outputOfIds(this, runStateOf(this, true), call, ids, options, requestData);
	};
	return Object.assign(step, { readsById: options });
}

/** The output of one item's ids: its records, each made an item by the operation's answer steps. */
async function outputOfIds(
	context: IExecutePaginationFunctions,
	run: RunState,
	call: AddressedRequest,
	ids: string[],
	options: IdListCallOptions,
	requestData: DeclarativeRestApiSettings.ResultOptions,
): Promise<INodeExecutionData[]> {
	const { node, itemIndex = 0 } = call.site ?? callSiteOf(context);
	const label = labelOf(options);
	const read: ReadIds = async (chunk, gathered) => {
		const { path, qs } = idListCall(node, call.request.url, chunk, options.alwaysInPath);
		const request = {
			...call.request,
			url: path,
			...(qs ? { qs: { ...(call.request.qs ?? {}), ...qs } } : {}),
		};
		const answer = await send(context, { ...call, request }, { gathered });
		return recordsOf(checkReadAnswer(node, answer.body, itemIndex));
	};
	if (options.unpaired) {
		try {
			const answers = await Promise.all(chunkIds(ids).map(async (chunk) => await read(chunk)));
			return await itemsFromGatheredRecords(context, requestData, answers.flat());
		} catch (error) {
			return failedItem(context, errorForItem(node, error, itemIndex), itemIndex);
		}
	}
	const outcomes = await gatherIds(run, sameRequestKey(call.request), ids, read);
	const records: IDataObject[] = [];
	const missing: string[] = [];
	for (const [index, outcome] of outcomes.entries()) {
		if ('error' in outcome)
			return failedItem(context, errorForItem(node, outcome.error, itemIndex), itemIndex);
		if ('missing' in outcome) missing.push(ids[index]);
		else records.push(outcome.record);
	}
	if (missing.length > 0) {
		const detail = `No record of this kind with ID ${missing.join(', ')} (${label})`;
		return failedItem(context, notFoundError(node, detail, itemIndex), itemIndex);
	}
	return await itemsFromGatheredRecords(context, requestData, records);
}

/** An item prepared: its context, its request addressed and encoded, its ids checked. */
interface PreparedRead {
	context: IExecutePaginationFunctions;
	call: AddressedRequest;
	ids: string[];
}

/**
 * The custom operation of an operation that reads by id (its `pagination` is `idListCalls`),
 * or none. First every item's checks (parameters, addressing, ids), so bad input fails before
 * any request; then all items' reads started together, so their ids share calls. Its fields
 * must send nothing themselves: only RoutingNode's property walk would send them.
 */
export function readsByIdOperation(
	operation: OperationRequest,
	routing: INodePropertyRouting,
	fieldsRoute: boolean,
): CustomOperation | undefined {
	const options = (operation.pagination as ReadsByIdStep | undefined)?.readsById;
	if (!options) return undefined;
	if (fieldsRoute)
		throw new Error(
			'An operation run for all items at once cannot have fields with their own routing',
		);
	const preSend = operation.preSend ?? [];
	const postReceive = [
		{ data: { parameterValue: undefined }, actions: routing.output?.postReceive ?? [] },
	];
	return async function (this: IExecuteFunctions) {
		const run = runStateOf(this, true);
		const outputs: ItemOutputs = [];
		const prepared = await prepareItems(
			this,
			outputs,
			async ({ context, site, parameter }): Promise<PreparedRead> => {
				const addressed = await addressItemRequest(
					context,
					startRequest(site.settings, routing),
					operation,
					site,
				);
				let request = addressed.request;
				for (const step of preSend) request = await step.call(context, request);
				request = encodeRequest(request, site.settings.messageFormat, operation.bodyRoot);
				return { context, call: { ...addressed, request }, ids: idsOf(site, parameter, options) };
			},
		);
		// A pause after each batch if Request Options › Batching is set.
		const batching = batchingOf(this);
		for (const [itemIndex, item] of prepared.entries()) {
			await batchPause(batching, itemIndex);
			if (item)
				outputs[itemIndex] = outputOfIds(item.context, run, item.call, item.ids, options, {
					options: item.call.request,
					preSend: [],
					postReceive,
				});
		}
		return await settledOutputs(this, outputs);
	};
}

/**
 * An item's records that arrived in a call shared with other items (the gathering above), made into the
 * item's output by its operation's own postReceive steps, as if its own call had answered them.
 */
async function itemsFromGatheredRecords(
	context: IExecuteSingleFunctions,
	requestData: DeclarativeRestApiSettings.ResultOptions,
	records: IDataObject[],
): Promise<INodeExecutionData[]> {
	return await answerSteps(context, requestData.postReceive, new DecodedAnswer(records, true));
}
