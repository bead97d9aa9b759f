import type { IDataObject } from 'n8n-workflow';

/**
 * Reading one notification as the service sends it (docs/spec/notifications.md): a JSON body,
 * and the same fields (but `data`, `destinationId`, `sourceIds`) in the query string. Nothing
 * here can wait or grow with the input beyond the limits below, so a hostile request is
 * answered as fast as a good one.
 */

/** A notification carries ids only: anything larger is not one (checked on the raw body). */
export const MOST_BODY_BYTES = 64 * 1024;
/** Most contacts one merge may name. */
const MOST_MERGED_IDS = 1000;
const MOST_DATA_KEYS = 50;

/** Fields of the body and the query, in the service's spelling and order (data, destinationId and sourceIds come in the body only). */
const TEXT_FIELDS = ['name', 'type', 'event', 'customerId', 'id', 'subtype', 'chainId', 'tenantId'] as const;
const RELATION_FIELDS = ['relId1', 'relType1', 'relId2', 'relType2', 'relId3', 'relType3'] as const;

/** An id or a code: letters, digits and a few separators, short. */
const ID_PATTERN = /^[\p{L}\p{N}_.:-]{1,64}$/u;
const WORD_PATTERN = /^[A-Za-z]{1,64}$/;

export type Notification = IDataObject & {
	event: string;
	type: string;
	id: string;
	customerId: string;
	subtype: string | null;
	name: string | null;
	chainId: string | null;
};

/** Why a request is not a notification: the field and the rule, for the sender's log. */
export class NotANotification extends Error {}

const isRecord = (value: unknown): value is IDataObject => value !== null && typeof value === 'object' && !Array.isArray(value);

function idText(value: unknown, field: string): string {
	const text = typeof value === 'number' && Number.isSafeInteger(value) ? String(value) : value;
	if (typeof text !== 'string' || !ID_PATTERN.test(text)) throw new NotANotification(`${field} must be an id of 1 to 64 letters, digits, '_', '.', ':' or '-'`);
	return text;
}

/** A field from the body, or from the query where the body leaves it out; null when neither has it. */
function fieldOf(body: IDataObject, query: IDataObject, field: string): unknown {
	const fromBody = body[field];
	if (fromBody !== undefined && fromBody !== null) return fromBody;
	const fromQuery = query[field];
	// A repeated query parameter comes as a list: take none of them rather than guess.
	if (Array.isArray(fromQuery)) throw new NotANotification(`${field} is given more than once in the query`);
	return fromQuery ?? null;
}

/**
 * The notification of a request, or NotANotification naming the field and its rule. The body
 * wins where body and query both carry a field (the query may be cut short on the way).
 */
export function readNotification(bodyData: unknown, queryData: unknown): Notification {
	if (bodyData !== undefined && bodyData !== null && bodyData !== '' && !isRecord(bodyData)) throw new NotANotification('the body must be a JSON object');
	const body = isRecord(bodyData) ? bodyData : {};
	const query = isRecord(queryData) ? queryData : {};
	const read: IDataObject = {};
	for (const field of [...TEXT_FIELDS, ...RELATION_FIELDS]) {
		const value = fieldOf(body, query, field);
		read[field] = value === null || value === '' ? null : value;
	}
	for (const field of ['event', 'type'] as const) {
		if (typeof read[field] !== 'string' || !WORD_PATTERN.test(read[field] as string)) throw new NotANotification(`${field} is required: a word of 1 to 64 letters`);
	}
	read.id = idText(read.id, 'id');
	read.customerId = idText(read.customerId, 'customerId');
	for (const field of ['subtype', 'chainId', 'tenantId', ...RELATION_FIELDS]) if (read[field] !== null) read[field] = idText(read[field], field);
	if (read.name !== null) {
		if (typeof read.name !== 'string' || read.name.length > 200) throw new NotANotification('name must be text of at most 200 characters');
	}
	if (body.data !== undefined && body.data !== null) {
		if (!isRecord(body.data) || Object.keys(body.data).length > MOST_DATA_KEYS) throw new NotANotification(`data must be an object of at most ${MOST_DATA_KEYS} fields`);
		read.data = body.data;
	}
	if (read.event === 'Merge' || body.sourceIds !== undefined || body.destinationId !== undefined) {
		if (body.destinationId !== undefined && body.destinationId !== null) read.destinationId = idText(body.destinationId, 'destinationId');
		if (body.sourceIds !== undefined && body.sourceIds !== null) {
			if (!Array.isArray(body.sourceIds) || body.sourceIds.length > MOST_MERGED_IDS) throw new NotANotification(`sourceIds must be a list of at most ${MOST_MERGED_IDS} ids`);
			read.sourceIds = body.sourceIds.map((id, index) => idText(id, `sourceIds[${index}]`));
		}
	}
	if (read.event === 'Merge' && (read.sourceIds === undefined || (read.sourceIds as string[]).length === 0)) {
		throw new NotANotification('a Merge must list the merged contacts in sourceIds (body)');
	}
	return read as Notification;
}

/**
 * The item a notification starts the workflow with: its fields as sent, `data` and the merge
 * lists where sent, and for a merge the contact kept and the ids merged into it, once.
 */
export function notificationItem(notification: Notification, isTest: boolean): IDataObject {
	const item: IDataObject = { ...notification };
	if (notification.event === 'Merge') {
		// destinationId and id both name the contact that remains; either may be the one sent.
		item.keptContactId = (notification.destinationId as string | undefined) ?? notification.id;
		item.mergedContactIds = (notification.sourceIds as string[]).filter((id) => id !== item.keptContactId);
	}
	item.isTest = isTest;
	return item;
}
