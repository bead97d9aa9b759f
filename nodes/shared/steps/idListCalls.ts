import type {
	DeclarativeRestApiSettings,
	IDataObject,
	IExecutePaginationFunctions,
	IHttpRequestOptions,
	INodeExecutionData,
} from 'n8n-workflow';

import {
	chunkIds,
	idListCall,
	isBlank,
	parseIdList,
	pathSegment,
	inputError,
	pickedValue,
} from '../rules';
import { errorForItem, notFoundError } from '../failures';
import { checkReadAnswer, recordsOf, runStateOf } from '../wire';
import {
	acrossItems,
	itemsFromGatheredRecords,
	type CallsStep,
	errorItem,
	gatherIds,
	type ReadIds,
	sendAsItem,
} from '../engine';

export interface IdListCallOptions {
	/** Node parameter holding the ids. */
	parameter?: string;
	/** Field name for messages. */
	label?: string;
	/** Keep every chunk's ids in the path (the plain contact list, whose query form would hit the list endpoint). */
	alwaysInPath?: boolean;
	/** The parameter holds one id (a Get operation), taken whole: a comma in it is part of the id. */
	single?: boolean;
	/**
	 * The records carry no id (present accommodation): an answer cannot be split between items,
	 * so each item makes its own calls (all items at once, within the account's throttle).
	 */
	unpaired?: boolean;
}

/** What two calls must share for their ids to travel in one: where they go and how they are sent. */
function sameRequestKey(request: IHttpRequestOptions): string {
	const { method, baseURL, url, qs, headers, timeout, proxy, skipSslCertificateValidation } =
		request;
	return JSON.stringify({
		method,
		baseURL,
		url,
		qs,
		headers,
		timeout,
		proxy,
		skipSslCertificateValidation,
	});
}

function idsOf(
	context: IExecutePaginationFunctions,
	options: IdListCallOptions,
	parameter: string,
	label: string,
): string[] {
	const node = context.getNode();
	const itemIndex = context.getItemIndex();
	// A resource locator (From List, By ID) holds the id in its value.
	const value = pickedValue(context.getNodeParameter(parameter));
	if (!options.single) return parseIdList(node, value, label, itemIndex);
	if (isBlank(value))
		throw inputError(
			node,
			`${label} is required`,
			`The "${label}" field is empty; it is part of the request path.`,
			itemIndex,
		);
	return [pathSegment(node, value, label, itemIndex)];
}

/**
 * Reads by id in the fewest calls the rules allow: the ids of all items of the run are gathered
 * (gather.ts) and sent in chunks of 20; up to 5 ids of a chunk in the path, more as the
 * contactIds query on the path without the ids segment. Each item gets one item per record of
 * its own ids, in the order it gave them; an id the service does not return, or that fails,
 * fails its item only (an error item under Continue On Fail). n8n runs it for all items at once
 * (the node's custom operation, acrossItems.ts), or per item as the routing's pagination hook
 * (the node as an AI tool).
 */
export function idListCalls(options: IdListCallOptions = {}): CallsStep {
	const parameter = options.parameter ?? 'contactIds';
	const label = options.label ?? 'Contact IDs';
	return acrossItems<string[]>({
		check: (context) => idsOf(context, options, parameter, label),
		output: async (context, requestData, ids) =>
			await outputOfIds(context, requestData, ids, options, label),
	});
}

async function outputOfIds(
	context: IExecutePaginationFunctions,
	requestData: DeclarativeRestApiSettings.ResultOptions,
	ids: string[],
	options: IdListCallOptions,
	label: string,
) {
	const node = context.getNode();
	const itemIndex = context.getItemIndex();
	const request = requestData.options as IHttpRequestOptions;
	const read: ReadIds = async (chunk, gathered) => {
		const { path, qs } = idListCall(node, request.url, chunk, options.alwaysInPath);
		const call = { ...request, url: path, ...(qs ? { qs: { ...(request.qs ?? {}), ...qs } } : {}) };
		return recordsOf(checkReadAnswer(node, await sendAsItem(context, call, gathered), itemIndex));
	};
	if (options.unpaired) {
		try {
			const answers = await Promise.all(chunkIds(ids).map(async (chunk) => await read(chunk)));
			return await itemsFromGatheredRecords(context, requestData, answers.flat());
		} catch (error) {
			return failed(context, errorForItem(node, error, itemIndex));
		}
	}
	// The items of one node execution share its run state; a context outside one gathers alone.
	const outcomes = await gatherIds(runStateOf(context, true), sameRequestKey(request), ids, read);
	const records: IDataObject[] = [];
	const missing: string[] = [];
	for (const [index, outcome] of outcomes.entries()) {
		if ('error' in outcome) return failed(context, errorForItem(node, outcome.error, itemIndex));
		if ('missing' in outcome) missing.push(ids[index]);
		else records.push(outcome.record);
	}
	if (missing.length > 0) {
		const detail = `No record of this kind with ID ${missing.join(', ')} (${label})`;
		return failed(context, notFoundError(node, detail, itemIndex));
	}
	return await itemsFromGatheredRecords(context, requestData, records);
}

function failed(
	context: IExecutePaginationFunctions,
	error: ReturnType<typeof errorForItem>,
): INodeExecutionData[] {
	if (context.continueOnFail()) return errorItem(context, error);
	throw error;
}
