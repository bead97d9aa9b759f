import type {
	DeclarativeRestApiSettings,
	ICredentialDataDecryptedObject,
	IDataObject,
	IExecutePaginationFunctions,
	IExecuteSingleFunctions,
	IHttpRequestMethods,
	IHttpRequestOptions,
	IN8nHttpFullResponse,
	INodeExecutionData,
	INodePropertyRouting,
	PreSendAction,
} from 'n8n-workflow';

import { sleep } from 'n8n-workflow';

import { flushRun } from './gather';
import { type OutputShape, pairedItems, shapeOutput } from './output';
import { pickedValue } from '../rules';
import {
	pathPlaceholders,
	addressRequest,
	decryptedCredential,
	exchange,
	gatheredCallOf,
	asGatheredCall,
	messageFormatOf,
	nodeSetting,
	readAnswer,
	REQUEST_OPTIONS_PARAMETER,
	timeoutOf,
	encodeRequest,
	checkReadAnswer,
	callStateOf,
	type RunState,
	runStateOf,
} from '../wire';
import { toNodeError } from '../failures';
import { CREDENTIAL_TYPE, type GatheredCall, type ThrottledAccount } from '../account';

/** A `send.preSend` step: checks or prepares the request; throws a NodeOperationError naming the field. */
export type RequestStep = PreSendAction;

/** An `output.postReceive` step: reshapes the items of an answer. */
export type AnswerStep = (
	this: IExecuteSingleFunctions,
	items: INodeExecutionData[],
	response: IN8nHttpFullResponse,
) => Promise<INodeExecutionData[]>;

/** `operations.pagination`: for operations that make several calls, each through `this.makeRoutingRequest`. */
export type CallsStep = (
	this: IExecutePaginationFunctions,
	requestData: DeclarativeRestApiSettings.ResultOptions,
) => Promise<INodeExecutionData[]>;

/** The request an operation makes, as its file declares it (OperationDefinition's `request`); brokerRouting turns it into n8n's routing. */
export interface OperationRequest {
	method: IHttpRequestMethods;
	/** Path template: {customerId} and {<node parameter name>} placeholders, filled and encoded before sending. */
	path: string;
	pathLabels?: Record<string, string>;
	/** Query parameter that carries the customer id, for paths without it (e.g. criteria.customerId). */
	customerIdQuery?: string;
	/** Record type of the body, the XML root element; operations without one send no body. */
	bodyRoot?: string;
	preSend?: RequestStep[];
	/** How the decoded answer becomes items (records by default). */
	output?: OutputShape;
	postReceive?: AnswerStep[];
	pagination?: CallsStep;
}

/** An answer made of records another item's call brought (gather.ts): read and checked already. */
class GatheredAnswer implements IN8nHttpFullResponse {
	readonly statusCode = 200;
	readonly headers = {};
	constructor(readonly body: IDataObject[]) {}
}

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
	account: ThrottledAccount,
	secrets: string[],
	credentials: ICredentialDataDecryptedObject,
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
				undefined,
				gatheredCallOf(request),
			)) as never;
		} finally {
			callAnswered(context, run);
		}
	};
}

/** First preSend: the base URL, the path for the customer with each value encoded, the customer query. */
function address(operation: OperationRequest): RequestStep {
	return async function (request) {
		const pathValues: Record<string, unknown> = {};
		for (const name of pathPlaceholders(operation.path))
			if (name !== 'customerId') pathValues[name] = pickedValue(this.getNodeParameter(name, ''));
		// n8n has already put the Timeout on the request; one set by expression is checked first.
		timeoutOf(this.getNode(), nodeSetting(this, REQUEST_OPTIONS_PARAMETER, {}));
		const addressed = await addressRequest(this, request, { ...operation, pathValues });
		callStateOf(this).secrets = addressed.secrets;
		sendThroughExchange(this, addressed.account, addressed.secrets, addressed.credentials);
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

/**
 * Under "Continue (using error output)" n8n sends to the error output only items whose json has
 * no keys but error, message and details (with the input item's fields added there), so the
 * description goes as details; an item's own error field would make n8n drop it.
 */
export function errorItem(
	context: IExecuteSingleFunctions,
	error: { message: string; description?: string | null },
): INodeExecutionData[] {
	const detailKey = context.getNode().onError === 'continueErrorOutput' ? 'details' : 'description';
	const json = {
		error: error.message,
		...(error.description ? { [detailKey]: error.description } : {}),
	};
	return [{ json, pairedItem: { item: context.getItemIndex() } }];
}

/** First postReceive: an HTTP error mapped (an error item under Continue On Fail), the body decoded (a read's checked) and made items. */
function itemsFromResponse(output: OutputShape, read: boolean): AnswerStep {
	return async function (_items, response) {
		try {
			// Records gathered with other items' (gather.ts) arrive decoded; their call was read and checked already.
			const body =
				response instanceof GatheredAnswer
					? response.body
					: readAnswer(this, response, callStateOf(this).secrets);
			return pairedItems(
				shapeOutput.call(
					this,
					output,
					read ? checkReadAnswer(this.getNode(), body, this.getItemIndex()) : body,
				),
				this.getItemIndex(),
			);
		} catch (error) {
			const nodeError = toNodeError(this.getNode(), error, this.getItemIndex());
			if (this.continueOnFail()) return errorItem(this, nodeError);
			throw nodeError;
		}
	};
}

/** One call of an item as its operation's steps prepared it, sent through `exchange`; the decoded answer. */
export async function sendAsItem(
	context: IExecuteSingleFunctions,
	request: IHttpRequestOptions,
	gathered?: GatheredCall,
): Promise<unknown> {
	const sent = { ...request, returnFullResponse: true };
	const response = (await context.helpers.httpRequestWithAuthentication.call(
		context,
		CREDENTIAL_TYPE,
		gathered ? asGatheredCall(sent, gathered) : sent,
	)) as IN8nHttpFullResponse;
	return readAnswer(context, response, callStateOf(context).secrets);
}

/**
 * An item's records that arrived in a call shared with other items (gather.ts), made into the
 * item's output by its operation's own postReceive steps, as if its own call had answered them.
 */
export async function itemsFromGatheredRecords(
	context: IExecuteSingleFunctions,
	requestData: DeclarativeRestApiSettings.ResultOptions,
	records: IDataObject[],
): Promise<INodeExecutionData[]> {
	const response = new GatheredAnswer(records);
	let items: INodeExecutionData[] = [{ json: {} }];
	for (const step of requestData.postReceive) {
		for (const action of step.actions) {
			// The package's operations declare their answer steps as functions (brokerRouting).
			if (typeof action !== 'function')
				throw new Error('A gathered read supports function postReceive steps only');
			items = await action.call(context, items, response);
		}
	}
	return items;
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
