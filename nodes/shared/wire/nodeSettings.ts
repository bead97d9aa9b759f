import type {
	IDataObject,
	IExecuteFunctions,
	IExecuteSingleFunctions,
	ILoadOptionsFunctions,
	IPollFunctions,
} from 'n8n-workflow';

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
 * The node's settings for a context's calls, read once for all calls of an item (a Get Many
 * of 10,000 records makes as many calls, and each read is an expression evaluation in n8n).
 * A poll reads them at each call: its context lives as long as the trigger is active.
 */
export function nodeSettingsOf(context: BrokerContext): NodeSettings {
	const read = (): NodeSettings => ({
		customerId: nodeSetting(context, 'customerId', ''),
		messageFormat:
			nodeSetting(context, MESSAGE_FORMAT_PARAMETER, 'json') === 'xml' ? 'xml' : 'json',
		requestOptions: (nodeSetting(context, 'requestOptions', {}) ?? {}) as IDataObject,
	});
	if ('__emit' in context) return read();
	const call = callStateOf(context);
	return (call.settings ??= read());
}

export function messageFormatOf(context: BrokerContext): MessageFormat {
	return nodeSettingsOf(context).messageFormat;
}
