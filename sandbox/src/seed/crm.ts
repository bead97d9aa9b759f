import type { SandboxStore } from '../store/store';
import type {
	Bid,
	ContactOrderType,
	Estate,
	FarmSearchCriteria,
	SearchProfile,
} from '../store/types';
import { contactsByOffice } from './contacts';
import { addDays, randomPastTime } from './time';
import { SEARCH_PROFILE_VALUES } from '../domain/searchProfileValues';

const CONDITIONS = [
	'',
	'',
	'',
	'',
	'Villkorat av lånelöfte',
	'Villkorat av försäljning av egen bostad',
	'Villkorat av besiktning',
];

/**
 * Bids on estates that are or were for sale. Each estate's bids rise over time between its
 * agreement date and its contract date (or now), like a real bidding.
 */
export function seedBids(store: SandboxStore, count: number): void {
	const { random } = store;
	const estates = [...store.estates.values()].filter(
		(e) => (e.status === 'ForSale' || e.status === 'Sold') && e.agreementDate,
	);
	const persons = contactsByOffice(store);
	if (!estates.length) return;
	const perEstate = new Map<Estate, number>();
	for (let i = 0; i < count; i++) {
		const estate = random.pick(estates);
		perEstate.set(estate, (perEstate.get(estate) ?? 0) + 1);
	}
	const nowMs = store.seedOptions.now.getTime();
	const bids: Bid[] = [];
	for (const estate of estates) {
		const n = perEstate.get(estate) ?? 0;
		const bidders = persons.get(estate.customerId) ?? [];
		if (!n || !bidders.length) continue;
		const from = new Date(estate.agreementDate!).getTime();
		const to = estate.contractDate ? new Date(estate.contractDate).getTime() : nowMs - 60_000;
		const times: number[] = [];
		for (let i = 0; i < n; i++)
			times.push(from + Math.floor(random.next() * Math.max(1, to - from)));
		times.sort((a, b) => a - b);
		const aliases = new Map<string, string>();
		let amount = Math.round((estate.startingPrice * 0.95) / 5000) * 5000;
		for (const time of times) {
			const contact = random.pick(bidders);
			if (!aliases.has(contact.id)) aliases.set(contact.id, `Budgivare ${aliases.size + 1}`);
			amount += random.int(1, 10) * 5000;
			bids.push({
				id: '',
				customerId: estate.customerId,
				estateId: estate.id,
				contactId: contact.id,
				isCanceled: random.chance(0.03),
				identifiedBidder: random.chance(0.6),
				alias: aliases.get(contact.id)!,
				amount: String(amount),
				createdAt: new Date(time).toISOString(),
				condition: random.pick(CONDITIONS),
				isHidden: random.chance(0.1),
				canceledAt: null,
				verification: null,
			});
		}
	}
	// Ids follow time order so that B000001 is the oldest bid.
	bids.sort((a, b) => (a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : 0));
	for (const bid of bids) {
		bid.id = store.nextId('bid');
		if (bid.isCanceled) bid.canceledAt = addDays(bid.createdAt, 1);
		store.bids.set(bid.id, bid);
	}
}

export function seedSellers(store: SandboxStore): void {
	const persons = contactsByOffice(store);
	for (const estate of store.estates.values()) {
		const candidates = persons.get(estate.customerId) ?? [];
		if (!candidates.length) continue;
		estate.sellerIds = [store.random.pick(candidates).id];
		if (store.random.chance(0.4)) estate.sellerIds.push(store.random.pick(candidates).id);
	}
}

const ORDER_TYPES: readonly ContactOrderType[] = [
	'EstateValue',
	'FinalPricesInArea',
	'BoneoSearchProfile',
];

/** Scheduled mailings: about one person in seven has one, most still active. */
export function seedContactOrders(store: SandboxStore): void {
	const { random } = store;
	for (const contact of store.contacts.values()) {
		if (contact.type !== 'Person' || !random.chance(0.15)) continue;
		const id = store.nextId('contactOrder');
		const active = random.chance(0.8);
		const startedAt = randomPastTime(store, 360, 10);
		store.contactOrders.set(id, {
			id,
			customerId: contact.customerId,
			contactId: contact.id,
			type: random.pick(ORDER_TYPES),
			active,
			startedAt,
			endedAt: active ? null : addDays(startedAt, random.int(1, 9)),
		});
	}
}

/** Search profiles; about a third are farm profiles with valid farm criteria. */
export function seedSearchProfiles(store: SandboxStore): void {
	const { random } = store;
	const v = SEARCH_PROFILE_VALUES;
	for (const contact of store.contacts.values()) {
		if (contact.type !== 'Person' || !random.chance(0.1)) continue;
		const objectType = random.weighted([
			['Farm', 3],
			['Condominium', 5],
			['House', 2],
		] as const);
		const areas = [...store.areas.values()].filter((a) => a.customerId === contact.customerId);
		let farm: FarmSearchCriteria | null = null;
		if (objectType === 'Farm') {
			const i = random.int(0, v.farmAreaStepsHectare.length - 2);
			farm = {
				subtypes: ['Agriculture'],
				areaIds: areas.length ? [random.pick(areas).areaId] : [],
				municipalityCodes: [],
				totalArea: { minValue: v.farmAreaStepsHectare[i], maxValue: v.farmAreaStepsHectare[i + 1] },
				livingSpace: null,
				numberOfRooms: null,
				bedrooms: null,
				isAutomaticProfile: random.chance(0.2),
				price: null,
				drawnAreas: [],
				drawnAreasName: '',
				increasedRequirementIds: random.chance(0.3) ? ['IR5'] : [],
			};
		}
		const id = store.nextId('searchProfile');
		const profile: SearchProfile = {
			id,
			customerId: contact.customerId,
			contactId: contact.id,
			objectType,
			foreign: objectType === 'Farm' && random.chance(0.1),
			farm,
			createdAt: contact.createdAt,
			changedAt: contact.createdAt,
		};
		store.searchProfiles.set(id, profile);
	}
}

const ESTATE_TYPES = ['Condominium', 'House', 'Tenancy', 'Cottage'] as const;

/**
 * Present accommodation left by some persons (speculators). The random draws are those of the
 * earlier shape (fee, plans to sell, sold estate), so that everything seeded after stays the same.
 */
export function seedPresentAccommodations(store: SandboxStore): void {
	const { random } = store;
	const sold = [...store.estates.values()].filter((e) => e.status === 'Sold');
	for (const contact of store.contacts.values()) {
		if (contact.type !== 'Person' || !random.chance(0.08)) continue;
		const estateType = random.pick(ESTATE_TYPES);
		const id = store.nextId('presentAccommodation');
		const createdAt = randomPastTime(store, 300, 1);
		const livingSpace = random.int(30, 160);
		const numberOfRooms = random.int(1, 6);
		const monthlyFee = estateType === 'Condominium' ? random.int(20, 60) * 100 : null;
		const price = estateType === 'Tenancy' ? null : random.int(15, 90) * 100_000;
		const plansToSell = random.chance(0.4);
		const within = random.chance(0.4) ? random.pick([3, 6, 12]) : null;
		const soldHere = sold.filter((e) => e.customerId === contact.customerId);
		if (soldHere.length && random.chance(0.6)) random.pick(soldHere);
		const other = [
			monthlyFee ? `Monthly fee ${monthlyFee} SEK` : '',
			plansToSell ? `Plans to sell${within ? ` within ${within} months` : ''}` : '',
		]
			.filter(Boolean)
			.join('. ');
		store.presentAccommodations.set(contact.id, {
			id,
			contactId: contact.id,
			customerId: contact.customerId,
			hasBeenAsked: true,
			estateType,
			livingSpace,
			numberOfRooms,
			price,
			other,
			coordinate: null,
			monthlyCost: monthlyFee,
			movedInDate: null,
			createdAt,
			changedAt: createdAt,
		});
	}
}
