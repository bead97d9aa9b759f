import type {
	IDataObject,
	IExecuteFunctions,
	IExecuteSingleFunctions,
	IHttpRequestMethods,
	IHttpRequestOptions,
	ILoadOptionsFunctions,
	IPollFunctions,
} from 'n8n-workflow';

import { accountKey, CREDENTIAL_TYPE, resolveCustomerId } from './account';
import { checkBaseUrl } from './baseUrl';
import { toNodeError } from './errors';
import { encodeRequest, type MessageFormat } from './format';
import { fillPath } from './path';
import { readResponse } from './response';
import { DEFAULT_TIMEOUT_MS } from './timeout';
import { sendThrottled } from './throttle';

export type BrokerContext = IExecuteFunctions | IExecuteSingleFunctions | IPollFunctions | ILoadOptionsFunctions;

export interface BrokerCall {
	method: IHttpRequestMethods;
	path: string;
	/** Values of the path placeholders other than customerId (encoded on fill). */
	pathValues?: Record<string, unknown>;
	pathLabels?: Record<string, string>;
	/** The node's own Customer ID, when it has one; else the credential's. */
	customerId?: unknown;
	customerIdQuery?: string;
	qs?: IDataObject;
	body?: unknown;
	bodyRoot?: string;
	format?: MessageFormat;
	timeoutMs?: number;
	itemIndex?: number;
}

/**
 * One call from programmatic code (the trigger, dropdown loaders): the same credential,
 * path encoding, throttle, decoding and error mapping as the declarative operations.
 */
export async function brokerRequest(this: BrokerContext, call: BrokerCall): Promise<unknown> {
	const node = this.getNode();
	try {
		const credentials = await this.getCredentials(CREDENTIAL_TYPE);
		const customerId = resolveCustomerId(node, call.customerId, credentials, call.itemIndex);
		const options: IHttpRequestOptions = {
			method: call.method,
			baseURL: checkBaseUrl(credentials.baseUrl),
			url: fillPath(node, call.path, { ...call.pathValues, customerId }, call.pathLabels, call.itemIndex),
			qs: { ...(call.qs ?? {}), ...(call.customerIdQuery ? { [call.customerIdQuery]: customerId } : {}) },
			body: call.body as IDataObject,
			ignoreHttpStatusErrors: true,
			returnFullResponse: true,
			timeout: call.timeoutMs ?? DEFAULT_TIMEOUT_MS,
		};
		const request = encodeRequest(options, call.format ?? 'json', call.bodyRoot);
		return await sendThrottled(accountKey(credentials), async () => {
			const response = await this.helpers.httpRequestWithAuthentication.call(this, CREDENTIAL_TYPE, request);
			return readResponse(node, response, call.itemIndex);
		});
	} catch (error) {
		throw toNodeError(node, error, call.itemIndex);
	}
}
