import type {
	DeclarativeRestApiSettings,
	IExecutePaginationFunctions,
	IExecuteSingleFunctions,
	IHttpRequestMethods,
	IHttpRequestOptions,
	IN8nHttpFullResponse,
	INodeExecutionData,
	INodePropertyRouting,
	PreSendAction,
} from 'n8n-workflow';

import { type OutputShape, pairedItems, shapeOutput } from './output';
import { pathPlaceholders, pickedValue } from './path';
import { toNodeError } from './errors';
import { addressRequest, exchange, messageFormatOf, nodeSetting, readAnswer } from './request';
import { REQUEST_OPTIONS_PARAMETER, timeoutOf } from './requestOptions';
import { encodeRequest } from './format';
import { checkReadAnswer } from './expected';
import type { ThrottledAccount } from './throttle';

/** A `send.preSend` step: checks or prepares the request; throws a NodeOperationError naming the field. */
export type RequestStep = PreSendAction;

/** An `output.postReceive` step: reshapes the items of an answer. */
export type AnswerStep = (this: IExecuteSingleFunctions, items: INodeExecutionData[], response: IN8nHttpFullResponse) => Promise<INodeExecutionData[]>;

/** `operations.pagination`: for operations that make several calls, each through `this.makeRoutingRequest`. */
export type CallsStep = (this: IExecutePaginationFunctions, requestData: DeclarativeRestApiSettings.ResultOptions) => Promise<INodeExecutionData[]>;

/** What an operation file declares; brokerRouting turns it into n8n's routing. */
export interface BrokerOperation {
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

const sentRequests = new WeakMap<IExecuteSingleFunctions, IHttpRequestOptions>();
const onBrokerWire = new WeakSet<object>();
const secretsByItem = new WeakMap<IExecuteSingleFunctions, string[]>();

/** The request as the operation's steps left it, before encoding: what was sent, for postReceive steps. */
export function sentRequest(context: IExecuteSingleFunctions): IHttpRequestOptions {
	return sentRequests.get(context) ?? { url: '' };
}

/**
 * n8n's routing engine sends with the item context's httpRequestWithAuthentication. Routing
 * that through `exchange` gives every call of an operation (paginated ones too) the account's
 * throttle, Retry-After and the package's wording for network failures and time-outs, which
 * n8n offers no declarative step for.
 */
function sendThroughExchange(context: IExecuteSingleFunctions, account: ThrottledAccount, secrets: string[]) {
	if (onBrokerWire.has(context.helpers)) return;
	const send = context.helpers.httpRequestWithAuthentication;
	context.helpers.httpRequestWithAuthentication = async function (this: IExecuteSingleFunctions, ...args: Parameters<typeof send>) {
		return (await exchange(context, account, secrets, async () => (await send.apply(this, args)) as IN8nHttpFullResponse)) as never;
	};
	onBrokerWire.add(context.helpers);
}

/** First preSend: the base URL, the path for the customer with each value encoded, the customer query. */
function address(operation: BrokerOperation): RequestStep {
	return async function (request) {
		const pathValues: Record<string, unknown> = {};
		for (const name of pathPlaceholders(operation.path)) if (name !== 'customerId') pathValues[name] = pickedValue(this.getNodeParameter(name, ''));
		// n8n has already put the Timeout on the request; one set by expression is checked first.
		timeoutOf(this.getNode(), nodeSetting(this, REQUEST_OPTIONS_PARAMETER, {}));
		const addressed = await addressRequest(this, request, { ...operation, pathValues });
		secretsByItem.set(this, addressed.secrets);
		sendThroughExchange(this, addressed.account, addressed.secrets);
		return addressed.request;
	};
}

/** Last preSend: the body in the node's message format, with the matching Accept. */
function encode(bodyRoot: string | undefined): RequestStep {
	return async function (request) {
		sentRequests.set(this, request);
		return encodeRequest(request, messageFormatOf(this), bodyRoot);
	};
}

/**
 * Under "Continue (using error output)" n8n sends to the error output only items whose json has
 * no keys but error, message and details (with the input item's fields added there), so the
 * description goes as details; an item's own error field would make n8n drop it.
 */
function errorItem(context: IExecuteSingleFunctions, error: { message: string; description?: string | null }): INodeExecutionData[] {
	const detailKey = context.getNode().onError === 'continueErrorOutput' ? 'details' : 'description';
	const json = { error: error.message, ...(error.description ? { [detailKey]: error.description } : {}) };
	return [{ json, pairedItem: { item: context.getItemIndex() } }];
}

/** First postReceive: an HTTP error mapped (an error item under Continue On Fail), the body decoded (a read's checked) and made items. */
function answer(output: OutputShape, read: boolean): AnswerStep {
	return async function (_items, response) {
		try {
			const body = readAnswer(this, response, secretsByItem.get(this) ?? []);
			return pairedItems(shapeOutput.call(this, output, read ? checkReadAnswer(this.getNode(), body, this.getItemIndex()) : body), this.getItemIndex());
		} catch (error) {
			const nodeError = toNodeError(this.getNode(), error, this.getItemIndex());
			if (this.continueOnFail()) return errorItem(this, nodeError);
			throw nodeError;
		}
	};
}

/** A later postReceive step leaves the error item of a failed answer as it is. */
function afterSuccess(step: AnswerStep): AnswerStep {
	return async function (items, response) {
		if (items.length === 1 && items[0].json.error !== undefined && this.continueOnFail()) return items;
		return await step.call(this, items, response);
	};
}

/** The routing of one operation option, in n8n's terms. */
export function brokerRouting(operation: BrokerOperation): INodePropertyRouting {
	const routing: INodePropertyRouting = {
		request: { method: operation.method },
		send: { preSend: [address(operation), ...(operation.preSend ?? []), encode(operation.bodyRoot)] },
		output: { postReceive: [answer(operation.output ?? { kind: 'records' }, operation.method === 'GET' && (operation.output?.kind ?? 'records') === 'records'), ...(operation.postReceive ?? []).map(afterSuccess)] },
	};
	if (operation.pagination) {
		routing.send!.paginate = true;
		routing.operations = { pagination: operation.pagination };
	}
	return routing;
}

/** requestDefaults of every action node. */
export const BROKER_REQUEST_DEFAULTS = { baseURL: '={{$credentials.baseUrl}}' } as const;
