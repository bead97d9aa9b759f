import { invalidField } from '../errors';
import { CITIES } from '../swedish/names';
import type { SandboxStore } from '../store/store';
import type { Coordinate, Estate, EstateStatus } from '../store/types';
import { requireEstate } from './access';
import { COTTAGE_STATUSES, CMS_SCHEMAS, pruneToSchema, type CmsKind } from './cmsSchema';

/**
 * Condominiums and cottages written through the CMS endpoints (4.4). The full CMS record is
 * kept on the estate (`estate.cms`); the fields the rest of the sandbox reads (address,
 * living space, rooms, price, agent, sellers, status) are projected onto the Estate, so bids,
 * sales and budget reports see the new estates like seeded ones.
 */

export interface CmsAddress {
	municipality?: string;
	coordinate?: Coordinate;
	streetAddress?: string;
	zipCode?: string;
	city?: string;
	countryCode?: string;
}

/** CmsCondominium (2.1) and CmsCottage (records.md: the same plus plot). */
export interface CmsRecord {
	/** status: an estate state for a condominium, a choice of COTTAGE_STATUSES for a cottage. */
	baseInformation?: {
		livingSpace?: number;
		otherSpace?: number;
		propertyUnitDesignation?: string;
		status?: string;
		address?: CmsAddress;
	};
	interior?: {
		numberOfRooms?: number;
		numberOfBedrooms?: number;
		maxNumberOfBedrooms?: number;
		description?: string;
		rooms?: { heading?: string; text?: string }[];
	};
	plot?: { area?: number };
	price?: { startingPrice?: number };
	sellers?: string[];
	interests?: string[];
	description?: {
		sellPhrase?: string;
		sellingHeading?: string;
		shortSellingDescription?: string;
		longSellingDescription?: string;
		other?: string;
	};
	userId?: string;
	assignmentSourceId?: number;
}

/** Commission of a new sale assignment when nothing else is known (assumed: 2 % of the price). */
const DEFAULT_PERCENT = 2;
/** Fixed fee of a valuation assignment, as in the seed. */
const VALUATION_FEE = 2500;

const isRecord = (value: unknown): value is Record<string, unknown> =>
	!!value && typeof value === 'object' && !Array.isArray(value);

/** Deep merge for partial updates: objects merge field by field, lists and values replace. */
export function mergeCms(base: unknown, patch: unknown): unknown {
	if (patch === undefined) return base;
	if (!isRecord(base) || !isRecord(patch)) return patch;
	const out: Record<string, unknown> = { ...base };
	for (const [key, value] of Object.entries(patch)) out[key] = mergeCms(base[key], value);
	return out;
}

/** The CMS form of an estate that was seeded (has no CMS record yet), so an update can merge into it. */
export function cmsFromEstate(estate: Estate): CmsRecord {
	const { municipality, streetAddress, zipCode, city, countryCode } = estate.address;
	// A cottage's CMS status is another set of choices: left out, so a merge keeps the estate's state.
	const status = estate.type === 'Cottage' ? undefined : estate.status;
	return {
		baseInformation: {
			livingSpace: estate.livingSpace,
			status,
			address: {
				municipality,
				coordinate: { ...estate.coordinate },
				streetAddress,
				zipCode,
				city,
				countryCode,
			},
		},
		interior: { numberOfRooms: estate.numberOfRooms },
		price: { startingPrice: estate.startingPrice },
		sellers: [...estate.sellerIds],
		userId: estate.agentId,
	};
}

/** userId must be an agent of the office that owns (or will own) the estate. */
function assertAgent(store: SandboxStore, userId: string, office: string): void {
	const agent = store.agents.get(userId);
	if (!agent || !agent.customerId.includes(office))
		throw invalidField('userId', `is not a user of office ${office}`);
}

/** sellers and interests are contact ids; each must be a contact linked to the customer. */
function assertContacts(store: SandboxStore, customerId: string, cms: CmsRecord): void {
	for (const field of ['sellers', 'interests'] as const) {
		(cms[field] ?? []).forEach((id, i) => {
			const contact = store.contacts.get(id);
			if (!contact || !store.contactLinkedTo(contact, customerId))
				throw invalidField(`${field}[${i}]`, `is not a contact of customer ${customerId}`);
		});
	}
}

/** Dates a status change implies: an assignment is signed when marketing starts, a sale has a contract date. */
function changeStatus(estate: Estate, status: EstateStatus, at: string): void {
	estate.status = status;
	if (status !== 'AssignmentAttempt') estate.agreementDate ??= at;
	if (status === 'Sold') {
		estate.contractDate ??= at;
		estate.finalPrice ??= estate.startingPrice;
	}
}

/** Commission follows the assignment: a valuation becomes a sale at the default percent; a percent follows the price. */
function settleCommission(estate: Estate): void {
	const commission = estate.commission;
	const basis = estate.finalPrice ?? estate.startingPrice;
	if (estate.status === 'AssignmentAttempt') return;
	if (commission.assignment === 'Valuation') {
		estate.commission = {
			assignment: 'Sale',
			percent: DEFAULT_PERCENT,
			amount: Math.round((basis * DEFAULT_PERCENT) / 100),
		};
	} else if (commission.percent !== null) {
		commission.amount = Math.round((basis * commission.percent) / 100);
	}
}

/** Copies the CMS record's fields onto the estate the rest of the sandbox reads. */
function project(estate: Estate, cms: CmsRecord, at: string): void {
	const base = cms.baseInformation ?? {};
	const address = base.address ?? {};
	for (const key of ['streetAddress', 'zipCode', 'city', 'countryCode', 'municipality'] as const) {
		if (address[key] !== undefined) estate.address[key] = address[key];
	}
	if (address.coordinate)
		estate.coordinate = {
			longitud: address.coordinate.longitud,
			latitud: address.coordinate.latitud,
		};
	if (base.livingSpace !== undefined) estate.livingSpace = base.livingSpace;
	if (cms.interior?.numberOfRooms !== undefined) estate.numberOfRooms = cms.interior.numberOfRooms;
	if (cms.price?.startingPrice !== undefined) estate.startingPrice = cms.price.startingPrice;
	if (cms.userId !== undefined) estate.agentId = cms.userId;
	if (cms.sellers !== undefined) estate.sellerIds = [...cms.sellers];
	const status =
		base.status === undefined
			? undefined
			: estate.type === 'Cottage'
				? COTTAGE_STATUSES[base.status]
				: (base.status as EstateStatus);
	if (status !== undefined && status !== estate.status) changeStatus(estate, status, at);
	settleCommission(estate);
	estate.changedAt = at;
	estate.latestPropertyChangeDate = at;
	estate.cms = cms;
}

function nextEstateNumber(store: SandboxStore, office: string): string {
	const taken = new Set(
		[...store.estates.values()].filter((e) => e.customerId === office).map((e) => e.estateNumber),
	);
	let n = taken.size + 1;
	while (taken.has(`${office.slice(1)}-${String(n).padStart(4, '0')}`)) n++;
	return `${office.slice(1)}-${String(n).padStart(4, '0')}`;
}

/** POST /Condominium/{customerId}, /Cottage/{customerId}: a new estate owned by the agent's office. */
export function createCmsEstate(
	store: SandboxStore,
	customerId: string,
	kind: CmsKind,
	body: CmsRecord,
): Estate {
	const cms = pruneToSchema(body, CMS_SCHEMAS[kind].update) as CmsRecord;
	const userId = cms.userId!;
	const office = store.owningOffice(customerId, userId);
	assertAgent(store, userId, office);
	assertContacts(store, customerId, cms);
	const at = store.now();
	const [, municipality, , latitud, longitud] = CITIES[store.offices.get(office)?.city ?? ''] ?? [
		'',
		'',
		'',
		0,
		0,
	];
	const estate: Estate = {
		id: store.nextId('estate', office),
		customerId: office,
		estateNumber: nextEstateNumber(store, office),
		type: kind,
		status: 'AssignmentAttempt',
		agentId: userId,
		address: { municipality },
		// Until the body gives a coordinate the estate sits in the office's city.
		coordinate: { latitud, longitud },
		livingSpace: 0,
		numberOfRooms: 0,
		startingPrice: 0,
		finalPrice: null,
		associationId: null,
		commission: { assignment: 'Valuation', amount: VALUATION_FEE, percent: null },
		createdAt: at,
		agreementDate: null,
		contractDate: null,
		accessDate: null,
		changedAt: at,
		latestPropertyChangeDate: at,
		sellerIds: [],
		declarations: [],
	};
	project(estate, cms, at);
	store.estates.set(estate.id, estate);
	return estate;
}

/**
 * PUT /Condominium/{customerId}/{id}, /Cottage/{customerId}/{id}: merges the given parts into
 * the stored CMS record. 404 unknown, 403 another customer's, 400 an estate of another type.
 */
export function updateCmsEstate(
	store: SandboxStore,
	customerId: string,
	kind: CmsKind,
	id: string,
	body: CmsRecord,
): Estate {
	const estate = requireEstate(store, customerId, id);
	if (estate.type !== kind) throw invalidField('id', `${id} is a ${estate.type}, not a ${kind}`);
	const patch = pruneToSchema(body, CMS_SCHEMAS[kind].update) as CmsRecord;
	if (patch.userId !== undefined) assertAgent(store, patch.userId, estate.customerId);
	assertContacts(store, customerId, patch);
	const cms = mergeCms(
		(estate.cms as CmsRecord | undefined) ?? cmsFromEstate(estate),
		patch,
	) as CmsRecord;
	project(estate, cms, store.now());
	return estate;
}
