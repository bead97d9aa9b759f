import type { IDataObject } from 'n8n-workflow';

/**
 * Reading one notification as the service sends it (docs/spec/notifications.md), in either of
 * its forms: a JSON body, and the same fields (but `data`, `destinationId`, `sourceIds`) in the
 * query string. A notification is never refused for its shape: every field sent is kept, the
 * fields the node works with are read where they can be, and what cannot be read is said in
 * `problems`. Nothing here can wait or grow with the input beyond the body's byte limit, so a
 * hostile request is answered as fast as a good one.
 */

/** Largest body taken, checked on the raw bytes: a notification is a few hundred bytes; n8n itself takes up to 16 MiB. */
export const MOST_BODY_BYTES = 1024 * 1024;

/** The fields the node reads, in the service's spelling and order; the query carries them all but data, destinationId and sourceIds. */
const TEXT_FIELDS = [
	'name',
	'type',
	'event',
	'customerId',
	'id',
	'subtype',
	'chainId',
	'tenantId',
] as const;
const RELATION_FIELDS = ['relId1', 'relType1', 'relId2', 'relType2', 'relId3', 'relType3'] as const;
/** Read as ids; the others of TEXT_FIELDS as text. */
const ID_FIELDS = new Set<string>([
	'customerId',
	'id',
	'chainId',
	'tenantId',
	'relId1',
	'relId2',
	'relId3',
]);
/** Every notification names these; any other listed field may be missing (then null). */
const REQUIRED_FIELDS = ['type', 'event', 'customerId', 'id'] as const;

/** An id the interface reads: letters, digits and a few separators, short. */
const ID_PATTERN = /^[\p{L}\p{N}_.:-]{1,64}$/u;
export const isReadableId = (value: unknown): value is string =>
	typeof value === 'string' && ID_PATTERN.test(value);

/** The targets of the form of 2026-09-16, as the form of 2026-10-04 names them. */
const OLDER_TARGETS: Record<string, { type: string; subtype?: string }> = {
	EstateContactBuyer: { type: 'EstateContact', subtype: 'Buyer' },
	EstateContactSeller: { type: 'EstateContact', subtype: 'Seller' },
	EstateContactSpeculator: { type: 'EstateContact', subtype: 'Speculator' },
	Agent: { type: 'User' },
};

/**
 * A notification as read. The listed fields are text or null; `problems` says each field that
 * could not be read as the service describes it, whose value stays as sent.
 */
export type Notification = IDataObject & {
	event: string | null;
	type: string | null;
	id: string | null;
	customerId: string | null;
	subtype: string | null;
	name: string | null;
	chainId: string | null;
	problems: string[];
};

const isRecord = (value: unknown): value is IDataObject =>
	value !== null && typeof value === 'object' && !Array.isArray(value);

const idsOf = (value: unknown): string[] =>
	Array.isArray(value)
		? value
				.filter(
					(id) =>
						(typeof id === 'string' && id !== '') ||
						(typeof id === 'number' && Number.isFinite(id)),
				)
				.map(String)
		: [];

/** A listed field as text, or why it cannot be read (the value then stays as sent). */
function textOf(field: string, value: unknown): { text: string | null } | { problem: string } {
	if (value === undefined || value === null || value === '') return { text: null };
	if (Array.isArray(value))
		return { problem: `${field} is given ${value.length} times in the query` };
	const text = typeof value === 'number' && Number.isFinite(value) ? String(value) : value;
	if (typeof text !== 'string') return { problem: `${field} is not text` };
	if (ID_FIELDS.has(field) && !isReadableId(text))
		return { problem: `${field} is not an id (1 to 64 letters, digits, '_', '.', ':' or '-')` };
	return { text };
}

/**
 * The notification of a request: every field of the body and of the query (the caller leaves
 * the secret out), the body winning where both carry one; the listed fields read, the older
 * form's spellings mapped to today's, and what could not be read said in `problems`.
 */
export function readNotification(bodyData: unknown, queryData: unknown): Notification {
	const problems: string[] = [];
	const hasBody =
		bodyData !== undefined &&
		bodyData !== null &&
		bodyData !== '' &&
		!(isRecord(bodyData) && Object.keys(bodyData).length === 0);
	if (hasBody && !isRecord(bodyData))
		problems.push('the body is not a JSON object: the notification is read from the query string');
	const body = isRecord(bodyData) ? bodyData : {};
	const query = isRecord(queryData) ? queryData : {};
	// Every field sent: the query's first, the body's over them.
	const sent: IDataObject = { ...query, ...body };
	// The form of 2026-09-16 spells it subType.
	if ((sent.subtype === undefined || sent.subtype === null) && sent.subType !== undefined)
		sent.subtype = sent.subType;

	const read: IDataObject = {};
	for (const field of [...TEXT_FIELDS, ...RELATION_FIELDS]) {
		const value = textOf(field, sent[field]);
		if ('text' in value) read[field] = value.text;
		else {
			read[field] = sent[field];
			problems.push(value.problem);
		}
	}
	for (const field of REQUIRED_FIELDS)
		if (read[field] === null) problems.push(`${field} is missing`);

	const older = typeof read.type === 'string' ? OLDER_TARGETS[read.type] : undefined;
	const mapped: IDataObject = {};
	if (older) {
		mapped.typeAsSent = read.type;
		read.type = older.type;
		if (older.subtype !== undefined) {
			if (read.subtype === null) read.subtype = older.subtype;
			else if (read.subtype !== older.subtype)
				problems.push(
					`subtype ${String(read.subtype)} differs from the type sent, ${String(mapped.typeAsSent)}`,
				);
		}
	}
	if (sent.data !== undefined && sent.data !== null && !isRecord(sent.data))
		problems.push('data is not an object');
	if (sent.sourceIds !== undefined && sent.sourceIds !== null && !Array.isArray(sent.sourceIds))
		problems.push('sourceIds is not a list');
	else if (read.event === 'Merge' && idsOf(sent.sourceIds).length === 0)
		problems.push('sourceIds is missing: the merged contacts are not known');

	const notification: IDataObject = { ...read, ...mapped };
	for (const [field, value] of Object.entries(sent))
		if (!(field in notification)) notification[field] = value;
	notification.problems = problems;
	return notification as Notification;
}

/**
 * The item a notification starts the workflow with: every field as sent or as read, for a
 * merge the contact kept and the ids merged into it, and `problems` (empty when all was read).
 */
export function notificationItem(notification: Notification, isTest: boolean): IDataObject {
	const { problems, ...fields } = notification;
	const item: IDataObject = { ...fields };
	if (notification.event === 'Merge') {
		// destinationId and id both name the contact that remains; either may be the one sent.
		const destination = textOf('destinationId', notification.destinationId);
		item.keptContactId =
			('text' in destination && destination.text !== null ? destination.text : null) ??
			notification.id;
		item.mergedContactIds = idsOf(notification.sourceIds).filter((id) => id !== item.keptContactId);
	}
	item.isTest = isTest;
	item.problems = [...problems];
	return item;
}
