import { invalidField, notFound } from '../errors';
import { instantToWall, readTime, wallToInstant } from '../http/serviceTime';
import type { SandboxStore } from '../store/store';
import type { Contact, Estate, EstateStatus, ListingViewing } from '../store/types';
import { placeBid } from './bids';
import { changeListing, stampOf } from './listings';
import { listingOf } from './listingRecords';

/**
 * A published estate's life as brokers live it in the service, which the interface has no
 * endpoint for: its status set (Sold with its final price), its asking price lowered, a viewing
 * added, bidding started. Each moves the estate's `changedAt`, as the live list shows a change,
 * so the change filter finds it and a subscription gets the Estate notification the sandbox
 * sends for any change of an estate (notifications/changes.ts). The control routes
 * (control/listings.ts) and the demo activity (activity.ts) make them.
 */

export const ESTATE_STATUSES_SET: readonly EstateStatus[] = [
	'AssignmentAttempt',
	'ForSale',
	'Sold',
	'Withdrawn',
];

export interface LifeChange {
	estateId: string;
	/** When it happened (an ISO date-time; a bare one is Swedish wall time); default the sandbox's now. */
	at?: string;
}

export interface EstateLife {
	estateId: string;
	customerId: string;
	isPublished: boolean;
	status: EstateStatus;
	startingPrice: number;
	finalPrice: number | null;
	changedAt: string;
}

function estateOf(store: SandboxStore, estateId: string): Estate {
	const estate = store.estates.get(estateId);
	if (!estate) throw notFound('Estate', estateId);
	return estate;
}

function lifeOf(store: SandboxStore, estate: Estate): EstateLife {
	return {
		estateId: estate.id,
		customerId: estate.customerId,
		isPublished: listingOf(store, estate).isPublished,
		status: estate.status,
		startingPrice: estate.startingPrice,
		finalPrice: estate.finalPrice,
		changedAt: estate.changedAt,
	};
}

const roundedTo5000 = (amount: number) => Math.max(5000, Math.round(amount / 5000) * 5000);

/** The bids standing on an estate (visible, not annulled). */
function standingBids(store: SandboxStore, estate: Estate) {
	return [...store.bids.values()].filter(
		(bid) => bid.estateId === estate.id && !bid.isCanceled && !bid.isHidden,
	);
}

function highestBid(store: SandboxStore, estate: Estate): number | undefined {
	const amounts = standingBids(store, estate).map((bid) => Number(bid.amount));
	return amounts.length ? Math.max(...amounts) : undefined;
}

/**
 * Sets an estate's status. Sold takes a final price (given; else the highest standing bid;
 * else the asking price) and a contract date, and an access date three months on; any other
 * status clears them.
 */
export function setEstateStatus(
	store: SandboxStore,
	change: LifeChange & { status: string; finalPrice?: number },
): EstateLife {
	const estate = estateOf(store, change.estateId);
	if (!ESTATE_STATUSES_SET.includes(change.status as EstateStatus))
		throw invalidField('status', `must be one of: ${ESTATE_STATUSES_SET.join(', ')}`);
	if (
		change.finalPrice !== undefined &&
		(!Number.isInteger(change.finalPrice) || change.finalPrice <= 0)
	)
		throw invalidField('finalPrice', 'must be a whole number of kronor above 0');
	if (change.finalPrice !== undefined && change.status !== 'Sold')
		throw invalidField('finalPrice', 'is for the status Sold only');
	const at = stampOf(store, change.at);
	estate.status = change.status as EstateStatus;
	if (estate.status === 'Sold') {
		estate.finalPrice =
			change.finalPrice ?? highestBid(store, estate) ?? roundedTo5000(estate.startingPrice);
		estate.contractDate = at;
		estate.accessDate = new Date(Date.parse(at) + 91 * 86_400_000).toISOString();
	} else {
		estate.finalPrice = null;
		estate.contractDate = null;
		estate.accessDate = null;
	}
	estate.changedAt = at;
	estate.latestPropertyChangeDate = at;
	return lifeOf(store, estate);
}

/** Lowers an estate's asking price to `to`, or by `by` kronor, or by about 5 % (to whole 5,000s). */
export function lowerPrice(
	store: SandboxStore,
	change: LifeChange & { to?: number; by?: number },
): EstateLife & { previousPrice: number } {
	const estate = estateOf(store, change.estateId);
	const previousPrice = estate.startingPrice;
	if (change.to !== undefined && change.by !== undefined)
		throw invalidField('to', 'and by cannot both be given');
	for (const field of ['to', 'by'] as const) {
		const value = change[field];
		if (value !== undefined && (!Number.isInteger(value) || value <= 0))
			throw invalidField(field, 'must be a whole number of kronor above 0');
	}
	const to =
		change.to ??
		(change.by !== undefined
			? previousPrice - change.by
			: Math.min(previousPrice - 5000, roundedTo5000(previousPrice * 0.95)));
	if (to <= 0 || to >= previousPrice)
		throw invalidField(
			change.to !== undefined ? 'to' : 'by',
			`must leave a price above 0 and below the asking price ${previousPrice}`,
		);
	const at = stampOf(store, change.at);
	estate.startingPrice = to;
	estate.changedAt = at;
	return { ...lifeOf(store, estate), previousPrice };
}

/**
 * Adds a viewing: from `startsAt` to `endsAt` (ISO; a bare time is Swedish wall time), by
 * default the next day at 17:00 to 17:45 Swedish time from the change's time.
 */
export function addViewing(
	store: SandboxStore,
	change: LifeChange & { startsAt?: string; endsAt?: string },
): EstateLife & { viewing: ListingViewing } {
	const estate = estateOf(store, change.estateId);
	const at = stampOf(store, change.at);
	const read = (field: 'startsAt' | 'endsAt') => {
		const raw = change[field];
		if (raw === undefined) return undefined;
		const ms = readTime(raw);
		if (Number.isNaN(ms)) throw invalidField(field, 'must be an ISO 8601 date-time');
		return ms;
	};
	let startsAt = read('startsAt');
	if (startsAt === undefined) {
		const wall = new Date(instantToWall(Date.parse(at) + 86_400_000));
		wall.setUTCHours(17, 0, 0, 0);
		startsAt = wallToInstant(wall.getTime());
	}
	const endsAt = read('endsAt') ?? startsAt + 45 * 60_000;
	if (endsAt <= startsAt) throw invalidField('endsAt', 'must be after startsAt');
	const viewing: ListingViewing = {
		id: store.nextId('viewing'),
		startsAt: new Date(startsAt).toISOString(),
		endsAt: new Date(endsAt).toISOString(),
		comment: null,
		isDigital: false,
		isSelfRegistrationEnabled: true,
		isProjectViewing: false,
	};
	listingOf(store, estate).viewings.push(viewing);
	estate.changedAt = at;
	return { ...lifeOf(store, estate), viewing };
}

function personsOf(store: SandboxStore, office: string): Contact[] {
	return [...store.contacts.values()].filter(
		(contact) => contact.type === 'Person' && contact.customerId === office,
	);
}

/**
 * Starts bidding on an estate For Sale without standing bids: a person of its office places
 * the first bid, at about 95 % of the asking price (or `amount`), so the listing's
 * `bidding.isActive` becomes true.
 */
export function startBidding(
	store: SandboxStore,
	change: LifeChange & { amount?: number },
): EstateLife & { bidId: string; amount: number } {
	const estate = estateOf(store, change.estateId);
	if (estate.status !== 'ForSale')
		throw invalidField('estateId', `must be an estate For Sale (${estate.id} is ${estate.status})`);
	if (standingBids(store, estate).length > 0)
		throw invalidField('estateId', `must be an estate without bids (${estate.id} has bidding)`);
	if (change.amount !== undefined && (!Number.isInteger(change.amount) || change.amount <= 0))
		throw invalidField('amount', 'must be a whole number of kronor above 0');
	const bidders = personsOf(store, estate.customerId);
	if (!bidders.length)
		throw invalidField('estateId', `has no persons in office ${estate.customerId}`);
	const at = stampOf(store, change.at);
	const amount = change.amount ?? roundedTo5000(estate.startingPrice * 0.95);
	const bid = placeBid(
		store,
		estate.customerId,
		estate.id,
		store.random.pick(bidders).id,
		{ amount: String(amount), isHidden: false },
		at,
	);
	estate.changedAt = at;
	return { ...lifeOf(store, estate), bidId: bid.id, amount };
}

export type LifeStep =
	| 'forSale'
	| 'viewingAdded'
	| 'priceLowered'
	| 'biddingStarted'
	| 'sold'
	| 'unpublished';

/**
 * The next step of a published estate's life, as listings go: an estate not yet for sale goes
 * For Sale; one For Sale gets a viewing when it has none to come; then, without bids, its price
 * is lowered or its bidding starts, and with bids its price is lowered or it is Sold at the
 * highest bid; a Sold one leaves the website.
 */
export function nextLifeStep(store: SandboxStore, estate: Estate, at: string): LifeStep {
	const listing = listingOf(store, estate);
	const change = { estateId: estate.id, at };
	if (estate.status === 'Sold') {
		changeListing(store, change, false);
		return 'unpublished';
	}
	if (estate.status !== 'ForSale') {
		setEstateStatus(store, { ...change, status: 'ForSale' });
		return 'forSale';
	}
	if (!listing.viewings.some((viewing) => Date.parse(viewing.startsAt) > Date.parse(at))) {
		addViewing(store, change);
		return 'viewingAdded';
	}
	if (store.random.chance(0.5) && estate.startingPrice > 100_000) {
		lowerPrice(store, change);
		return 'priceLowered';
	}
	if (standingBids(store, estate).length > 0) {
		setEstateStatus(store, { ...change, status: 'Sold' });
		return 'sold';
	}
	startBidding(store, change);
	return 'biddingStarted';
}
