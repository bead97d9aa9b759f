import type { IDataObject, IExecuteSingleFunctions, IHttpRequestOptions, INodeExecutionData } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { brokerRequest, MESSAGE_FORMAT_PARAMETER, type MessageFormat, type SendCall } from '../../shared/transport';

/**
 * Placing answers with the new bid id only; the item then shows the whole bid as the service
 * stored it (alias, time). If only the read-back fails, the item keeps the id and says so,
 * rather than failing: a retried item would place the bid a second time.
 */
export async function placeThenReadBack(this: IExecuteSingleFunctions, request: IHttpRequestOptions, send: SendCall): Promise<INodeExecutionData[]> {
	const itemIndex = this.getItemIndex();
	const [answer] = await send(request);
	const bidId = String(answer?.json.bidId ?? '').trim();
	if (bidId === '') {
		throw new NodeOperationError(this.getNode(), 'The service accepted the bid but did not return its ID', { itemIndex });
	}
	let json: IDataObject;
	try {
		const bid = await brokerRequest.call(this, {
			method: 'GET',
			path: '/CRM/Bid/{customerId}/{bidId}',
			pathValues: { bidId },
			customerId: this.getNodeParameter('customerId', ''),
			format: this.getNodeParameter(MESSAGE_FORMAT_PARAMETER, 'json') as MessageFormat,
			itemIndex,
		});
		json = { bidId, ...(bid && typeof bid === 'object' ? (bid as IDataObject) : {}) };
	} catch (error) {
		json = { bidId, readBackError: (error as Error).message };
	}
	return [{ json, pairedItem: { item: itemIndex } }];
}
