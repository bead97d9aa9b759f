import type {
	IDataObject,
	INodeExecutionData,
	INodeProperties,
	IPollFunctions,
} from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { readServiceTime } from '../../shared/dates';
import { estateStatusChoices } from '../../shared/descriptions';
import {
	changedAtHash,
	changesSinceLastRead,
	forgetOldest,
	type EstateMemory,
	ESTATE_TYPE_EXTENDS,
	LISTING_PARAMETERS,
	listingReadsInFlight,
	readEstateMemory,
	readListing,
	readListingPages,
	rememberEstate,
	simplifiedListing,
	type WatchedChanges,
	watchedChanges,
	watchedFieldsOf,
	withChanges,
	writeEstateMemory,
} from '../../shared/listings';
import { unexpectedAnswer } from '../helpers/listedRecords';
import { pollDeadline, stateScope } from '../helpers/pollRecords';

/**
 * The listing events that say what changed: an estate's status, its price, a viewing added,
 * bidding started, the estate taken off the website. Each poll reads the whole estate list
 * (rows of id and change time, 100 a page) and reads by id only the estates whose listed
 * change time moved since the poll that last read them, those it has not read yet, and those
 * the list no longer shows. It compares the watched fields with what it remembers of each
 * published estate (shared/listings/estateMemory.ts) and emits the changes the event asks for.
 *
 * Exactness rests on the comparison, not on times: a row listed twice, or a change time
 * written another way, costs a read and emits nothing; an estate whose read fails keeps its
 * memory and is read again next poll; an estate not listed is unpublished only once a read by
 * id says so (404, or `marketing.isPublished` false), since a list that moves while it is
 * paged can leave a row out. The first poll after activation only remembers.
 */

export const LISTING_WATCH_EVENTS = [
	'listingStatusChanged',
	'listingPriceChanged',
	'viewingAdded',
	'biddingStarted',
	'listingUnpublished',
] as const;
export type ListingWatchEvent = (typeof LISTING_WATCH_EVENTS)[number];

export const isListingWatchEvent = (event: string): event is ListingWatchEvent =>
	(LISTING_WATCH_EVENTS as readonly string[]).includes(event);

/** The events, as the trigger's Event lists them. */
export const LISTING_WATCH_OPTIONS = [
	{
		name: 'Bidding Started',
		value: 'biddingStarted',
		description: "Bidding on a published estate became active (the estate's bidding.isActive)",
	},
	{
		name: 'Listing Price Changed',
		value: 'listingPriceChanged',
		description: "A published estate's asking price was lowered or raised",
	},
	{
		name: 'Listing Status Changed',
		value: 'listingStatusChanged',
		description: 'A published estate changed status (e.g. For Sale to Sold)',
	},
	{
		name: 'Listing Unpublished',
		value: 'listingUnpublished',
		description: 'An estate was taken off the website (it left the list of published estates)',
	},
	{
		name: 'Viewing Added',
		value: 'viewingAdded',
		description: 'A published estate got a viewing (an open house); one item per viewing',
	},
];

const STATUS_EVENT = { show: { event: ['listingStatusChanged'] } };

export const listingWatchFields: INodeProperties[] = [
	{
		displayName: 'From Statuses',
		name: 'fromStatuses',
		type: 'multiOptions',
		options: estateStatusChoices(),
		default: [],
		description: 'Only estates that had one of these statuses. None chosen: any.',
		displayOptions: STATUS_EVENT,
	},
	{
		displayName: 'To Statuses',
		name: 'toStatuses',
		type: 'multiOptions',
		options: estateStatusChoices(),
		default: [],
		description:
			'Only estates that changed to one of these statuses (e.g. Sold). None chosen: any.',
		displayOptions: STATUS_EVENT,
	},
	{
		displayName: 'Price Change',
		name: 'priceChange',
		type: 'options',
		options: [
			{ name: 'Either', value: 'either', description: 'Lowered or raised' },
			{ name: 'Lowered', value: 'lowered' },
			{ name: 'Raised', value: 'raised' },
		],
		default: 'either',
		description: 'Which changes of the asking price start the workflow',
		displayOptions: { show: { event: ['listingPriceChanged'] } },
	},
	{
		displayName: 'Simplify',
		name: LISTING_PARAMETERS.simplify,
		type: 'boolean',
		default: true,
		description:
			'Whether each item is the estate in the fields of Estates › Estate › Get with Simplify on (ID, status, address, prices, agents, publishing…) instead of its whole record',
		displayOptions: {
			show: {
				event: ['listingStatusChanged', 'listingPriceChanged', 'viewingAdded', 'biddingStarted'],
			},
		},
	},
];

/** Where the memory lives in the node's static data, beside the other events' `state`. */
const MEMORY = 'estates';
/** Pages one poll reads at most: 1,000,000 published estates. */
const MAX_PAGES = 10_000;

interface ListedEstate {
	changedAt: unknown;
	customerId?: string;
	/** Whether any listing of it this poll showed a change time other than the remembered one. */
	moved: boolean;
}

/** Every published estate the list shows, by id, in the list's order; a row listed twice counts once. */
async function listedEstates(
	context: IPollFunctions,
	memory: EstateMemory | undefined,
): Promise<Map<string, ListedEstate>> {
	const node = context.getNode();
	const listed = new Map<string, ListedEstate>();
	for await (const page of readListingPages(context, 'estate', {
		maxPages: MAX_PAGES,
		times: 'asSent',
		notAPage: (answer) =>
			unexpectedAnswer(node, 'a page of the estate list', answer, 'a page with rows'),
	})) {
		for (const row of page.rows) {
			if (typeof row.id !== 'string' && typeof row.id !== 'number') continue;
			const id = String(row.id);
			const remembered = memory?.estates.get(id);
			const moved = !remembered || remembered.changedAtHash !== changedAtHash(row.changedAt);
			listed.set(id, {
				changedAt: row.changedAt,
				...(typeof row.customerId === 'string' ? { customerId: row.customerId } : {}),
				moved: moved || listed.get(id)?.moved === true,
			});
		}
	}
	return listed;
}

type EstateRead = { estate: IDataObject } | { unpublished: true } | { failed: true };

/**
 * The estates by id, as many in flight as the account allows, each with its type's details
 * (as Estates › Estate › Get reads it), through the one listing reader (which takes only the
 * estate asked for). A 404, or a record saying it is not published, is `unpublished`; any
 * other failure, or an answer that is not the estate, is `failed` (read again next poll). No read starts after the poll's fetching budget; those left are not in the map.
 */
async function readEstates(
	context: IPollFunctions,
	ids: string[],
	deadline: number,
): Promise<Map<string, EstateRead>> {
	const reads = new Map<string, EstateRead>();
	let next = 0;
	const work = async () => {
		while (next < ids.length && Date.now() < deadline) {
			const id = ids[next++];
			const read = await readListing(context, 'estate', id, { extend: ESTATE_TYPE_EXTENDS });
			if (read.status === 'gone') reads.set(id, { unpublished: true });
			else if (read.status !== 'read') reads.set(id, { failed: true });
			else if ((read.record.marketing as IDataObject | undefined)?.isPublished === false)
				reads.set(id, { unpublished: true });
			else reads.set(id, { estate: read.record });
		}
	};
	const workers = Math.min(ids.length, await listingReadsInFlight(context));
	await Promise.all(Array.from({ length: workers }, work));
	return reads;
}

/** The estate as the item shows it: Simplify's fields, or the whole record. */
function estateOut(context: IPollFunctions, estate: IDataObject): IDataObject {
	return context.getNodeParameter(LISTING_PARAMETERS.simplify, true) === true
		? simplifiedListing('estate', estate)
		: estate;
}

const chosen = (context: IPollFunctions, name: string): string[] => {
	const value = context.getNodeParameter(name, []) as unknown;
	return Array.isArray(value) ? value.map(String) : [];
};

/** The items of one estate's changes for the event chosen; none when the event does not concern them. */
function itemsOf(
	context: IPollFunctions,
	event: ListingWatchEvent,
	estate: IDataObject,
	changes: WatchedChanges,
): IDataObject[] {
	const item = () => ({ ...estateOut(context, estate), changes });
	if (event === 'listingStatusChanged') {
		const status = changes.status as { old: string | null; new: string | null } | undefined;
		if (!status) return [];
		const from = chosen(context, 'fromStatuses');
		const to = chosen(context, 'toStatuses');
		if (from.length > 0 && !from.includes(String(status.old))) return [];
		if (to.length > 0 && !to.includes(String(status.new))) return [];
		return [item()];
	}
	if (event === 'listingPriceChanged') {
		const price = changes.price as { difference: number | null } | undefined;
		if (!price || price.difference === null || price.difference === 0) return [];
		const wanted = String(context.getNodeParameter('priceChange', 'either'));
		if (wanted === 'lowered' && price.difference > 0) return [];
		if (wanted === 'raised' && price.difference < 0) return [];
		return [item()];
	}
	if (event === 'viewingAdded') {
		const added = (changes.viewings as { added: string[] } | undefined)?.added ?? [];
		const viewings = Array.isArray(estate.viewings) ? (estate.viewings as IDataObject[]) : [];
		return added.map((id) => ({
			...item(),
			viewing: viewings.find((viewing) => String(viewing?.id) === id) ?? { id },
		}));
	}
	if (event === 'biddingStarted') {
		const bidding = changes.bidding as { old: IDataObject; new: IDataObject } | undefined;
		return bidding?.new.isActive === true && bidding.old.isActive === false ? [item()] : [];
	}
	return [];
}

/** Listing Unpublished's item: what the trigger knew of the estate. */
function unpublishedItem(memory: EstateMemory, id: string): IDataObject {
	const remembered = memory.estates.get(id)!;
	return {
		id,
		customerId: remembered.customerId ?? null,
		status: remembered.status,
		startingPrice: remembered.price,
		changes: { published: { old: true, new: false } },
	};
}

/** Fetch Test Event: the estate changed last, with what changed since the trigger last read it (null when it has not). */
async function testEvent(
	context: IPollFunctions,
	event: ListingWatchEvent,
	memory: EstateMemory | undefined,
): Promise<INodeExecutionData[][]> {
	const listed = await listedEstates(context, memory);
	let newest: string | undefined;
	let newestMs = -Infinity;
	for (const [id, row] of listed) {
		const ms =
			typeof row.changedAt === 'string' ? readServiceTime(row.changedAt)?.millis : undefined;
		if (ms !== undefined && ms > newestMs) [newest, newestMs] = [id, ms];
	}
	const nothing = () =>
		new NodeOperationError(context.getNode(), 'No published estates found', {
			description:
				'The office has no published estate. Publish an estate on the website, then fetch the test event again.',
		});
	if (!newest) throw nothing();
	const read = (await readEstates(context, [newest], Infinity)).get(newest);
	if (!read || !('estate' in read)) throw nothing();
	const remembered = memory?.estates.get(newest);
	const fields = watchedFieldsOf(read.estate);
	const item = withChanges(
		event === 'listingUnpublished' ? { id: newest } : estateOut(context, read.estate),
		remembered ? watchedChanges(remembered, fields) : null,
		'A test event: the estate changed last, as it is now. Once the workflow is published, changes holds each watched field that changed, with its old and new value.',
	);
	if (event === 'viewingAdded') {
		const viewings = Array.isArray(read.estate.viewings) ? read.estate.viewings : [];
		item.viewing = (viewings[viewings.length - 1] as IDataObject | undefined) ?? null;
	}
	return [context.helpers.returnJsonArray([item])];
}

/**
 * One poll of a listing event that says what changed. Every request is made before the memory
 * is written; a list that cannot be read fails the poll with the memory as it was.
 */
export async function pollListingWatch(
	this: IPollFunctions,
	event: ListingWatchEvent,
): Promise<INodeExecutionData[][] | null> {
	const startedAt = Date.now();
	const data = this.getWorkflowStaticData('node');
	const scope = await stateScope(this, event, []);
	const previous = readEstateMemory(data, MEMORY, scope);
	if (this.getMode() === 'manual') return await testEvent(this, event, previous);
	const memory: EstateMemory = previous ?? { estates: new Map() };

	const listed = await listedEstates(this, previous);
	const absent = [...memory.estates.keys()].filter((id) => !listed.has(id));
	const moved = [...listed].filter(([, row]) => row.moved).map(([id]) => id);
	const reads = await readEstates(this, [...moved, ...absent], pollDeadline(this, startedAt));

	const items: IDataObject[] = [];
	for (const id of [...moved, ...absent]) {
		const read = reads.get(id);
		// Not read (a failure, or the poll's budget spent): remembered as it was, read again next poll.
		if (!read || 'failed' in read) continue;
		const row = listed.get(id);
		const remembered = memory.estates.get(id);
		if ('unpublished' in read) {
			if (remembered && previous) {
				if (event === 'listingUnpublished') items.push(unpublishedItem(memory, id));
				memory.estates.delete(id);
			}
			continue;
		}
		const fields = watchedFieldsOf(read.estate);
		// An estate not listed keeps its remembered change time: the list's row decides the next read.
		const changedAt = row ? row.changedAt : undefined;
		const now = rememberEstate(fields, changedAt, row?.customerId ?? remembered?.customerId);
		if (!row && remembered) now.changedAtHash = remembered.changedAtHash;
		memory.estates.set(id, now);
		// A first sighting (the activation, a newly published estate) is what the trigger starts from.
		if (!remembered || !previous) continue;
		const changes = watchedChanges(remembered, fields);
		if (Object.keys(changes).length > 0) items.push(...itemsOf(this, event, read.estate, changes));
	}
	if (previous === undefined || moved.length > 0 || reads.size > 0)
		writeEstateMemory(data, MEMORY, scope, memory);
	return items.length > 0 ? [this.helpers.returnJsonArray(items)] : null;
}

/** Estates Listing Published or Changed remembers at most (about 30 bytes each); the one read longest ago is forgotten first. */
const MAX_CHANGED_ESTATES = 20_000;

const FIRST_READ_NOTE =
	'The trigger reads this estate for the first time since the workflow was published, so what changed is not known; its next change says.';

/**
 * Listing Published or Changed with Include Whole Estate: each whole estate with `changes`,
 * what its watched fields did since the trigger last read the estate (`null` and
 * `changesNote` the first time). The trigger remembers the estates it read, as these events
 * do, at most MAX_CHANGED_ESTATES; a row gone from the service is forgotten.
 */
export async function withListingChanges(
	context: IPollFunctions,
	items: IDataObject[],
): Promise<IDataObject[]> {
	const data = context.getWorkflowStaticData('node');
	const scope = await stateScope(context, 'listingPublishedOrChanged', ['changes']);
	const memory = readEstateMemory(data, MEMORY, scope) ?? { estates: new Map() };
	const out = items.map((item) => {
		const id = String(item.id);
		if (item.recordStatus === 'gone') memory.estates.delete(id);
		if (item.marketing === undefined || item.wholeEstateError !== undefined) return item;
		const customerId = (item.office as IDataObject | undefined)?.customerId;
		const changes = changesSinceLastRead(
			memory,
			id,
			item,
			typeof customerId === 'string' ? customerId : undefined,
		);
		return withChanges(item, changes, FIRST_READ_NOTE);
	});
	forgetOldest(memory, MAX_CHANGED_ESTATES);
	writeEstateMemory(data, MEMORY, scope, memory);
	return out;
}
