import type { IDataObject } from 'n8n-workflow';

import { ESTATE_STATUSES } from './kinds';

/**
 * The fields of an estate a brokerage acts on when they change (status, price, viewings,
 * bidding), what is remembered of them between two readings, and what changed between the
 * two. The memory is one short string per estate, so that thousands of published estates fit
 * in n8n's static data: the status as a one-character code, the price in base 36, each
 * viewing as a 4-character hash of its id, whether bidding is active, and a 5-character hash
 * of the `changedAt` text the estate list last showed (a row whose text differs is read again).
 */

/** The watched fields of one estate as read. */
export interface WatchedFields {
	/** `status.id`; null when the record gives none. */
	status: string | null;
	/** `price.startingPrice`; null when the record gives none (a hidden price). */
	price: number | null;
	/** `viewings[].id`, in the record's order. */
	viewings: string[];
	/** `bidding.isActive`; null when the record gives none. */
	biddingActive: boolean | null;
}

/** What is remembered of an estate: its watched fields, viewings as hashes, and its listed change time as a hash. */
export interface RememberedEstate {
	changedAtHash: string;
	status: string | null;
	price: number | null;
	viewingHashes: string[];
	biddingActive: boolean | null;
	/** The customer the estate is listed under, where it is not the memory's usual one. */
	customerId?: string;
}

/** The changes of the watched fields between two readings of an estate, each `{ old, new }`. */
export type WatchedChanges = IDataObject;

const text = (value: unknown) =>
	typeof value === 'string' && value !== ''
		? value
		: typeof value === 'number'
			? String(value)
			: null;

const objectAt = (record: IDataObject, name: string): IDataObject =>
	record[name] !== null && typeof record[name] === 'object' && !Array.isArray(record[name])
		? (record[name] as IDataObject)
		: {};

/** The watched fields of an estate record as the service sends it (advertising.md section 7). */
export function watchedFieldsOf(estate: IDataObject): WatchedFields {
	const price = objectAt(estate, 'price').startingPrice;
	const active = objectAt(estate, 'bidding').isActive;
	const viewings = Array.isArray(estate.viewings) ? estate.viewings : [];
	return {
		status: text(objectAt(estate, 'status').id),
		price: typeof price === 'number' && Number.isFinite(price) ? price : null,
		viewings: viewings
			.map((viewing) =>
				viewing !== null && typeof viewing === 'object' ? text((viewing as IDataObject).id) : null,
			)
			.filter((id): id is string => id !== null),
		biddingActive: typeof active === 'boolean' ? active : null,
	};
}

/** FNV-1a, 32 bits, of a text's UTF-16 code units. */
function fnv1a(value: string): number {
	let hash = 0x811c9dc5;
	for (let index = 0; index < value.length; index++) {
		hash ^= value.charCodeAt(index);
		hash = Math.imul(hash, 0x01000193) >>> 0;
	}
	return hash;
}

/** A hash of `width` base-36 characters. */
function shortHash(value: string, width: number): string {
	return (fnv1a(value) % 36 ** width).toString(36).padStart(width, '0');
}

const CHANGED_AT_WIDTH = 5;
const VIEWING_WIDTH = 4;

/** The remembered form of a listed `changedAt` text (as sent: a row whose text differs was changed). */
export const changedAtHash = (changedAt: unknown): string =>
	shortHash(typeof changedAt === 'string' ? changedAt : '', CHANGED_AT_WIDTH);

export const viewingHash = (viewingId: string): string => shortHash(viewingId, VIEWING_WIDTH);

/** Characters that separate the packed fields are written %-escaped inside a field. */
const escapeField = (value: string) => value.replace(/[%,]/g, (match) => encodeURIComponent(match));
const unescapeField = (value: string) => decodeURIComponent(value);

/**
 * A status as stored: its position in ESTATE_STATUSES in base 36 (stored memories depend on
 * that order), or `~` and the id for a status the list does not name.
 */
function packStatus(status: string | null): string {
	if (status === null) return '';
	const code = (ESTATE_STATUSES as readonly string[]).indexOf(status);
	return code >= 0 ? code.toString(36) : `~${escapeField(status)}`;
}

function unpackStatus(packed: string): string | null {
	if (packed === '') return null;
	if (packed.startsWith('~')) return unescapeField(packed.slice(1));
	return ESTATE_STATUSES[parseInt(packed, 36)] ?? null;
}

function packPrice(price: number | null): string {
	if (price === null) return '';
	return Number.isSafeInteger(price) && price >= 0 ? price.toString(36) : `=${String(price)}`;
}

function unpackPrice(packed: string): number | null {
	if (packed === '') return null;
	return packed.startsWith('=') ? Number(packed.slice(1)) : parseInt(packed, 36);
}

/**
 * One estate's memory as one string: the change time's hash (5 characters), bidding (`1`
 * active, `0` not, `-` not given) and the status code, then `,price,viewing hashes` and, for
 * an estate of another customer than the memory's, `,customer id`. E.g. `0k3j203,2cnu8,1a2b9zz0`
 * (bidding not active, For Sale, 3,950,000, two viewings).
 */
export function packEstate(remembered: RememberedEstate): string {
	const bidding = remembered.biddingActive === null ? '-' : remembered.biddingActive ? '1' : '0';
	const fields = [
		`${remembered.changedAtHash}${bidding}${packStatus(remembered.status)}`,
		packPrice(remembered.price),
		remembered.viewingHashes.join(''),
	];
	if (remembered.customerId !== undefined) fields.push(escapeField(remembered.customerId));
	return fields.join(',');
}

/** An estate's memory read back; undefined for a string in no known form. */
export function unpackEstate(packed: unknown): RememberedEstate | undefined {
	if (typeof packed !== 'string') return undefined;
	const fields = packed.split(',');
	if (fields.length < 3 || fields.length > 4) return undefined;
	const [head, price, viewings, customerId] = fields;
	const bidding = head.charAt(CHANGED_AT_WIDTH);
	if (!['0', '1', '-'].includes(bidding) || viewings.length % VIEWING_WIDTH !== 0) return undefined;
	const remembered: RememberedEstate = {
		changedAtHash: head.slice(0, CHANGED_AT_WIDTH),
		status: unpackStatus(head.slice(CHANGED_AT_WIDTH + 1)),
		price: unpackPrice(price),
		viewingHashes: viewings.match(new RegExp(`.{${VIEWING_WIDTH}}`, 'g')) ?? [],
		biddingActive: bidding === '-' ? null : bidding === '1',
	};
	if (remembered.price !== null && !Number.isFinite(remembered.price)) return undefined;
	if (customerId !== undefined) remembered.customerId = unescapeField(customerId);
	return remembered;
}

/** What to remember of an estate just read, listed with `changedAt` (as sent). */
export function rememberEstate(
	fields: WatchedFields,
	changedAt: unknown,
	customerId?: string,
): RememberedEstate {
	return {
		changedAtHash: changedAtHash(changedAt),
		status: fields.status,
		price: fields.price,
		viewingHashes: fields.viewings.map(viewingHash),
		biddingActive: fields.biddingActive,
		...(customerId !== undefined ? { customerId } : {}),
	};
}

const roundedPercent = (value: number) => Math.round(value * 100) / 100;

/**
 * Every watched field that differs between what was remembered and the estate as read now:
 * `status { old, new }` (status ids), `price { old, new, difference, percent }` (the starting
 * price; difference new − old, percent of the old price rounded to 2 decimals, null where a
 * price is missing), `viewings { old, new, added, removed }` (how many viewings before and
 * now, the ids of those added, how many were removed), `bidding { old: { isActive }, new:
 * { isActive } }`. Empty when nothing watched changed.
 */
export function watchedChanges(before: RememberedEstate, now: WatchedFields): WatchedChanges {
	const changes: WatchedChanges = {};
	if (before.status !== now.status) changes.status = { old: before.status, new: now.status };
	if (before.price !== now.price) {
		const both = before.price !== null && now.price !== null;
		const difference = both ? now.price! - before.price! : null;
		changes.price = {
			old: before.price,
			new: now.price,
			difference,
			percent:
				difference !== null && before.price !== 0
					? roundedPercent((difference / before.price!) * 100)
					: null,
		};
	}
	const known = new Set(before.viewingHashes);
	const added = now.viewings.filter((id) => !known.has(viewingHash(id)));
	const present = new Set(now.viewings.map(viewingHash));
	const removed = before.viewingHashes.filter((hash) => !present.has(hash)).length;
	if (added.length > 0 || removed > 0)
		changes.viewings = {
			old: before.viewingHashes.length,
			new: now.viewings.length,
			added,
			removed,
		};
	if (before.biddingActive !== now.biddingActive)
		changes.bidding = {
			old: { isActive: before.biddingActive },
			new: { isActive: now.biddingActive },
		};
	return changes;
}

/**
 * An item with its estate's `changes`: what the watched fields did since the estate was last
 * read, or `null` with `changesNote` (`firstReadNote`: why nothing is known) where there is no
 * earlier reading to compare with.
 */
export function withChanges(
	item: IDataObject,
	changes: WatchedChanges | null,
	firstReadNote: string,
): IDataObject {
	return changes ? { ...item, changes } : { ...item, changes: null, changesNote: firstReadNote };
}
