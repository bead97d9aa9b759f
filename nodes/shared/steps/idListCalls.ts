import type { IExecutePaginationFunctions, IHttpRequestOptions, INodeExecutionData } from 'n8n-workflow';

import { chunkIds, idListForm, parseIdList } from '../limits';
import type { CallsStep } from '../transport';

export interface IdListCallOptions {
	/** Node parameter holding the ids. */
	parameter?: string;
	/** Field name for messages. */
	label?: string;
	/** Keep every chunk's ids in the path (the plain contact list, whose query form would hit the list endpoint). */
	alwaysInPath?: boolean;
}

function idOf(item: INodeExecutionData): string | undefined {
	const id = item.json.id ?? item.json.contactId;
	return id === undefined || id === null ? undefined : String(id);
}

/**
 * Get Many by ids in the fewest calls the rules allow (n8n's pagination hook): chunks of 20;
 * up to 5 ids of a chunk in the path, more as the contactIds query on the path without the ids
 * segment. Items come out in the order the ids were given, one per record, duplicates dropped.
 */
export function idListCalls(options: IdListCallOptions = {}): CallsStep {
	const parameter = options.parameter ?? 'contactIds';
	const label = options.label ?? 'Contact IDs';
	return async function (this: IExecutePaginationFunctions, requestData) {
		const request = requestData.options as IHttpRequestOptions;
		const send = async (call: IHttpRequestOptions) => await this.makeRoutingRequest({ ...requestData, options: call });
		const ids = parseIdList(this.getNode(), this.getNodeParameter(parameter), label, this.getItemIndex());
		const calls = chunkIds(ids).map(async (chunk) => {
			const form = options.alwaysInPath ? ({ kind: 'path', segment: chunk.join(',') } as const) : idListForm(chunk);
			if (form.kind === 'query') return await send({ ...request, qs: { ...(request.qs ?? {}), contactIds: form.contactIds } });
			const segment = chunk.map((id) => encodeURIComponent(id)).join(',');
			return await send({ ...request, url: `${request.url}/${segment}` });
		});
		const items = (await Promise.all(calls)).flat();
		const position = new Map(ids.map((id, index) => [id, index]));
		const seen = new Set<string>();
		const unique = items.filter((item) => {
			const id = idOf(item);
			if (id === undefined) return true;
			if (seen.has(id)) return false;
			seen.add(id);
			return true;
		});
		const rank = (item: INodeExecutionData) => position.get(idOf(item) ?? '') ?? ids.length;
		return unique.sort((a, b) => rank(a) - rank(b));
	};
}
