import type {
	DeclarativeRestApiSettings,
	IExecutePaginationFunctions,
	IExecuteSingleFunctions,
	IHttpRequestMethods,
	IHttpRequestOptions,
	IN8nHttpFullResponse,
	INodeExecutionData,
	INodePropertyRouting,
} from 'n8n-workflow';

import { accountKey, CREDENTIAL_TYPE, resolveCustomerId } from './account';
import { checkBaseUrl } from './baseUrl';
import { toNodeError } from './errors';
import { encodeRequest, type MessageFormat } from './format';
import { type OutputShape, pairedItems, shapeOutput } from './output';
import { fillPath, pathPlaceholders } from './path';
import { readResponse } from './response';
import { sendThrottled } from './throttle';

/** Prepares or checks a request before anything is sent; throws a NodeOperationError naming the field. */
export type RequestStep = (this: IExecuteSingleFunctions, request: IHttpRequestOptions) => IHttpRequestOptions | Promise<IHttpRequestOptions>;

/** Sends one call of an operation through the shared transport and returns its items. */
export type SendCall = (request: IHttpRequestOptions) => Promise<INodeExecutionData[]>;

export interface BrokerOperation {
	method: IHttpRequestMethods;
	/** Path template: {customerId} and {<node parameter name>} placeholders, encoded on fill. */
	path: string;
	/** Field names shown in messages for the path placeholders. */
	pathLabels?: Record<string, string>;
	/** Query parameter that carries the customer id, for paths without it (e.g. criteria.customerId). */
	customerIdQuery?: string;
	/** Record type of the body, the XML root element; operations without one send no body. */
	bodyRoot?: string;
	/** Checks and preparations run in order before any request. */
	prepare?: RequestStep[];
	/** For operations that take more than one call (id lists): makes them through `send`. */
	sendCalls?: (this: IExecuteSingleFunctions, request: IHttpRequestOptions, send: SendCall) => Promise<INodeExecutionData[]>;
	output?: OutputShape;
}

export const MESSAGE_FORMAT_PARAMETER = 'messageFormat';

async function prepareRequest(this: IExecuteSingleFunctions, operation: BrokerOperation, base: IHttpRequestOptions) {
	const node = this.getNode();
	const itemIndex = this.getItemIndex();
	const credentials = await this.getCredentials(CREDENTIAL_TYPE);
	const customerId = resolveCustomerId(node, this.getNodeParameter('customerId', ''), credentials, itemIndex);
	const values: Record<string, unknown> = { customerId };
	for (const name of pathPlaceholders(operation.path)) {
		if (name !== 'customerId') values[name] = this.getNodeParameter(name, '');
	}
	let request: IHttpRequestOptions = {
		...base,
		baseURL: checkBaseUrl(credentials.baseUrl),
		url: fillPath(node, operation.path, values, operation.pathLabels, itemIndex),
		qs: { ...(base.qs ?? {}), ...(operation.customerIdQuery ? { [operation.customerIdQuery]: customerId } : {}) },
	};
	for (const step of operation.prepare ?? []) request = await step.call(this, request);
	return { request, account: accountKey(credentials) };
}

/**
 * The one entry of every declarative operation into the transport. n8n calls it as the
 * operation's pagination function, which is the hook that may make any number of calls:
 * checks first, then each call throttled per account, decoded and mapped to clear errors;
 * with Continue On Fail, an error item paired to the input item instead of a thrown error.
 */
function transportEntry(operation: BrokerOperation) {
	return async function (
		this: IExecutePaginationFunctions,
		requestData: DeclarativeRestApiSettings.ResultOptions,
	): Promise<INodeExecutionData[]> {
		const itemIndex = this.getItemIndex();
		try {
			const { request, account } = await prepareRequest.call(this, operation, requestData.options as IHttpRequestOptions);
			const format = this.getNodeParameter(MESSAGE_FORMAT_PARAMETER, 'json') as MessageFormat;
			const send: SendCall = async (call) =>
				await sendThrottled(account, async () =>
					await this.makeRoutingRequest({ ...requestData, options: encodeRequest(call, format, operation.bodyRoot) }),
				);
			return operation.sendCalls ? await operation.sendCalls.call(this, request, send) : await send(request);
		} catch (error) {
			const nodeError = toNodeError(this.getNode(), error, itemIndex);
			if (!this.continueOnFail()) throw nodeError;
			const json = { error: nodeError.message, ...(nodeError.description ? { description: nodeError.description } : {}) };
			return [{ json, pairedItem: { item: itemIndex } }];
		}
	};
}

/** Reads the answer of one call: errors by status, body by content type, items by the output shape. */
function decodeAnswer(operation: BrokerOperation) {
	return async function (
		this: IExecuteSingleFunctions,
		_items: INodeExecutionData[],
		response: IN8nHttpFullResponse,
	): Promise<INodeExecutionData[]> {
		const itemIndex = this.getItemIndex();
		const body = readResponse(this.getNode(), response as never, itemIndex);
		const records = shapeOutput.call(this, operation.output ?? { kind: 'records' }, body);
		return pairedItems(records, itemIndex);
	};
}

/** The routing of one operation option: declarative request, all sending through the transport. */
export function brokerRouting(operation: BrokerOperation): INodePropertyRouting {
	return {
		request: { method: operation.method, url: operation.path },
		send: { paginate: true },
		operations: { pagination: transportEntry(operation) },
		output: { postReceive: [decodeAnswer(operation)] },
	};
}

/** requestDefaults of every action node: HTTP statuses are read by the transport, not thrown by n8n. */
export const BROKER_REQUEST_DEFAULTS = {
	baseURL: '={{$credentials.baseUrl}}',
	ignoreHttpStatusErrors: true,
} as const;
