import type { IDataObject, IExecuteSingleFunctions, IHttpRequestOptions, INodeExecutionData } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { pathPlaceholders } from './path';
import { brokerRequest } from './request';
import type { SendCall } from './routing';
import { MESSAGE_FORMAT_PARAMETER } from './routing';
import type { MessageFormat } from './format';
import { timeoutMsOf } from './timeout';

export interface ReadBackOptions {
	/** Field of the write's answer item that holds the new id (`value` for a plain string answer). */
	answerKey: string;
	/** Key of the id in the output item. */
	idKey: string;
	/** GET path of the saved record: {id} is the returned id, other placeholders are node parameters. */
	readPath: string;
	/** What was saved, for the message when the service returns no id ("bid", "record"). */
	what: string;
}

/**
 * Writes that answer with an id only (place a bid, create or update a contact) return the
 * saved record, read back. One rule for every such write: once the write succeeded the item
 * never fails, because n8n's Retry On Fail or a re-run would write a second time (a second
 * bid). If only the read-back fails, the item keeps the id and says why in `readBackError`.
 */
export function writeThenReadBack(options: ReadBackOptions) {
	return async function (this: IExecuteSingleFunctions, request: IHttpRequestOptions, send: SendCall): Promise<INodeExecutionData[]> {
		const itemIndex = this.getItemIndex();
		const [answer] = await send(request);
		const raw = answer?.json[options.answerKey];
		const id = typeof raw === 'string' || typeof raw === 'number' ? String(raw).trim() : '';
		if (id === '') {
			throw new NodeOperationError(this.getNode(), `The service saved the ${options.what} but did not return its ID`, { itemIndex });
		}
		const pathValues: Record<string, unknown> = { id };
		for (const name of pathPlaceholders(options.readPath)) {
			if (name !== 'id' && name !== 'customerId') pathValues[name] = this.getNodeParameter(name, '');
		}
		let json: IDataObject;
		try {
			// brokerRequest, not `send`: the GET must not inherit the write's body and options.
			const record = await brokerRequest.call(this, {
				method: 'GET',
				path: options.readPath,
				pathValues,
				customerId: this.getNodeParameter('customerId', ''),
				format: this.getNodeParameter(MESSAGE_FORMAT_PARAMETER, 'json') as MessageFormat,
				timeoutMs: timeoutMsOf(this),
				itemIndex,
			});
			json = { [options.idKey]: id, ...(record && typeof record === 'object' ? (record as IDataObject) : {}) };
		} catch (error) {
			json = { [options.idKey]: id, readBackError: (error as Error).message };
		}
		return [{ json, pairedItem: { item: itemIndex } }];
	};
}
