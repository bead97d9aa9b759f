import type {
	IDataObject,
	IExecuteFunctions,
	IExecutePaginationFunctions,
	IHttpRequestOptions,
	INode,
	INodeExecutionData,
	INodePropertyRouting,
} from 'n8n-workflow';
import { NodeOperationError, sleep } from 'n8n-workflow';

import {
	type CallSite,
	itemCallSite,
	NODE_SETTING_FALLBACKS,
	type NodeSettings,
	REQUEST_OPTIONS_PARAMETER,
} from '../wire';
import { failedItem } from './errorItem';
import {
	type ItemParameters,
	itemParameterReader,
	itemParameters,
	parameterValues,
} from './itemParameters';

/**
 * The items of one node execution as n8n's custom operations (`customOperations`) run them:
 * each item seen as n8n's item context, its request started as RoutingNode starts it, every
 * item prepared before any request, the output once every item settled.
 */

/** A node type's custom operation: run once for all items (WorkflowExecute.getCustomOperation). */
export type CustomOperation = (this: IExecuteFunctions) => Promise<INodeExecutionData[][]>;

/**
 * One item of the run seen as n8n's item context (ExecuteSingleContext): parameters (read by
 * itemParameters.ts), credentials and input of that item, its own helpers (the request path
 * hooks them per item). The node is the run's one copy: n8n's getNode deep-copies it on every
 * call (a measurable share of a large run), and the package only reads it.
 */
export function itemContext(
	context: IExecuteFunctions,
	itemIndex: number,
	parameter: ItemParameters = itemParameters(itemParameterReader(context), itemIndex),
	node: INode = context.getNode(),
): IExecutePaginationFunctions {
	const helpers = Object.create(context.helpers, {
		assertBinaryData: {
			value: (propertyName: string) => context.helpers.assertBinaryData(itemIndex, propertyName),
		},
		getBinaryDataBuffer: {
			value: async (propertyName: string) =>
				await context.helpers.getBinaryDataBuffer(itemIndex, propertyName),
		},
	}) as IExecutePaginationFunctions['helpers'];
	const own = {
		getNode: () => node,
		getItemIndex: () => itemIndex,
		getNodeParameter: parameter,
		getInputData: (inputIndex = 0, connectionType?: string) =>
			context.getInputData(inputIndex, connectionType as never)[itemIndex],
		getCredentials: async (type: string) => await context.getCredentials(type, itemIndex),
		evaluateExpression: (expression: string, index = itemIndex) =>
			context.evaluateExpression(expression, index),
		getWorkflowDataProxy: () => context.getWorkflowDataProxy(itemIndex),
		helpers,
		makeRoutingRequest: async () =>
			await Promise.reject(
				new NodeOperationError(context.getNode(), 'This operation makes its calls itself'),
			),
	};
	return Object.assign(
		Object.create(context) as object,
		own,
	) as unknown as IExecutePaginationFunctions;
}

/** An item's request before any step, as RoutingNode starts it: the operation's method, Request Options › Timeout, Proxy, SSL. */
export function startRequest(
	settings: NodeSettings,
	routing: INodePropertyRouting,
): IHttpRequestOptions {
	const { wire } = settings;
	return {
		url: '',
		qs: {},
		body: {},
		headers: {},
		...(routing.request as IDataObject),
		...wire,
	} as IHttpRequestOptions;
}

/** Request Options › Batching as RoutingNode applies it: this many items, then a pause. */
export function batchingOf(context: IExecuteFunctions): { size: number; interval: number } {
	const options = context.getNodeParameter(REQUEST_OPTIONS_PARAMETER, 0, {}) as IDataObject;
	const batch = ((options.batching as IDataObject | undefined)?.batch ?? {}) as IDataObject;
	return {
		size: Number(batch.batchSize) > 0 ? Number(batch.batchSize) : 1,
		interval: Number(batch.batchInterval) || 0,
	};
}

/** Request Options › Batching's pause before an item that starts a new batch. */
export async function batchPause(
	batching: { size: number; interval: number },
	itemIndex: number,
): Promise<void> {
	if (itemIndex > 0 && batching.interval > 0 && itemIndex % batching.size === 0)
		await sleep(batching.interval);
}

/** Each item's output items, or the promise of them, by item index. */
export type ItemOutputs = Array<INodeExecutionData[] | Promise<INodeExecutionData[]>>;

/**
 * One item of the run as plain data, read once and handed down: its view of n8n's context (for
 * the operation's own steps), where its calls are made from (node, index, the node's settings),
 * and its parameters.
 */
export interface RunItem {
	context: IExecutePaginationFunctions;
	site: CallSite;
	parameter: ItemParameters;
}

/**
 * Every item's own steps and checks, before any request: an item whose input is bad fails the
 * node, or under Continue On Fail gets its error item in `outputs`, before anything is sent.
 * The items share the run's parameter reader and its one copy of the node; each item's node
 * settings are read and checked first (a Timeout set by expression is refused before the
 * item's values).
 */
export async function prepareItems<Prepared>(
	run: IExecuteFunctions,
	outputs: ItemOutputs,
	prepare: (item: RunItem) => Promise<Prepared>,
): Promise<Array<Prepared | undefined>> {
	const readParameter = itemParameterReader(run);
	const node = run.getNode();
	const prepared: Array<Prepared | undefined> = [];
	for (let itemIndex = 0; itemIndex < run.getInputData().length; itemIndex++) {
		try {
			const parameter = itemParameters(readParameter, itemIndex);
			const context = itemContext(run, itemIndex, parameter, node);
			const values = parameterValues(parameter, NODE_SETTING_FALLBACKS);
			const site = itemCallSite(context, node, itemIndex, values);
			prepared.push(await prepare({ context, site, parameter }));
		} catch (error) {
			prepared.push(undefined);
			outputs[itemIndex] = failedItem(run, error, itemIndex);
		}
	}
	return prepared;
}

/** The node's output once every item settled: an item whose answer failed gets its error item (Continue On Fail) or stops the node. */
export async function settledOutputs(
	run: IExecuteFunctions,
	outputs: ItemOutputs,
): Promise<INodeExecutionData[][]> {
	const settled = await Promise.allSettled(outputs);
	return [
		settled.flatMap((outcome, itemIndex) =>
			outcome.status === 'fulfilled' ? outcome.value : failedItem(run, outcome.reason, itemIndex),
		),
	];
}
