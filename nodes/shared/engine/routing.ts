import type {
	DeclarativeRestApiSettings,
	IDataObject,
	IExecutePaginationFunctions,
	IExecuteSingleFunctions,
	IHttpRequestOptions,
	INodeExecutionData,
	INodePropertyRouting,
} from 'n8n-workflow';

import { sleep } from 'n8n-workflow';

import { flushRun } from './readsById';
import { failedItem } from '../items';
import {
	type AnswerStep,
	answerSteps,
	type CallsStep,
	DecodedAnswer,
	type OperationRequest,
	type OutputShape,
	type RequestStep,
	sendsItsOwnCalls,
} from './operationRequest';
import {
	addressItemRequest,
	messageFormatOf,
	encodeRequest,
	checkReadAnswer,
	callStateOf,
	runStateOf,
	send,
} from '../wire';

/**
 * An operation's routing, in n8n's terms, with one way to the service. n8n's RoutingNode runs
 * each item's preSend steps, then, because every operation has a `pagination` function, calls
 * that function instead of sending (n8n-core routing-node.js `makeRequest`); the function's
 * `makeRoutingRequest` is the package's: the request goes through `send` (wire/request.ts) and
 * its decoded answer through the operation's postReceive steps. So RoutingNode, the custom
 * operations (readsById.ts, eachItem.ts) and the node as an AI tool reach the service the same
 * way, and n8n's request helper is never hooked.
 */

/** The item's own call is answered (or failed): once every item's is, the read-backs waiting to share a call go. */
export function itemCallAnswered(context: IExecuteSingleFunctions): void {
	const call = callStateOf(context);
	if (call.answered || !call.counted) return;
	call.answered = true;
	const run = runStateOf(context, true);
	run.callsWaiting = Math.max(run.callsWaiting, 1) - 1;
	// After this tick the last items' answer steps have queued their read-backs: send them.
	if (run.callsWaiting === 0) void sleep(0).then(() => flushRun(run));
}

/** The request as the operation's steps left it, before encoding: what was sent, for postReceive steps. */
export function sentRequest(context: IExecuteSingleFunctions): IHttpRequestOptions {
	return callStateOf(context).sent ?? { url: '' };
}

/** First preSend: the base URL, the path for the customer with each value encoded, the customer query; the call keeps its account. */
function address(operation: OperationRequest): RequestStep {
	return async function (request) {
		return (await addressItemRequest(this, request, operation)).request;
	};
}

/** Last preSend: the body in the node's message format, with the matching Accept. */
function encode(bodyRoot: string | undefined): RequestStep {
	return async function (request) {
		const call = callStateOf(this);
		call.sent = request;
		// Last step before sending: from here the item's call is on its way (itemCallAnswered ends it).
		if (!call.counted) {
			call.counted = true;
			runStateOf(this, true).callsWaiting++;
		}
		return encodeRequest(request, messageFormatOf(this), bodyRoot);
	};
}

/**
 * A request the item's steps addressed and encoded, sent (`send`) and its answer made items by
 * the operation's postReceive steps. A failed call is the item's error item under Continue On
 * Fail, as a failed answer step's is.
 */
export async function routedRequest(
	context: IExecuteSingleFunctions,
	requestData: DeclarativeRestApiSettings.ResultOptions,
): Promise<INodeExecutionData[]> {
	const account = callStateOf(context).account;
	if (!account) throw new Error('An operation sends a request its steps addressed');
	let answer;
	try {
		answer = await send(context, {
			...account,
			request: requestData.options as IHttpRequestOptions,
		});
	} catch (error) {
		return failedItem(context, error, context.getItemIndex());
	} finally {
		itemCallAnswered(context);
	}
	return await answerSteps(context, requestData.postReceive, new DecodedAnswer(answer.body));
}

/** The item's calls of an operation: its pagination step with the package's makeRoutingRequest, or one routed request. */
function itemCalls(pagination: CallsStep | undefined): CallsStep {
	return async function (this: IExecutePaginationFunctions, requestData) {
		if (!pagination) return await routedRequest(this, requestData);
		const context = Object.create(this, {
			makeRoutingRequest: {
				value: async (options: DeclarativeRestApiSettings.ResultOptions) =>
					await routedRequest(this, options),
			},
		}) as IExecutePaginationFunctions;
		try {
			return await pagination.call(context, requestData);
		} finally {
			itemCallAnswered(this);
		}
	};
}

function asRecords(body: unknown, property?: string): IDataObject[] {
	const root =
		property && body && typeof body === 'object' && !Array.isArray(body)
			? (body as IDataObject)[property]
			: body;
	if (root === undefined || root === null) return [];
	if (Array.isArray(root))
		return root.map((entry) =>
			entry && typeof entry === 'object' ? (entry as IDataObject) : { value: entry as string },
		);
	return [typeof root === 'object' ? (root as IDataObject) : { value: root as string }];
}

export function shapeOutput(
	this: IExecuteSingleFunctions,
	shape: OutputShape,
	body: unknown,
): IDataObject[] {
	if (shape.kind === 'records') return asRecords(body, shape.property);
	if (shape.kind === 'value')
		return [{ [shape.key]: body as string, ...(shape.extra ? shape.extra.call(this) : {}) }];
	return [shape.item.call(this)];
}

export function pairedItems(records: IDataObject[], itemIndex: number): INodeExecutionData[] {
	return records.map((json) => ({ json, pairedItem: { item: itemIndex } }));
}

/** First postReceive: the decoded answer (a read's checked, unless its records were) made items. */
function itemsFromResponse(output: OutputShape, read: boolean): AnswerStep {
	return async function (_items, response) {
		try {
			const { body, checked } = response as DecodedAnswer;
			return pairedItems(
				shapeOutput.call(
					this,
					output,
					read && !checked ? checkReadAnswer(this.getNode(), body, this.getItemIndex()) : body,
				),
				this.getItemIndex(),
			);
		} catch (error) {
			return failedItem(this, error, this.getItemIndex());
		}
	};
}

/** A later postReceive step leaves the error item of a failed answer as it is. */
function afterSuccess(step: AnswerStep): AnswerStep {
	return async function (items, response) {
		if (items.length === 1 && items[0].json.error !== undefined && this.continueOnFail())
			return items;
		return await step.call(this, items, response);
	};
}

/**
 * The routing of one operation option, in n8n's terms. An operation whose pagination step
 * makes its calls itself (listings) gets no addressing or encoding of a request it never sends.
 */
export function brokerRouting(operation: OperationRequest): INodePropertyRouting {
	const ownCalls = sendsItsOwnCalls(operation.pagination);
	return {
		request: { method: operation.method },
		send: {
			preSend: ownCalls
				? (operation.preSend ?? [])
				: [address(operation), ...(operation.preSend ?? []), encode(operation.bodyRoot)],
			paginate: true,
		},
		output: {
			postReceive: [
				itemsFromResponse(
					operation.output ?? { kind: 'records' },
					operation.method === 'GET' && (operation.output?.kind ?? 'records') === 'records',
				),
				...(operation.postReceive ?? []).map(afterSuccess),
			],
		},
		operations: { pagination: itemCalls(operation.pagination) },
	};
}

/** requestDefaults of every action node. */
export const BROKER_REQUEST_DEFAULTS = { baseURL: '={{$credentials.baseUrl}}' } as const;
