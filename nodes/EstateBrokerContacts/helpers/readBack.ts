import type { IDataObject, IExecuteSingleFunctions, IHttpRequestOptions, INodeExecutionData } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { brokerRequest, MESSAGE_FORMAT_PARAMETER, type MessageFormat, pathPlaceholders, type SendCall } from '../../shared/transport';

/**
 * Create or Update answers with the id only; the next node wants the whole record. So the
 * saved record is read back and the item is { <idKey>: id, ...record }. In the read path,
 * {id} is the returned id and any other placeholder is the node parameter of that name.
 * The read-back goes through brokerRequest, not `send`, so the GET carries no request body.
 */
function readPathValues(context: IExecuteSingleFunctions, readPath: string, id: string): Record<string, unknown> {
	const values: Record<string, unknown> = { id };
	for (const name of pathPlaceholders(readPath)) {
		if (name !== 'id' && name !== 'customerId') values[name] = context.getNodeParameter(name, '');
	}
	return values;
}

export function saveThenReadBack(readPath: string, idKey: string) {
	return async function (this: IExecuteSingleFunctions, request: IHttpRequestOptions, send: SendCall): Promise<INodeExecutionData[]> {
		const itemIndex = this.getItemIndex();
		const [answer] = await send(request);
		const id = answer?.json.value;
		if (typeof id !== 'string' || id.trim() === '') {
			throw new NodeOperationError(this.getNode(), 'The service saved the record but did not return its ID', { itemIndex });
		}
		const record = await brokerRequest.call(this, {
			method: 'GET',
			path: readPath,
			pathValues: readPathValues(this, readPath, id),
			customerId: this.getNodeParameter('customerId', ''),
			format: this.getNodeParameter(MESSAGE_FORMAT_PARAMETER, 'json') as MessageFormat,
			itemIndex,
		});
		const json: IDataObject = { [idKey]: id, ...(record && typeof record === 'object' ? (record as IDataObject) : {}) };
		return [{ json, pairedItem: { item: itemIndex } }];
	};
}
