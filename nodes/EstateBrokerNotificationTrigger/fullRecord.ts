import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { BrokerApiError, toNodeError } from '../shared/failures';
import { brokerRequest } from '../shared/wire';
import { READABLE_RECORDS } from './catalogue';
import { isReadableId } from './notification';

/**
 * The notification with its record, read through the package's one request path as the
 * workflow starts (on a worker in queue mode), never while the service waits for its answer.
 * recordStatus says what became of the read: read, removed (a Remove: nothing left to read),
 * gone (the record no longer exists), or notReadable (a target the interface cannot read by id,
 * or an id or office that could not be read from the notification).
 */
export async function withRecord(
	this: IExecuteFunctions,
	notification: IDataObject,
): Promise<IDataObject> {
	const path = READABLE_RECORDS[String(notification.type)]?.[String(notification.subtype)];
	if (!path) return { ...notification, recordStatus: 'notReadable' };
	if (notification.event === 'Remove') return { ...notification, recordStatus: 'removed' };
	// A merge's record is the contact that remains.
	const id = notification.event === 'Merge' ? notification.keptContactId : notification.id;
	if (!isReadableId(id) || !isReadableId(notification.customerId))
		return { ...notification, recordStatus: 'notReadable' };
	try {
		const record = await brokerRequest.call(this, {
			method: 'GET',
			path,
			pathValues: { office: notification.customerId, id },
			pathLabels: { office: 'customerId (notification)', id: 'id (notification)' },
		});
		return { ...notification, recordStatus: 'read', record: record as IDataObject };
	} catch (error) {
		if (error instanceof BrokerApiError && error.httpCode === '404')
			return { ...notification, recordStatus: 'gone' };
		throw toNodeError(this.getNode(), error);
	}
}
