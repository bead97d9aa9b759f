import { notFound } from '../errors';
import { parseDateTime } from '../http/validation';
import type { SandboxStore } from '../store/store';
import type { Contact, PresentAccommodation } from '../store/types';
import { agentName, officeName, officesOf } from './reportsCommon';
import { present } from './wire';

/** The body of the write: Request_CrmPresentAccomodation (models-2026.json), with estate types of its own. */
export interface PresentAccommodationBody {
	estateType?:
		| 'None'
		| 'House'
		| 'RowHouse'
		| 'HousingCooperative'
		| 'Cottage'
		| 'Plot'
		| 'Farm'
		| 'Tenancy'
		| 'OtherHousing';
	livingSpace?: number;
	numberOfRooms?: number;
	price?: number;
	monthlyCost?: number;
	other?: string;
	coordinate?: { longitude?: number; latitude?: number };
	movedInDate?: string;
}

/** The written estate type as the record reads it (Models_EstateType): a farm is an agriculture property; None is no type. */
const READ_ESTATE_TYPE: Record<string, string | null> = { Farm: 'AgricultureProperty', None: null };

/** Crm_CrmPresentAccomodation (models-2026.json); the monthly cost is written but not read back. */
export function presentAccommodationView(p: PresentAccommodation) {
	return present({
		hasBeenAsked: p.hasBeenAsked,
		estateType: p.estateType,
		livingSpace: p.livingSpace,
		numberOfRooms: p.numberOfRooms,
		price: p.price,
		other: p.other,
		coordinate: p.coordinate,
		changedAt: p.changedAt,
		movedInDate: p.movedInDate,
	});
}

export function requirePresentAccommodation(
	store: SandboxStore,
	contact: Contact,
): PresentAccommodation {
	const found = store.presentAccommodations.get(contact.id);
	if (!found) throw notFound('Present accommodation of contact', contact.id);
	return found;
}

/**
 * Creates or replaces the contact's present accommodation; the record id stays the same on
 * update. A write is an answer the contact gave, so the record reads Has Been Asked.
 */
export function savePresentAccommodation(
	store: SandboxStore,
	contact: Contact,
	body: PresentAccommodationBody,
): PresentAccommodation {
	const at = store.now();
	const existing = store.presentAccommodations.get(contact.id);
	const record: PresentAccommodation = {
		id: existing?.id ?? store.nextId('presentAccommodation'),
		contactId: contact.id,
		customerId: contact.customerId,
		hasBeenAsked: true,
		estateType:
			body.estateType === undefined
				? null
				: body.estateType in READ_ESTATE_TYPE
					? READ_ESTATE_TYPE[body.estateType]
					: body.estateType,
		livingSpace: body.livingSpace ?? null,
		numberOfRooms: body.numberOfRooms ?? null,
		price: body.price ?? null,
		other: body.other ?? '',
		coordinate: body.coordinate ?? null,
		monthlyCost: body.monthlyCost ?? null,
		movedInDate: body.movedInDate ?? null,
		createdAt: existing?.createdAt ?? at,
		changedAt: at,
	};
	store.presentAccommodations.set(contact.id, record);
	contact.changedAt = at;
	return record;
}

const LEVELS = ['VeryInterested', 'Interested', 'Assigned', 'NotInterested'] as const;

/**
 * CrmPresentAccomodationStatistics (models.md): per office of the scope, per agent, the agent's
 * estates and their prospective buyers (interest applications made in the range) by interest
 * level, how many of them were asked about their present accommodation and how many own it
 * (anything but a tenancy), and the bidders.
 */
export function presentAccommodationStatistics(
	store: SandboxStore,
	customerId: string,
	query: { userId?: string; dateFrom?: string; dateTo?: string },
) {
	const from = query.dateFrom ? parseDateTime(query.dateFrom) : -Infinity;
	const to = query.dateTo ? parseDateTime(query.dateTo) : Infinity;
	const groups = (contactIds: Map<string, string>, test: (contactId: string) => boolean) =>
		LEVELS.map((interestLevel) => ({
			prospectives: [...contactIds].filter(([id, level]) => level === interestLevel && test(id))
				.length,
			interestLevel,
		})).filter((g) => g.prospectives > 0);
	return {
		office: officesOf(store, customerId).map((officeId) => ({
			customerId: officeId,
			name: officeName(store, officeId),
			users: store
				.agentsOf(officeId)
				.filter((agent) => !query.userId || agent.userId === query.userId)
				.map((agent) => {
					const estates = [...store.estates.values()].filter(
						(e) => e.customerId === officeId && e.agentId === agent.userId,
					);
					const ids = new Set(estates.map((e) => e.id));
					const prospectives = new Map<string, string>();
					for (const i of store.interestApplications.values()) {
						const at = Date.parse(i.createdAt);
						if (ids.has(i.estateId) && at >= from && at <= to)
							prospectives.set(i.contactId, i.status);
					}
					const asked = (id: string) => store.presentAccommodations.has(id);
					const owning = (id: string) =>
						asked(id) && store.presentAccommodations.get(id)!.estateType !== 'Tenancy';
					return {
						id: agent.userId,
						name: agentName(agent),
						estates: estates.length,
						prospectives: groups(prospectives, () => true),
						showingParticipants: 0,
						bidders: new Set(
							[...store.bids.values()]
								.filter((b) => ids.has(b.estateId) && !b.isCanceled)
								.map((b) => b.contactId),
						).size,
						askedProspectives: groups(prospectives, asked),
						askedProspectivesOwningAccomodation: groups(prospectives, owning),
					};
				}),
		})),
	};
}
