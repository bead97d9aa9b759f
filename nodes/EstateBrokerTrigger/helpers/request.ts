import type { IDataObject, IPollFunctions } from 'n8n-workflow';

import { serviceTime } from '../../shared/dates';
import { brokerRequest, type BrokerCall, MESSAGE_FORMAT_PARAMETER, type MessageFormat, timeoutMsOf } from '../../shared/transport';

/** A call through the shared transport with the trigger's own Customer ID and message format. */
export async function triggerRequest(this: IPollFunctions, call: Omit<BrokerCall, 'customerId' | 'format' | 'timeoutMs'>): Promise<unknown> {
	return await brokerRequest.call(this, {
		...call,
		customerId: this.getNodeParameter('customerId', ''),
		format: this.getNodeParameter(MESSAGE_FORMAT_PARAMETER, 'json') as MessageFormat,
		timeoutMs: timeoutMsOf(this),
	});
}

/** A list answer as an array of records, whether the service sent an array, one record or nothing. */
export function asRecords(value: unknown): IDataObject[] {
	if (value === undefined || value === null || value === '') return [];
	const list = Array.isArray(value) ? value : [value];
	return list.filter((entry): entry is IDataObject => entry !== null && typeof entry === 'object');
}

/** UTC ISO 8601 of a record time, or undefined when it is missing or unreadable (shared dates: the service speaks UTC). */
export const isoTime = serviceTime;
