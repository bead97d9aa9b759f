import type {
	IExecuteSingleFunctions,
	IHttpRequestOptions,
	IN8nHttpFullResponse,
	INodePropertyRouting,
} from 'n8n-workflow';

import { sleep } from 'n8n-workflow';

import { flushRun } from './readsById';
import { type OutputShape, pairedItems, shapeOutput } from './output';
import { failedItem } from '../items';
import {
	type AnswerStep,
	GatheredAnswer,
	type OperationRequest,
	type RequestStep,
} from './operationRequest';
import {
	addressItemRequest,
	decryptedCredential,
	exchange,
	messageFormatOf,
	readAnswer,
	encodeRequest,
	checkReadAnswer,
	type CallAccount,
	callStateOf,
	type RunState,
	runStateOf,
} from '../wire';

function callAnswered(context: IExecuteSingleFunctions, run: RunState) {
	const call = callStateOf(context);
	if (call.answered) return;
	call.answered = true;
	run.callsWaiting = Math.max(run.callsWaiting, 1) - 1;
	// After this tick the last items' answer steps have queued their read-backs: send them.
	if (run.callsWaiting === 0) void sleep(0).then(() => flushRun(run));
}

/** The request as the operation's steps left it, before encoding: what was sent, for postReceive steps. */
export function sentRequest(context: IExecuteSingleFunctions): IHttpRequestOptions {
	return callStateOf(context).sent ?? { url: '' };
}

/**
 * n8n's routing engine sends with the item context's httpRequestWithAuthentication. Routing
 * that through `exchange` gives every call of an operation (paginated ones too) the account's
 * throttle, Retry-After and the package's wording for network failures and time-outs, which
 * n8n offers no declarative step for.
 */
function sendThroughExchange(
	context: IExecuteSingleFunctions,
	{ account, secrets, credentials }: CallAccount,
) {
	const call = callStateOf(context);
	if (call.wireSend) return;
	const send = context.helpers.httpRequestWithAuthentication;
	call.wireSend = send;
	const run = runStateOf(context, true);
	const credentialsDecrypted = decryptedCredential(context, credentials);
	context.helpers.httpRequestWithAuthentication = async function (
		this: IExecuteSingleFunctions,
		type,
		request,
		options,
	) {
		// n8n's engine passes the credential only in its test runs; otherwise its helper would read it again.
		const given = options?.credentialsDecrypted
			? options
			: { ...(options ?? {}), credentialsDecrypted };
		try {
			return (await exchange(
				context,
				account,
				secrets,
				async () => (await send.call(this, type, request, given)) as IN8nHttpFullResponse,
			)) as never;
		} finally {
			callAnswered(context, run);
		}
	};
}

/** First preSend: the base URL, the path for the customer with each value encoded, the customer query. */
function address(operation: OperationRequest): RequestStep {
	return async function (request) {
		const addressed = await addressItemRequest(this, request, operation);
		sendThroughExchange(this, addressed);
		return addressed.request;
	};
}

/** Last preSend: the body in the node's message format, with the matching Accept. */
function encode(bodyRoot: string | undefined): RequestStep {
	return async function (request) {
		const call = callStateOf(this);
		call.sent = request;
		// Last step before sending: from here the item's call is on its way (callAnswered ends it).
		if (!call.answered) runStateOf(this, true).callsWaiting++;
		return encodeRequest(request, messageFormatOf(this), bodyRoot);
	};
}

/** First postReceive: an HTTP error mapped (an error item under Continue On Fail), the body decoded (a read's checked) and made items. */
function itemsFromResponse(output: OutputShape, read: boolean): AnswerStep {
	return async function (_items, response) {
		try {
			// Records gathered with other items' (readsById.ts) arrive decoded; their call was read and checked already.
			const body =
				response instanceof GatheredAnswer
					? response.body
					: readAnswer(this, response, callStateOf(this).account?.secrets ?? []);
			return pairedItems(
				shapeOutput.call(
					this,
					output,
					read ? checkReadAnswer(this.getNode(), body, this.getItemIndex()) : body,
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

/** The routing of one operation option, in n8n's terms. */
export function brokerRouting(operation: OperationRequest): INodePropertyRouting {
	const routing: INodePropertyRouting = {
		request: { method: operation.method },
		send: {
			preSend: [address(operation), ...(operation.preSend ?? []), encode(operation.bodyRoot)],
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
	};
	if (operation.pagination) {
		routing.send!.paginate = true;
		routing.operations = { pagination: operation.pagination };
	}
	return routing;
}

/** requestDefaults of every action node. */
export const BROKER_REQUEST_DEFAULTS = { baseURL: '={{$credentials.baseUrl}}' } as const;
