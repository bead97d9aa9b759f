import { invalidField } from '../errors';
import { parseDateTime } from '../http/validation';
import { identityDigits } from '../swedish/identity';
import type { SandboxStore } from '../store/store';
import type { Bid } from '../store/types';
import { linkContact, requireContact, requireEstate } from './access';

export interface BidData {
	alias?: string;
	amount: string | number;
	createdAt?: string;
	condition?: string;
	isHidden?: boolean;
}

/** BidData plus the identification of the bidder (assumed shape). */
export interface VerifiedBidData extends BidData {
	socialSecurityNumber: string;
	verificationMethod?: string;
	reference?: string;
}

export interface BidCriteria {
	estateId?: string;
	contactId?: string;
	hidden: boolean;
}

/** The Bid record on the wire (records.md). */
export function bidView(bid: Bid) {
	return {
		id: bid.id,
		estateId: bid.estateId,
		contactId: bid.contactId,
		isCanceled: bid.isCanceled,
		identifiedBidder: bid.identifiedBidder,
		alias: bid.alias,
		amount: bid.amount,
		createdAt: bid.createdAt,
		condition: bid.condition,
		isHidden: bid.isHidden,
	};
}

/** JSON text of each bid's view, so that lists of 100,000 bids are joined rather than serialised. */
const jsonCache = new WeakMap<Bid, string>();

export function bidJson(bid: Bid): string {
	let text = jsonCache.get(bid);
	if (text === undefined) {
		text = JSON.stringify(bidView(bid));
		jsonCache.set(bid, text);
	}
	return text;
}

/** All bids newest first, re-sorted only after a bid was placed or changed (or after a reset). */
const sortedCache = new WeakMap<Map<string, Bid>, { version: number; sorted: Bid[] }>();

function bidsNewestFirst(store: SandboxStore): Bid[] {
	const cached = sortedCache.get(store.bids);
	if (cached && cached.version === store.bidsVersion) return cached.sorted;
	const sorted = [...store.bids.values()].sort(newestFirst);
	sortedCache.set(store.bids, { version: store.bidsVersion, sorted });
	return sorted;
}

/**
 * Visible or hidden bids of the customer, annulled bids left out, newest first
 * (createdAt descending, then id descending for equal times).
 */
export function listBids(store: SandboxStore, customerId: string, criteria: BidCriteria): Bid[] {
	const scope = store.scopeOf(customerId);
	const out: Bid[] = [];
	for (const bid of bidsNewestFirst(store)) {
		if (bid.isCanceled || bid.isHidden !== criteria.hidden || !scope.has(bid.customerId)) continue;
		if (criteria.estateId !== undefined && bid.estateId !== criteria.estateId) continue;
		if (criteria.contactId !== undefined && bid.contactId !== criteria.contactId) continue;
		out.push(bid);
	}
	return out;
}

export function newestFirst(a: Bid, b: Bid): number {
	if (a.createdAt !== b.createdAt) return a.createdAt < b.createdAt ? 1 : -1;
	return a.id < b.id ? 1 : a.id > b.id ? -1 : 0;
}

function normaliseAmount(amount: string | number): string {
	const text = String(amount).replace(/\s/g, '').replace(',', '.');
	if (!/^\d+(\.\d+)?$/.test(text) || Number(text) <= 0)
		throw invalidField('amount', 'must be a positive amount');
	return text;
}

/** POST /CRM/Bid/{customerId}/{estateId}/{contactId}; returns the new bid. */
export function placeBid(
	store: SandboxStore,
	customerId: string,
	estateId: string,
	contactId: string,
	data: BidData,
	at?: string,
): Bid {
	const estate = requireEstate(store, customerId, estateId);
	const contact = requireContact(store, customerId, contactId);
	const amount = normaliseAmount(data.amount);
	const createdAt =
		at ?? (data.createdAt ? new Date(parseDateTime(data.createdAt)).toISOString() : store.now());
	const bid: Bid = {
		id: store.nextId('bid'),
		customerId: estate.customerId,
		estateId,
		contactId,
		isCanceled: false,
		identifiedBidder: false,
		alias: data.alias?.trim() || defaultAlias(store, estateId, contactId),
		amount,
		createdAt,
		condition: data.condition ?? '',
		isHidden: data.isHidden ?? false,
		canceledAt: null,
		verification: null,
	};
	linkContact(contact, estate.customerId);
	store.bids.set(bid.id, bid);
	store.bidsVersion++;
	return bid;
}

/** POST /CRM/Bid/Verified/...: the identity number must be the contact's own when the contact has one. */
export function placeVerifiedBid(
	store: SandboxStore,
	customerId: string,
	estateId: string,
	contactId: string,
	data: VerifiedBidData,
): Bid {
	const contact = requireContact(store, customerId, contactId);
	const given = identityDigits(data.socialSecurityNumber);
	if (given.length !== 10)
		throw invalidField(
			'socialSecurityNumber',
			'must be a personal or organisation number of 10 or 12 digits',
		);
	const own = identityDigits(contact.socialSecurityNumber || contact.corporateNumber);
	if (own && own !== given)
		throw invalidField('socialSecurityNumber', 'does not match the contact');
	const bid = placeBid(store, customerId, estateId, contactId, data);
	bid.identifiedBidder = true;
	jsonCache.delete(bid);
	bid.verification = {
		socialSecurityNumber: data.socialSecurityNumber,
		method: data.verificationMethod ?? 'BankID',
		reference: data.reference ?? '',
	};
	return bid;
}

/** DELETE: true when the bid was annulled now, false when it already was. */
export function annulBid(store: SandboxStore, bid: Bid): boolean {
	if (bid.isCanceled) return false;
	bid.isCanceled = true;
	bid.canceledAt = store.now();
	jsonCache.delete(bid);
	store.bidsVersion++;
	return true;
}

function defaultAlias(store: SandboxStore, estateId: string, contactId: string): string {
	const bidders = new Set<string>();
	for (const bid of store.bids.values()) {
		if (bid.estateId !== estateId) continue;
		if (bid.contactId === contactId) return bid.alias;
		bidders.add(bid.contactId);
	}
	return `Budgivare ${bidders.size + 1}`;
}
