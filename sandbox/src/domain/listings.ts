import { invalidField, notFound } from '../errors';
import { readTime } from '../http/serviceTime';
import type { SandboxStore } from '../store/store';
import type { Estate } from '../store/types';
import { CITIES, STREET_NAMES } from '../swedish/names';
import { requireEstate } from './access';
import { createCmsEstate } from './estates';
import {
	AGENT_EXTENSIONS,
	TYPE_EXTENSIONS,
	advertisingStatusOf,
	advertisingTypeOf,
	listingOf,
	officeIdOf,
	userRow,
	type ExtendNames,
} from './listingRecords';

/**
 * The Advertising lists (advertising.md section 4): one page object `{ index, count (pages),
 * totalRowCount, rows }`, pages from 0, a page past the end with empty rows, the change filter
 * with an offset honoured and a bare time read as Swedish wall time.
 */

export interface ListQuery {
	'paging.pageSize'?: string;
	'paging.pageIndex'?: string;
	'criteria.changedAtMinValue'?: string;
	'criteria.changedAtMaxValue'?: string;
	'criteria.status'?: string | string[];
	'criteria.type'?: string | string[];
}

export interface Page<T> {
	index: number;
	count: number;
	totalRowCount: number;
	rows: T[];
}

/** Page size when `paging.pageSize` is left out (the service's default is not known; the partner sends 100). */
export const DEFAULT_PAGE_SIZE = 100;

export const ESTATE_STATUSES = [
	'Undefined',
	'AssignmentAttempt',
	'AssignmentAccepted',
	'ForSale',
	'Sold',
	'Resting',
	'NoAssignment',
	'AssignmentWithdrawn',
	'ReservedNotForSale',
	'NotForSale',
	'SoldReferenceObject',
	'Coming',
	'Advantage',
	'Booked',
	'SoonForSale',
	'ReadyForRent',
	'TentativelyRented',
	'Rented',
	'AppointedAdmission',
] as const;
export const ESTATE_TYPES = [
	'Undefined',
	'House',
	'Cottage',
	'HousingCooperative',
	'Condominium',
	'Farm',
	'Plot',
	'CommercialProperty',
	'Premises',
	'ForeignProperty',
] as const;
export const PROJECT_STATUSES = [
	'Undefined',
	'AssignmentAttempt',
	'AssignmentAccepted',
	'Resting',
	'NoAssignment',
	'Coming',
	'Running',
	'Soldout',
	'SoldoutReferenceProject',
] as const;

function whole(query: ListQuery, field: 'paging.pageSize' | 'paging.pageIndex', min: number) {
	const raw = query[field];
	if (raw === undefined || raw === '') return undefined;
	const value = Number(raw);
	if (!/^\s*\d+\s*$/.test(raw) || !Number.isSafeInteger(value) || value < min)
		throw invalidField(field, `must be an integer of at least ${min}`);
	return value;
}

function bound(
	query: ListQuery,
	field: 'criteria.changedAtMinValue' | 'criteria.changedAtMaxValue',
) {
	const raw = query[field];
	if (raw === undefined || raw === '') return undefined;
	const ms = readTime(raw);
	if (Number.isNaN(ms)) throw invalidField(field, 'must be a date-time (ISO 8601)');
	return ms;
}

/**
 * The values of a filter given once, several times or comma-separated (how the service takes
 * several is not known); each must be one of `allowed`.
 */
function choices(
	query: ListQuery,
	field: 'criteria.status' | 'criteria.type',
	allowed: readonly string[],
): Set<string> | undefined {
	const raw = query[field];
	if (raw === undefined) return undefined;
	const values = (Array.isArray(raw) ? raw : [raw])
		.flatMap((value) => value.split(','))
		.map((value) => value.trim())
		.filter(Boolean);
	if (!values.length) return undefined;
	const byLowerCase = new Map(allowed.map((value) => [value.toLowerCase(), value]));
	const out = new Set<string>();
	for (const value of values) {
		const known = byLowerCase.get(value.toLowerCase());
		if (!known) throw invalidField(field, `must be one of: ${allowed.join(', ')}`);
		out.add(known);
	}
	return out;
}

const byId = <T extends { id: string }>(a: T, b: T) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/**
 * A page of records in id order (`ordered`: already so) after the change filter on their stored
 * `changedAt`; only the page's records become rows.
 */
function pageOf<T, Row>(
	query: ListQuery,
	records: T[],
	changedAtOf: (record: T) => string,
	rowOf: (record: T) => Row,
): Page<Row> {
	const pageSize = whole(query, 'paging.pageSize', 1) ?? DEFAULT_PAGE_SIZE;
	const index = whole(query, 'paging.pageIndex', 0) ?? 0;
	const min = bound(query, 'criteria.changedAtMinValue');
	const max = bound(query, 'criteria.changedAtMaxValue');
	const kept =
		min === undefined && max === undefined
			? records
			: records.filter((record) => {
					const at = Date.parse(changedAtOf(record));
					return (min === undefined || at >= min) && (max === undefined || at <= max);
				});
	const start = index * pageSize;
	return {
		index,
		count: Math.ceil(kept.length / pageSize),
		totalRowCount: kept.length,
		rows: start < kept.length ? kept.slice(start, start + pageSize).map(rowOf) : [],
	};
}

function officesIn(store: SandboxStore, customerId: string): Set<string> {
	return new Set([...store.scopeOf(customerId)].filter((id) => store.offices.has(id)));
}

/** Is an estate published (in the estate list)? */
export function isPublished(store: SandboxStore, estate: Estate): boolean {
	return store.advertising.listings.get(estate.id)?.isPublished ?? false;
}

/**
 * The published estates of a customer's offices in id order. Kept (store.advertising.published)
 * until an estate is added or a listing published or unpublished, so that paging through 10,000
 * listings reads no other estate; status, type and changedAt are read at each call.
 */
function publishedIn(store: SandboxStore, customerId: string): Estate[] {
	const key = `${store.estates.size}|${store.advertising.publications}`;
	if (store.advertising.published?.key !== key)
		store.advertising.published = { key, byCustomer: new Map() };
	const byCustomer = store.advertising.published.byCustomer;
	let estates = byCustomer.get(customerId);
	if (!estates) {
		const offices = officesIn(store, customerId);
		estates = [...store.estates.values()]
			.filter((estate) => offices.has(estate.customerId) && isPublished(store, estate))
			.sort(byId);
		byCustomer.set(customerId, estates);
	}
	return estates;
}

/** GET /Advertising/Estate/{customerId}: the published estates of the customer's offices, any status. */
export function estatePage(store: SandboxStore, customerId: string, query: ListQuery) {
	const statuses = choices(query, 'criteria.status', ESTATE_STATUSES);
	const types = choices(query, 'criteria.type', ESTATE_TYPES);
	let estates = publishedIn(store, customerId);
	if (statuses || types)
		estates = estates.filter(
			(estate) =>
				(!statuses || statuses.has(advertisingStatusOf(estate).id)) &&
				(!types || types.has(advertisingTypeOf(estate))),
		);
	return pageOf(
		query,
		estates,
		(estate) => estate.changedAt,
		(estate) => ({ id: estate.id, customerId: estate.customerId, changedAt: estate.changedAt }),
	);
}

const EXTEND_NAMES = new Map(
	[
		...TYPE_EXTENSIONS,
		...AGENT_EXTENSIONS,
		// The help page's type names (its `$estate` shortcut): accepted, they name no extension member.
		'house',
		'cottage',
		'plot',
	].map((name) => [name.toLowerCase(), name]),
);
const ESTATE_SHORTCUT = [...TYPE_EXTENSIONS, 'house', 'cottage', 'plot'];

/**
 * `extend`: names joined with `+` (a literal `+` arrives as a space once the query is decoded,
 * `%2B` as `+`; both split alike), in any case; `$estate` stands for every type. Without it,
 * null: the estate's own type extension is filled, the agents are not.
 */
export function parseExtend(raw: string | string[] | undefined): ExtendNames {
	if (raw === undefined) return null;
	const names = new Set<string>();
	for (const part of (Array.isArray(raw) ? raw : [raw]).flatMap((value) => value.split(/[+ ,]/))) {
		const name = part.trim();
		if (!name) continue;
		if (name.toLowerCase() === '$estate') {
			for (const each of ESTATE_SHORTCUT) names.add(each);
			continue;
		}
		const known = EXTEND_NAMES.get(name.toLowerCase());
		if (!known)
			throw invalidField(
				'extend',
				`must name members of: ${[...TYPE_EXTENSIONS, ...AGENT_EXTENSIONS].join(', ')}`,
			);
		names.add(known);
	}
	return names;
}

/**
 * The estate of a by-id read: 404 for an unknown id, 403 for another customer's; an estate that
 * exists but is not published is answered as the store's `unpublishedEstateAnswer` says.
 */
export function estateForRead(store: SandboxStore, customerId: string, estateId: string): Estate {
	const estate = requireEstate(store, customerId, estateId);
	if (
		!listingOf(store, estate).isPublished &&
		store.advertising.unpublishedEstateAnswer === 'notFound'
	)
		throw notFound('Estate', estateId);
	return estate;
}

/** GET /Advertising/User/{customerId}: active, public agents of the customer's offices. */
export function userPage(store: SandboxStore, customerId: string, query: ListQuery) {
	const offices = officesIn(store, customerId);
	const agents = [...store.agents.values()].filter(
		(agent) => !agent.archived && agent.public && agent.customerId.some((id) => offices.has(id)),
	);
	return pageOf(
		query,
		agents.sort((a, b) => (a.userId < b.userId ? -1 : a.userId > b.userId ? 1 : 0)),
		(agent) => agent.dateChanged,
		(agent) => userRow(store, agent),
	);
}

/** GET /Advertising/Office/{customerId}: the office, or under a group id the offices of several customers. */
export function officePage(store: SandboxStore, customerId: string, query: ListQuery) {
	const rows = [...officesIn(store, customerId)].map((id) => ({
		id: officeIdOf(id),
		customerId: id,
		changedAt: store.advertising.offices.get(id)?.changedAt ?? store.seedOptions.now.toISOString(),
	}));
	return pageOf(
		query,
		rows.sort(byId),
		(row) => row.changedAt,
		(row) => row,
	);
}

/** GET /Advertising/Area/{customerId}: an error under a group id (status not recorded; 400 here). */
export function areaPage(store: SandboxStore, customerId: string, query: ListQuery) {
	if (store.groups.has(customerId))
		throw invalidField('customerId', 'must be a customer id of an office, not a group id');
	const rows = [...store.areas.values()]
		.filter((area) => area.customerId === customerId && area.showOnInternet && !area.archived)
		.map((area) => ({ id: area.areaId, customerId: area.customerId, changedAt: area.dateChanged }));
	return pageOf(
		query,
		rows.sort(byId),
		(row) => row.changedAt,
		(row) => row,
	);
}

/** GET /Advertising/Project/{customerId}: the published projects of the customer's offices. */
export function projectPage(store: SandboxStore, customerId: string, query: ListQuery) {
	const statuses = choices(query, 'criteria.status', PROJECT_STATUSES);
	const offices = officesIn(store, customerId);
	const rows = [...store.advertising.projects.values()]
		.filter(
			(project) =>
				project.isPublished &&
				offices.has(project.customerId) &&
				(!statuses || statuses.has(project.status)),
		)
		.map((project) => ({
			id: project.id,
			customerId: project.customerId,
			changedAt: project.changedAt,
		}));
	return pageOf(
		query,
		rows.sort(byId),
		(row) => row.changedAt,
		(row) => row,
	);
}

/** A control call's `at`: an ISO date-time (a bare one as Swedish wall time), default the sandbox's now. */
export function stampOf(store: SandboxStore, at: string | undefined): string {
	if (at === undefined) return store.now();
	const ms = readTime(at);
	if (Number.isNaN(ms)) throw invalidField('at', 'must be an ISO 8601 date-time');
	return new Date(ms).toISOString();
}

export interface ListingChange {
	estateId: string;
	/** When the change happened (moves the estate's changedAt); default now. */
	at?: string;
	startingPrice?: number;
	heading?: string;
	shortDescription?: string;
}

/**
 * A broker's change of a listing (the interface has no endpoint for it): publish, unpublish or
 * edit an estate. Each moves the estate's `changedAt`, so the change filter finds it and a
 * subscription gets an Estate notification.
 */
export function changeListing(
	store: SandboxStore,
	change: ListingChange,
	publish?: boolean,
): { estateId: string; isPublished: boolean; changedAt: string } {
	const estate = store.estates.get(change.estateId);
	if (!estate) throw notFound('Estate', change.estateId);
	const listing = listingOf(store, estate);
	const at = stampOf(store, change.at);
	if (publish !== undefined) {
		if (listing.isPublished !== publish) store.advertising.publications++;
		listing.isPublished = publish;
		if (publish && listing.publishedAt === null) listing.publishedAt = at;
	}
	if (change.startingPrice !== undefined) {
		if (!Number.isInteger(change.startingPrice) || change.startingPrice < 0)
			throw invalidField('startingPrice', 'must be a whole number of kronor, 0 or more');
		estate.startingPrice = change.startingPrice;
	}
	if (change.heading !== undefined) listing.heading = change.heading;
	if (change.shortDescription !== undefined) listing.shortDescription = change.shortDescription;
	estate.changedAt = at;
	return { estateId: estate.id, isPublished: listing.isPublished, changedAt: at };
}

/**
 * A new assignment of an office, put up For Sale and not yet on the website: a condominium
 * taken through the CMS as a broker enters it (agent, address, living space, rooms, price),
 * with one picture. Each call makes another estate (the Try page's new listing, any number
 * of times on one sandbox).
 */
export function addEstateForSale(store: SandboxStore, customerId: string): Estate {
	const office = store.offices.get(customerId);
	if (!office) throw invalidField('customerId', 'must be an office of the seed');
	const agents = [...store.agents.values()].filter(
		(agent) => !agent.archived && agent.customerId.includes(customerId),
	);
	if (!agents.length) throw invalidField('customerId', 'has no active agents');
	const n = store.estates.size + 1;
	const streets = STREET_NAMES[office.city] ?? ['Storgatan'];
	const street = `${streets[n % streets.length]} ${1 + (n % 60)}`;
	const [zipPrefix] = CITIES[office.city] ?? ['1'];
	const livingSpace = 35 + ((n * 7) % 70);
	const rooms = Math.max(1, Math.round(livingSpace / 28));
	const perSquareMetre = office.city === 'Stockholm' ? 85_000 : 40_000;
	const estate = createCmsEstate(store, customerId, 'Condominium', {
		userId: agents[n % agents.length].userId,
		baseInformation: {
			status: 'ForSale',
			livingSpace,
			address: {
				streetAddress: street,
				zipCode: `${zipPrefix}${n % 9} ${String(n % 100).padStart(2, '0')}`,
				city: office.city,
				countryCode: 'SE',
			},
		},
		interior: { numberOfRooms: rooms },
		price: { startingPrice: Math.round((livingSpace * perSquareMetre) / 5000) * 5000 },
	});
	const imageId = store.nextId('image');
	store.advertising.images.set(imageId, {
		id: imageId,
		customerId: estate.customerId,
		name: null,
		description: null,
		category: { id: 'Other', name: 'Övrigt' },
		extension: 'jpg',
		dataChangedAt: estate.createdAt,
	});
	const listing = listingOf(store, estate);
	listing.heading = `${rooms} rum på ${street}`;
	listing.imageIds = [imageId];
	return estate;
}
