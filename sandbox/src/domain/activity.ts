import { invalidField } from '../errors';
import { asciiSlug, mobilePhone } from '../swedish/identity';
import { FEMALE_FIRST_NAMES, LAST_NAMES, MALE_FIRST_NAMES } from '../swedish/names';
import type { SandboxStore } from '../store/store';
import type { Contact, Estate, LiveDataEventType } from '../store/types';
import { addValuationRequest, registerInterest, type InterestApplicationBody } from './advertising';
import { placeBid } from './bids';
import { changeListing, isPublished } from './listings';
import { type LifeStep, nextLifeStep } from './listingLife';
import { parseDateTime } from '../http/validation';

/** One round of demo activity (POST /__sandbox/activity and --activity). */
export interface ActivityRequest {
	bids?: number;
	hiddenBids?: number;
	interestApplications?: number;
	/**
	 * Persons who each apply twice for one estate in the round; the report lists those leads
	 * without an id, so the two rows of a pair are alike in every field.
	 */
	alikeLeadPairs?: number;
	/**
	 * Leads without an estate: persons asking for a valuation of their home, each lead sent to
	 * one agent of the office (its receiver).
	 */
	valuationRequests?: number;
	contactChanges?: number;
	liveData?: number;
	/** Published estates of the scope whose listing changes (starting price up 25,000 SEK). */
	listingChanges?: number;
	/**
	 * Steps of published estates' lives (listingLife.ts nextLifeStep: For Sale, a viewing, a
	 * lower price or bidding, Sold, off the website), each on another estate of the scope.
	 */
	listingLifeSteps?: number;
	/** ISO time every record of the round is stamped with; default now. */
	at?: string;
	/** Office or group the activity happens in; default G2. */
	customerId?: string;
}

export interface ActivityResult {
	at: string;
	bids: string[];
	hiddenBids: string[];
	interestApplications: string[];
	leads: string[];
	/** The leads of alikeLeadPairs, two per pair (also in leads). */
	leadsWithoutId: string[];
	/** The leads of valuationRequests (also in leads). */
	leadsWithoutEstate: string[];
	contacts: { created: string[]; changed: string[] };
	liveData: number;
	/** Estates whose listing changed. */
	listingChanges: string[];
	/** The estates whose life moved a step, and the step. */
	listingLife: Array<{ estateId: string; step: LifeStep }>;
}

const LIVE_TYPES: readonly LiveDataEventType[] = [
	'Login',
	'CallLogged',
	'ContactUpdated',
	'ViewingHeld',
	'ValuationBooked',
];
const MAX_PER_KIND = 1000;

export function performActivity(store: SandboxStore, request: ActivityRequest): ActivityResult {
	const at = stamp(request.at, store);
	const offices = [...store.scopeOf(request.customerId ?? 'G2')].filter((id) =>
		store.offices.has(id),
	);
	if (!offices.length) throw invalidField('customerId', 'must be an office or group of the seed');
	const result: ActivityResult = {
		at,
		bids: [],
		hiddenBids: [],
		interestApplications: [],
		leads: [],
		leadsWithoutId: [],
		leadsWithoutEstate: [],
		contacts: { created: [], changed: [] },
		liveData: 0,
		listingChanges: [],
		listingLife: [],
	};
	const estates = pickableEstates(store, offices);
	const { random } = store;

	const bidOnce = (hidden: boolean) => {
		const estate = random.pick(estates);
		const bidders = personsOf(store, [estate.customerId]);
		if (!bidders.length) return;
		const amount = highestBid(store, estate) + random.int(1, 10) * 5000;
		const bid = placeBid(
			store,
			estate.customerId,
			estate.id,
			random.pick(bidders).id,
			{ amount: String(amount), isHidden: hidden },
			at,
		);
		(hidden ? result.hiddenBids : result.bids).push(bid.id);
	};
	for (let i = 0; i < count(request.bids, 'bids'); i++) bidOnce(false);
	for (let i = 0; i < count(request.hiddenBids, 'hiddenBids'); i++) bidOnce(true);

	const applicant = (): InterestApplicationBody => {
		const female = random.chance(0.5);
		const firstName = random.pick(female ? FEMALE_FIRST_NAMES : MALE_FIRST_NAMES);
		const lastName = random.pick(LAST_NAMES);
		const unique = `${store.contacts.size + 1}${random.int(100, 999)}`;
		return {
			firstName,
			lastName,
			telephone: { cell: mobilePhone(random) },
			email: {
				emailAddress: `${asciiSlug(firstName)}.${asciiSlug(lastName)}.${unique}@mail.example`,
			},
			leadSourceId: 'Web',
			status: 'Interested',
			contactMessage: 'Intresseanmälan via webben.',
		};
	};
	const apply = (estate: Estate, person: InterestApplicationBody) => {
		const outcome = registerInterest(store, estate.customerId, estate, person, false, at);
		result.interestApplications.push(outcome.interestId);
		result.leads.push(outcome.leadId);
		const contacts = outcome.created ? result.contacts.created : result.contacts.changed;
		if (!result.contacts.created.includes(outcome.contact.id)) contacts.push(outcome.contact.id);
		return outcome.leadId;
	};
	for (let i = 0; i < count(request.interestApplications, 'interestApplications'); i++)
		apply(random.pick(estates), applicant());
	for (let i = 0; i < count(request.alikeLeadPairs, 'alikeLeadPairs'); i++) {
		const estate = random.pick(estates);
		const person = applicant();
		for (const leadId of [apply(estate, person), apply(estate, person)]) {
			store.leads.get(leadId)!.listedWithoutId = true;
			result.leadsWithoutId.push(leadId);
		}
	}

	for (let i = 0; i < count(request.valuationRequests, 'valuationRequests'); i++) {
		const office = random.pick(offices);
		const agents = [...store.agents.values()].filter(
			(a) => !a.archived && a.customerId.includes(office),
		);
		if (!agents.length) continue;
		const outcome = addValuationRequest(
			store,
			office,
			random.pick(agents).userId,
			applicant(),
			'Värderingsförfrågan via webben: vill veta vad bostaden är värd.',
			at,
		);
		result.leads.push(outcome.lead.id);
		result.leadsWithoutEstate.push(outcome.lead.id);
		const contacts = outcome.created ? result.contacts.created : result.contacts.changed;
		if (!result.contacts.created.includes(outcome.contact.id)) contacts.push(outcome.contact.id);
	}

	const changeable = personsOf(store, offices);
	for (let i = 0; i < count(request.contactChanges, 'contactChanges') && changeable.length; i++) {
		const contact = changeable.splice(random.int(0, changeable.length - 1), 1)[0];
		contact.note = `Uppringd ${at.slice(0, 10)}: ${random.pick(['vill ha värdering', 'följer upp visning', 'har fått lånelöfte', 'intresserad av nyproduktion'])}.`;
		contact.changedAt = at;
		result.contacts.changed.push(contact.id);
	}

	for (let i = 0; i < count(request.liveData, 'liveData'); i++) {
		const office = random.pick(offices);
		const agents = [...store.agents.values()].filter(
			(a) => !a.archived && a.customerId.includes(office),
		);
		if (!agents.length) continue;
		store.liveData.push({
			id: store.nextId('liveData'),
			customerId: office,
			userId: random.pick(agents).userId,
			type: random.pick(LIVE_TYPES),
			at,
			estateId: null,
			contactId: null,
			commission: 0,
		});
		result.liveData++;
	}

	const listed = [...store.estates.values()].filter(
		(estate) => offices.includes(estate.customerId) && isPublished(store, estate),
	);
	for (let i = 0; i < count(request.listingChanges, 'listingChanges') && listed.length; i++) {
		const estate = random.pick(listed);
		changeListing(store, { estateId: estate.id, at, startingPrice: estate.startingPrice + 25_000 });
		result.listingChanges.push(estate.id);
	}
	const living = listed.filter((estate) => isPublished(store, estate));
	for (let i = 0; i < count(request.listingLifeSteps, 'listingLifeSteps') && living.length; i++) {
		const estate = living.splice(random.int(0, living.length - 1), 1)[0];
		result.listingLife.push({ estateId: estate.id, step: nextLifeStep(store, estate, at) });
	}
	return result;
}

function stamp(at: string | undefined, store: SandboxStore): string {
	if (at === undefined) return store.now();
	const ms = parseDateTime(at);
	if (Number.isNaN(ms)) throw invalidField('at', 'must be an ISO 8601 date-time');
	return new Date(ms).toISOString();
}

function count(value: number | undefined, field: string): number {
	if (value === undefined) return 0;
	if (!Number.isInteger(value) || value < 0 || value > MAX_PER_KIND)
		throw invalidField(field, `must be an integer from 0 to ${MAX_PER_KIND}`);
	return value;
}

function pickableEstates(store: SandboxStore, offices: string[]): Estate[] {
	const all = [...store.estates.values()].filter((e) => offices.includes(e.customerId));
	const forSale = all.filter((e) => e.status === 'ForSale');
	if (forSale.length) return forSale;
	if (all.length) return all;
	throw invalidField('customerId', 'has no estates');
}

function personsOf(store: SandboxStore, offices: string[]): Contact[] {
	return [...store.contacts.values()].filter(
		(c) => c.type === 'Person' && offices.includes(c.customerId),
	);
}

function highestBid(store: SandboxStore, estate: Estate): number {
	let top = Math.round((estate.startingPrice * 0.95) / 5000) * 5000;
	for (const bid of store.bids.values())
		if (bid.estateId === estate.id && !bid.isCanceled) top = Math.max(top, Number(bid.amount));
	return top;
}
