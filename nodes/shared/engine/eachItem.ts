import type {
	IExecuteFunctions,
	IExecutePaginationFunctions,
	IHttpRequestOptions,
	IN8nHttpFullResponse,
	INodeExecutionData,
	INodeProperties,
	INodePropertyRouting,
} from 'n8n-workflow';

import {
	batchingOf,
	batchPause,
	type CustomOperation,
	failedItem,
	itemContext,
	type ItemOutputs,
	prepareItems,
	settledOutputs,
	startRequest,
} from '../items';
import { throttledAccount } from '../account';
import { callStateOf, runCredentials, runStateOf, send } from '../wire';
import { toNodeError } from '../failures';
import { checkPlainSends, sendFields } from './fieldRouting';
import { flushRun } from './readsById';
import { DecodedAnswer } from './operationRequest';
import { itemCallAnswered } from './routing';

/**
 * n8n's `customOperations` escape for writes that make one call per item (Create or Update of
 * persons and companies, Opt Out, Interest Application and Final Price Watch › Create):
 * RoutingNode's per-item walk over every property of the node takes most of a large upsert's time (docs/performance.md),
 * whatever the operation's own fields. Each item's request is built as RoutingNode builds it: its fields' `routing.send`
 * (fieldRouting.ts), then the operation's preSend steps; its answer goes through the operation's
 * postReceive steps. The declarative description stays as it is, and n8n still runs it through
 * RoutingNode when the node is an AI tool.
 */
export interface EachItemWrite {
	/** What one item writes, plural, for the message when the node stops ("persons", "opt-outs"). */
	written: string;
}

interface PreparedWrite {
	context: IExecutePaginationFunctions;
	request: IHttpRequestOptions;
}

type Actions = Array<
	(
		this: IExecutePaginationFunctions,
		items: INodeExecutionData[],
		response: IN8nHttpFullResponse,
	) => Promise<INodeExecutionData[]>
>;

/**
 * An item's context that reads each of its text, number and boolean parameters once: the
 * fields' walk and the steps' checks (rules/sentValues.ts) read the same ones, and each read of an
 * expression is an evaluation in n8n's isolated runtime, an item's costliest step
 * (docs/performance.md). Objects (collections, dates) are read again,
 * each caller getting its own, as from n8n.
 */
function readingOnce(context: IExecutePaginationFunctions): IExecutePaginationFunctions {
	const read = context.getNodeParameter.bind(context) as (
		name: string,
		fallback?: unknown,
		options?: object,
	) => unknown;
	const known = new Map<string, unknown>();
	const getNodeParameter = (name: string, fallback?: unknown, options?: object) => {
		const key = JSON.stringify([name, fallback, options]);
		if (known.has(key)) return known.get(key);
		const value = read(name, fallback, options);
		if (value === null || typeof value !== 'object') known.set(key, value);
		return value;
	};
	return Object.assign(Object.create(context) as object, {
		getNodeParameter,
	}) as IExecutePaginationFunctions;
}

/** Item numbers as the user counts them: "1–12, 14". */
function itemRanges(indexes: number[]): string {
	const ranges: string[] = [];
	for (let at = 0; at < indexes.length; ) {
		let end = at;
		while (end + 1 < indexes.length && indexes[end + 1] === indexes[end] + 1) end++;
		ranges.push(end === at ? `${indexes[at] + 1}` : `${indexes[at] + 1}–${indexes[end] + 1}`);
		at = end + 1;
	}
	return ranges.join(', ');
}

/**
 * The custom operation of a write made once per item. All items are checked first (bad input
 * fails before any request); then the writes go out in item order with at most the account's
 * Requests in Flight at once (the throttle's cap, throttle.ts) and Request Options › Batching's
 * pauses. An item counts as written once the service accepted its write; what follows (the
 * read-back) never fails it. Under Continue On Fail a failed write is its own error item.
 * Otherwise no new write starts after the first failure, the ones in flight finish, and the
 * node stops with that failure, saying how many were written.
 */
export function eachItemOperation(
	routing: INodePropertyRouting,
	fields: INodeProperties[],
	write: EachItemWrite,
): CustomOperation {
	checkPlainSends(fields);
	const preSend = routing.send?.preSend ?? [];
	const actions = (routing.output?.postReceive ?? []) as unknown as Actions;
	if (actions.some((action) => typeof action !== 'function'))
		throw new Error('A write run for each item supports function postReceive steps only');
	// The first answer step maps the HTTP status (routing.ts `itemsFromResponse`): once it passed, the write was accepted.
	const [accepted, ...after] = actions;
	return async function (this: IExecuteFunctions) {
		const count = this.getInputData().length;
		if (count === 0) return [[]];
		// Created once for the node execution; the items' steps find it through their contexts.
		const run = runStateOf(this, true);
		const outputs: ItemOutputs = new Array(count);
		const prepared = await prepareItems(this, outputs, async (item): Promise<PreparedWrite> => {
			const context = readingOnce(item.context);
			let request = sendFields(context, fields, startRequest(item.site.settings, routing));
			for (const step of preSend) request = await step.call(context, request);
			return { context, request };
		});
		const node = this.getNode();
		const { maxInFlight } = throttledAccount(node, await runCredentials(itemContext(this, 0)));
		const batching = batchingOf(this);
		const written: number[] = [];
		let failure: { itemIndex: number; error: unknown } | undefined;
		const inFlight = new Set<Promise<void>>();

		const writeItem = async ({ context, request }: PreparedWrite, itemIndex: number) => {
			try {
				// The item's steps addressed its request (routing.ts), which kept the call's account.
				const account = callStateOf(context).account;
				if (!account) throw new Error('A write sends a request its steps addressed');
				let answer;
				try {
					answer = await send(context, { ...account, request });
				} finally {
					itemCallAnswered(context);
				}
				const response = new DecodedAnswer(answer.body);
				const items = accepted
					? await accepted.call(context, [{ json: answer.body as never }], response)
					: [{ json: answer.body as never }];
				if (items.length !== 1 || items[0].json.error === undefined) written.push(itemIndex);
				// The read-back runs outside the item's slot: it waits to share a call with later items' read-backs.
				const output = (async () => {
					let answered = items;
					for (const action of after) answered = await action.call(context, answered, response);
					return answered;
				})();
				outputs[itemIndex] = output;
				// What fails after the write (an answer with no id) stops the node as a failed write does, with the same note.
				output.catch((error: unknown) => {
					if (!this.continueOnFail()) failure ??= { itemIndex, error };
				});
			} catch (error) {
				if (this.continueOnFail()) outputs[itemIndex] = failedItem(this, error, itemIndex);
				else failure ??= { itemIndex, error };
			}
		};

		for (const [itemIndex, item] of prepared.entries()) {
			if (!item) continue;
			await batchPause(batching, itemIndex);
			while (inFlight.size >= maxInFlight && !failure) await Promise.race(inFlight);
			if (failure) break;
			const sending = writeItem(item, itemIndex).finally(() => inFlight.delete(sending));
			inFlight.add(sending);
		}
		await Promise.all(inFlight);
		// Items never sent still count as waiting for their call: the read-backs of those written need not wait for them.
		if (failure) flushRun(run);
		// Every output settles before the node stops (none is left running), and each has told of its failure.
		await Promise.allSettled(outputs);
		if (failure) {
			const error = toNodeError(node, failure.error, failure.itemIndex);
			written.sort((a, b) => a - b);
			const before = written.filter((index) => index < failure!.itemIndex);
			const note = `Written before the node stopped: ${written.length} ${write.written}${written.length ? ` (items ${itemRanges(written)}), ${before.length} of them before this item; they are not in the output` : ''}. Items not yet sent were not sent. To get every written item in the output and each failure as its own item, set the node's Settings › On Error to Continue.`;
			error.description = error.description ? `${error.description}\n\n${note}` : note;
			throw error;
		}
		return await settledOutputs(this, outputs);
	};
}
