import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { BrokerApiError, toNodeError } from '../shared/failures';
import { EXTEND_QUERY, LIST_QUERY, LISTINGS } from '../shared/listings';
import { send } from '../shared/wire';
import { LISTING_RECORDS, READABLE_RECORDS } from './catalogue';
import { isReadableId } from './notification';

/** A customer id (M30011, G2 …) where an office's own id (FIR30011) belongs: advertising.md section 3. */
const CUSTOMER_ID = /^[MSOGT]\d+$/i;

/** A read by id under the notification's own office: its record, or undefined for a 404. */
async function readUnderOffice(
	context: IExecuteFunctions,
	path: string,
	office: unknown,
	id: unknown,
	qs?: IDataObject,
): Promise<IDataObject | undefined> {
	try {
		const record = (
			await send(context, {
				method: 'GET',
				path,
				pathValues: { office, id },
				pathLabels: { office: 'customerId (notification)', id: 'id (notification)' },
				...(qs ? { qs } : {}),
			})
		).body;
		return record as IDataObject;
	} catch (error) {
		if (error instanceof BrokerApiError && error.httpCode === '404') return undefined;
		throw toNodeError(context.getNode(), error);
	}
}

/** A listing path with the notification's office in place of the node's customer, and the record's id as `{id}`. */
const underOffice = (path: string, idName: string) =>
	path.replace('{customerId}', '{office}').replace(`{${idName}}`, '{id}');

/**
 * An Office notification's record. The office read takes the office's own id (FIR…) and
 * answers 404 for a customer id in its place (advertising.md section 3); a notification naming
 * the office by its customer id (M…) is read through the office list of that customer, whose
 * row gives the office id.
 */
async function officeRecord(
	context: IExecuteFunctions,
	office: unknown,
	id: string,
): Promise<IDataObject | undefined> {
	const { list, record, idName } = LISTINGS.office;
	if (!CUSTOMER_ID.test(id))
		return await readUnderOffice(context, underOffice(record, idName), office, id);
	const page = await readUnderOffice(context, underOffice(list, 'none'), id, undefined, {
		[LIST_QUERY.pageSize]: 100,
		[LIST_QUERY.pageIndex]: 0,
	});
	const rows = Array.isArray(page?.rows) ? (page.rows as IDataObject[]) : [];
	const row =
		rows.find((candidate) => candidate?.customerId === id) ??
		(rows.length === 1 ? rows[0] : undefined);
	if (!row || !isReadableId(row.id)) return undefined;
	return await readUnderOffice(context, underOffice(record, idName), id, row.id);
}

/** The record of a listing target (estate, agent, office, area, project); undefined when the service answers 404. */
async function listingRecord(
	context: IExecuteFunctions,
	type: string,
	office: unknown,
	id: string,
): Promise<IDataObject | undefined> {
	const { kind, extend } = LISTING_RECORDS[type];
	if (kind === 'office') return await officeRecord(context, office, id);
	const { record, idName } = LISTINGS[kind];
	return await readUnderOffice(
		context,
		underOffice(record, idName),
		office,
		id,
		extend.length > 0 ? { [EXTEND_QUERY]: extend.join('+') } : undefined,
	);
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
			: await readUnderOffice(this, path!, notification.customerId, id);
		return record === undefined
			? { ...notification, recordStatus: 'gone' }
			: { ...notification, recordStatus: 'read', record };
	} catch (error) {
		throw toNodeError(this.getNode(), error);
	}
}
