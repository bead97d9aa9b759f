import type { IDataObject, INodeProperties, IPollFunctions } from 'n8n-workflow';

import { latestSameWallTime, readServiceTime, serviceFilterStart } from '../../shared/dates';
import {
	ESTATE_EXTENDS,
	type ListingFilters,
	readListingPages,
	readListingsEach,
} from '../../shared/listings';
import type { Observed } from '../state';
import { listedTime, observedRecord, unexpectedAnswer } from '../helpers/listedRecords';
import type { KnownBefore, RecordEvent } from '../helpers/recordEvent';
import { withListingChanges } from './listingWatch';

export const listingFields: INodeProperties[] = [
	{
		displayName: 'Include Whole Estate',
		name: 'includeWholeEstate',
		type: 'boolean',
		default: false,
		description:
			"Whether each item is the estate's whole record (address, price, pictures, agents…) instead of its ID and change time, with changes: its status, price, viewings and bidding as they changed since the trigger last read it; one extra request per changed estate",
		displayOptions: { show: { event: ['listingPublishedOrChanged'] } },
	},
];

/** Pages one poll reads at most: 1,000,000 published estates. */
const MAX_PAGES = 10_000;

/**
 * The published estates changed since `from` (all of them without it), every page
 * (readListingPages: from page 0 until a page comes back empty or the page count says it was
 * the last; a page that is not one fails the poll, the state kept). Each row's time is read
 * against its own page's arrival. A row listed on two pages (the list moved while it was read)
 * is observed twice and known once by the state.
 */
async function changedEstates(
	context: IPollFunctions,
	from: Date | undefined,
): Promise<Array<Observed<IDataObject>>> {
	const node = context.getNode();
	const filters: ListingFilters = from
		? { changedSince: new Date(serviceFilterStart(from.getTime())).toISOString() }
		: {};
	const observed: Array<Observed<IDataObject>> = [];
	let pageIndex = 0;
	for await (const page of readListingPages(context, 'estate', {
		filters,
		maxPages: MAX_PAGES,
		times: 'asSent',
		notAPage: (answer) =>
			unexpectedAnswer(node, 'a page of the estate list', answer, 'a page with rows'),
	})) {
		for (let index = 0; index < page.rows.length; index++) {
			const row = page.rows[index];
			if (typeof row.id !== 'string' && typeof row.id !== 'number') continue;
			const at = `page ${pageIndex} rows[${index}]`;
			const time = listedTime(node, row, 'changedAt', page.arrivedAt, at);
			if (!time) continue;
			observed.push(observedRecord(node, String(row.id), time, { ...row }, page.arrivedAt, at));
		}
		pageIndex++;
	}
	return observed;
}

type EstateRead = { estate: IDataObject } | { gone: true } | { error: string };

/**
 * Each estate's whole record by id (its type's details and agents filled), through the one
 * listing reader (every read tried, as many at once as the account allows). Only an answer that
 * is the estate asked for counts as read; a 404 says it is no longer published (or gone) since
 * the list named it. An estate whose read failed otherwise (the service down, a time-out, an
 * answer that is not that estate) is not in `read`, and `failure` is the first such error: the
 * caller emits what was read and leaves the rest for the next poll, or fails the poll when
 * nothing could be read.
 */
async function wholeEstates(
	context: IPollFunctions,
	estateIds: string[],
): Promise<{ read: Map<string, EstateRead>; failure?: unknown }> {
	const read = new Map<string, EstateRead>();
	let failure: { error: unknown } | undefined;
	const outcomes = await readListingsEach(context, 'estate', estateIds, {
		extend: ESTATE_EXTENDS,
		fromService: true,
	});
	for (const [index, outcome] of outcomes.entries()) {
		const estateId = estateIds[index];
		if (outcome.status === 'read') read.set(estateId, { estate: outcome.record });
		else if (outcome.status === 'gone') read.set(estateId, { gone: true });
		// An id no path may carry ("..", blank): its row goes out as listed, saying why.
		else if (outcome.status === 'notReadable') read.set(estateId, { error: outcome.error.message });
		else failure ??= { error: outcome.error };
	}
	return failure ? { read, failure: failure.error } : { read };
}

/** The item of a listed row: the whole estate, or the row saying why not. */
function rowOrEstate(row: IDataObject, read: EstateRead | undefined): IDataObject {
	if (read && 'estate' in read) return read.estate;
	if (read && 'error' in read) return { ...row, wholeEstateError: read.error };
	return { ...row, recordStatus: 'gone' };
}

/** The latest listed row of each estate, in the order given. */
function latestPerEstate(fresh: Array<Observed<IDataObject>>): Array<Observed<IDataObject>> {
	const latest = new Map<string, Observed<IDataObject>>();
	for (const entry of fresh) latest.set(entry.key, entry);
	return [...latest.values()];
}

/**
 * Listing Published or Changed: every change of a published estate, from the estate list's
 * change filter (criteria.changedAtMinValue). A change is its estate and its change time, so an
 * estate changed again starts the workflow again; the list shows each estate's latest change
 * only, so changes between two polls are one event.
 */
export const listingPublishedOrChanged: RecordEvent = {
	identity: () => 'keyAndTime',
	scope(this: IPollFunctions) {
		return [this.getNodeParameter('includeWholeEstate', false) === true ? 'whole' : 'row'];
	},
	async observe(this: IPollFunctions, { from }) {
		return { observed: await changedEstates(this, from) };
	},
	async toItems(this: IPollFunctions, fresh) {
		if (this.getNodeParameter('includeWholeEstate', false) !== true)
			return fresh.map((entry) => entry.record);
		const { read, failure } = await wholeEstates(
			this,
			fresh.map((entry) => entry.key),
		);
		if (failure && read.size === 0) throw failure;
		const done = fresh.filter((entry) => read.has(entry.key));
		return {
			items: await withListingChanges(
				this,
				done.map((entry) => rowOrEstate(entry.record, read.get(entry.key))),
			),
			unfinished: fresh.filter((entry) => !read.has(entry.key)),
		};
	},
	nothingFound: {
		message: 'No published estates found',
		description:
			'The office has no published estate. Publish an estate on the website, then fetch the test event again.',
	},
};

/** The instants of an estate's marketing.publishedAt (two in the hour that comes twice); [] when it gives none. */
function publishedAt(estate: IDataObject): number[] {
	const marketing = estate.marketing as IDataObject | undefined;
	const text = marketing && typeof marketing === 'object' ? marketing.publishedAt : undefined;
	if (typeof text !== 'string') return [];
	const time = readServiceTime(text);
	if (!time) return [];
	return time.otherMillis === undefined ? [time.millis] : [time.millis, time.otherMillis];
}

/** Whether an estate read by id is a listing published since `boundaryMs`. */
function isNewListing(estate: IDataObject, boundaryMs: number): boolean {
	if ((estate.marketing as IDataObject | undefined)?.isPublished === false) return false;
	return publishedAt(estate).some((instant) => instant >= boundaryMs);
}

/**
 * New Listing: each estate once, when it is published after the trigger was activated. The
 * change rows say when an estate changed, not whether it is new, so each changed estate the
 * trigger does not know yet is read by id: it is a new listing when its marketing.publishedAt
 * is not before what the trigger had accounted for (the activation, then the late-records
 * window before the cursor). An estate changed again later was published before, and is not
 * new again: the state knows it by its change rows, and an emitted listing for as long as any
 * reading of its publishedAt (two in the hour that comes twice) can fall after the look-back.
 */
export const newListing: RecordEvent = {
	identity: () => 'keyAndTime',
	scope: () => [],
	async observe(this: IPollFunctions, { from }) {
		return { observed: await changedEstates(this, from) };
	},
	async toItems(this: IPollFunctions, fresh, before: KnownBefore) {
		const candidates = latestPerEstate(fresh).filter((entry) => !before.keys.has(entry.key));
		if (candidates.length === 0) return [];
		const { read, failure } = await wholeEstates(
			this,
			candidates.map((entry) => entry.key),
		);
		if (failure && read.size === 0) throw failure;
		const items: IDataObject[] = [];
		const remember: Array<{ key: string; time: string }> = [];
		for (const entry of candidates) {
			const found = read.get(entry.key);
			if (!found) continue;
			// An id that cannot be read: whether it is new is not known, so it goes out as listed.
			if ('error' in found) items.push(rowOrEstate(entry.record, found));
			else if ('estate' in found && isNewListing(found.estate, before.boundaryMs)) {
				items.push(found.estate);
				// The later reading of its publication's wall time, written again without offset.
				const latest = Math.max(...publishedAt(found.estate).map(latestSameWallTime));
				remember.push({ key: entry.key, time: new Date(latest).toISOString() });
			}
			// Otherwise not new, or unpublished since the list named it: no listing to announce at this change.
		}
		return {
			items,
			unfinished: fresh.filter(
				(entry) =>
					!read.has(entry.key) && candidates.some((candidate) => candidate.key === entry.key),
			),
			remember,
		};
	},
	nothingFound: listingPublishedOrChanged.nothingFound,
};
