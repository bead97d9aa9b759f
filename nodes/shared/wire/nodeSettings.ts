import type {
	IDataObject,
	IExecuteFunctions,
	IHttpRequestOptions,
	INode,
	IExecuteSingleFunctions,
	ILoadOptionsFunctions,
	IPollFunctions,
} from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { isBlank, wholeNumber } from '../rules';
import type { MessageFormat } from './format';
import { type CallState, callStateOf } from './callState';

/** Any of n8n's contexts a call of the package is made from: an item's, a node's own execute, a poll's, a dropdown's. */
export type BrokerContext =
	| IExecuteSingleFunctions
	| IPollFunctions
	| ILoadOptionsFunctions
	| IExecuteFunctions;

export const MESSAGE_FORMAT_PARAMETER = 'messageFormat';

/** A setting of the node (Customer ID, Message Format, Request Options), in any kind of context. */
export function nodeSetting(context: BrokerContext, name: string, fallback: unknown): unknown {
	if ('getCurrentNodeParameter' in context) {
		const value = context.getCurrentNodeParameter(name);
		// While editing, an expression is not resolved yet: the credential's value stands in.
		return value === undefined || (typeof value === 'string' && value.startsWith('='))
			? fallback
			: value;
	}
	// A node's own execute (the notification trigger's record reads): its settings are the node's, read at the first item.
	if ('getInputData' in context && !('getItemIndex' in context))
		return context.getNodeParameter(name, 0, fallback);
	return context.getNodeParameter(name, fallback);
}

/** The item a context stands for, if it stands for one. */
export function itemIndexOf(context: BrokerContext): number | undefined {
	return 'getItemIndex' in context ? context.getItemIndex() : undefined;
}

/** The node's settings every call of an item reads: Customer ID, Message Format, Request Options. */
export type NodeSettings = NonNullable<CallState['settings']>;

/**
 * The node's settings for a context's calls, read and checked once for all calls of an item (a
 * Get Many of 10,000 records makes as many calls, and each read is an expression evaluation in
 * n8n): a Timeout, Proxy or Largest Answer set by expression is refused here, before any call.
 * A poll reads them at each call: its context lives as long as the trigger is active.
 */
export function nodeSettingsOf(context: BrokerContext): NodeSettings {
	const read = (): NodeSettings => {
		const node = context.getNode();
		const requestOptions = (nodeSetting(context, REQUEST_OPTIONS_PARAMETER, {}) ??
			{}) as IDataObject;
		return {
			customerId: nodeSetting(context, 'customerId', ''),
			messageFormat:
				nodeSetting(context, MESSAGE_FORMAT_PARAMETER, 'json') === 'xml' ? 'xml' : 'json',
			requestOptions,
			wire: wireOptions(node, requestOptions),
			maxMegabytes: maxAnswerSizeOf(node, requestOptions),
		};
	};
	if ('__emit' in context) return read();
	const call = callStateOf(context);
	return (call.settings ??= read());
}

export function messageFormatOf(context: BrokerContext): MessageFormat {
	return nodeSettingsOf(context).messageFormat;
}

/**
 * Request Options › Timeout, Proxy and Ignore SSL Issues: the collection n8n's loader adds to
 * every declarative node, read by n8n's routing engine. The trigger and the dropdowns apply the
 * same values the same way, so every request of a node waits, connects and trusts alike.
 */
export const REQUEST_OPTIONS_PARAMETER = 'requestOptions';

/** What n8n's routing engine waits when an action node's Timeout is not set (RoutingNode). */
export const DEFAULT_TIMEOUT_MS = 300_000;

/**
 * The trigger's Timeout: what its Request Options › Timeout shows (the 10,000 ms n8n shows on
 * action nodes) and what it waits when the option is not set. n8n leaves a trigger's requests
 * alone, so the shown value is the package's to apply; 300 s would let one hung report call
 * outlast n8n's durable scheduler's whole poll (45 s by default, N8N_SCHEDULER_POLL_TIMEOUT).
 */
export const TRIGGER_TIMEOUT_MS = 10_000;

/** n8n names every trigger type "…Trigger"; only the package's triggers carry its own Request Options. */
function isTrigger(node: INode): boolean {
	return /Trigger$/.test(node.type);
}

/** A Timeout set by expression is checked: below 100 ms nothing answers; above an hour a run would seem to hang. */
export const TIMEOUT_RANGE = { min: 100, max: 3_600_000 } as const;

/** Request Options › Timeout in milliseconds when set (checked), else the node's default (the trigger's as it shows it, n8n's otherwise). */
export function timeoutOf(node: INode, value: unknown): number {
	const options = (value && typeof value === 'object' ? value : {}) as IDataObject;
	if (isBlank(options.timeout)) return isTrigger(node) ? TRIGGER_TIMEOUT_MS : DEFAULT_TIMEOUT_MS;
	return wholeNumber(node, options.timeout, 'Request Options › Timeout', {
		...TIMEOUT_RANGE,
		rule: `a whole number from ${TIMEOUT_RANGE.min} to ${TIMEOUT_RANGE.max} (milliseconds)`,
	});
}

export const MEGABYTE = 1024 * 1024;

/**
 * Request Options › Largest Answer to Read (MB): the largest answer a node reads, as sent and once
 * inflated. The default leaves room for the largest real reports (100 MB of JSON reads fine)
 * while a compression bomb stops long before the machine's memory does.
 */
export const MAX_ANSWER_SIZE_PARAMETER = 'maxAnswerSize';
export const MAX_ANSWER_SIZE_MB = { default: 128, min: 1, max: 1024 } as const;

/** Request Options › Largest Answer to Read (MB) when set (checked), else the default. */
export function maxAnswerSizeOf(node: INode, value: unknown): number {
	const options = (value && typeof value === 'object' ? value : {}) as IDataObject;
	const given = options[MAX_ANSWER_SIZE_PARAMETER];
	if (isBlank(given)) return MAX_ANSWER_SIZE_MB.default;
	return wholeNumber(node, given, 'Request Options › Largest Answer to Read (MB)', {
		min: MAX_ANSWER_SIZE_MB.min,
		max: MAX_ANSWER_SIZE_MB.max,
	});
}

/** Request Options › Timeout, Proxy and Ignore SSL Issues as a request carries them. */
export type WireOptions = Pick<IHttpRequestOptions, 'proxy' | 'skipSslCertificateValidation'> & {
	timeout: number;
};

/** The wire settings of a Request Options value, as n8n's routing engine applies them. */
export function wireOptions(node: INode, value: unknown): WireOptions {
	const options = (value && typeof value === 'object' ? value : {}) as IDataObject;
	const wire: WireOptions = {
		timeout: timeoutOf(node, options),
	};
	if (options.allowUnauthorizedCerts === true) wire.skipSslCertificateValidation = true;
	const text = typeof options.proxy === 'string' ? options.proxy.trim() : '';
	if (text !== '') {
		const proxy = URL.canParse(text) ? new URL(text) : undefined;
		if (!proxy?.hostname || !proxy.port) {
			throw new NodeOperationError(node, 'The proxy is not valid', {
				description: 'Request Options › Proxy needs a host and a port, e.g. http://myproxy:3128',
			});
		}
		wire.proxy = {
			host: proxy.hostname,
			port: Number(proxy.port),
			protocol: proxy.protocol.replace(/:$/, ''),
			...(proxy.username
				? {
						auth: {
							username: decodeURIComponent(proxy.username),
							password: decodeURIComponent(proxy.password),
						},
					}
				: {}),
		};
	}
	return wire;
}
