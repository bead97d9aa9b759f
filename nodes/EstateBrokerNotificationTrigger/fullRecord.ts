import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { toNodeError } from '../shared/failures';
import { isNotFound, readListing } from '../shared/listings';
import { send } from '../shared/wire';
import { LISTING_RECORDS, READABLE_RECORDS } from './catalogue';
import { isReadableId } from './notification';

/** A read by id of a contact under the notification's own office: its record, or undefined for a 404. */
async function readContactRecord(
	context: IExecuteFunctions,
	path: string,
	office: string,
	id: string,
): Promise<IDataObject | undefined> {
	try {
		const record = (
			await send(context, {
				method: 'GET',
				path,
				pathValues: { office, id },
				pathLabels: { office: 'customerId (notification)', id: 'id (notification)' },
			})
		).body;
		return record as IDataObject;
	} catch (error) {
		if (isNotFound(error)) return undefined;
		throw toNodeError(context.getNode(), error);
	}
}

/**
 * The record of a listing target (estate, agent, office, area, project) under the
 * notification's office, through the one listing reader: undefined when the service answers
 * 404. An office named by its customer id is found through that customer's office list (the
 * reader's rule for an id the service gave).
 */
async function listingRecord(
	context: IExecuteFunctions,
	type: string,
	office: string,
	id: string,
): Promise<IDataObject | undefined> {
	const { kind, extend } = LISTING_RECORDS[type];
	const read = await readListing(context, kind, id, {
		customerId: office,
		extend,
		fromService: true,
	});
	if (read.status === 'read') return read.record;
	if (read.status === 'gone') return undefined;
	throw read.error;
}

/**
 * The notification with its record, read through the package's one request path as the
 * workflow starts (on a worker in queue mode), never while the service waits for its answer.
 * recordStatus says what became of the read: read, removed (a Remove: nothing left to read),
 * gone (the service answered 404: the record no longer exists, or, for a listing, is not
 * published), or notReadable (a target the interface cannot read by id, or an id or office that
 * could not be read from the notification). A listing the service answers is passed on as sent
 * (an estate no longer published may come with marketing.isPublished false).
 */
export async function withRecord(
	this: IExecuteFunctions,
	notification: IDataObject,
): Promise<IDataObject> {
	const type = String(notification.type);
	const listing = LISTING_RECORDS[type] !== undefined;
	const path = READABLE_RECORDS[type]?.[String(notification.subtype)];
	if (!path && !listing) return { ...notification, recordStatus: 'notReadable' };
	if (notification.event === 'Remove') return { ...notification, recordStatus: 'removed' };
	// A merge's record is the contact that remains.
	const id = notification.event === 'Merge' ? notification.keptContactId : notification.id;
	if (!isReadableId(id) || !isReadableId(notification.customerId))
		return { ...notification, recordStatus: 'notReadable' };
	try {
		const record = listing
			? await listingRecord(this, type, notification.customerId, id)
			: await readContactRecord(this, path!, notification.customerId, id);
		return record === undefined
			? { ...notification, recordStatus: 'gone' }
			: { ...notification, recordStatus: 'read', record };
	} catch (error) {
		throw toNodeError(this.getNode(), error);
	}
}
