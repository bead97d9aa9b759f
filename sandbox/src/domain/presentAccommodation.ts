import { notFound } from '../errors';
import { parseDateTime } from '../http/validation';
import type { SandboxStore } from '../store/store';
import type { Address, Contact, PresentAccommodation } from '../store/types';

export const HOUSING_TYPES = ['Condominium', 'House', 'Rental', 'Cottage', 'Farm', 'Other'];

/** Request form of CrmPresentAccomodation (assumed shape). */
export interface PresentAccommodationBody {
	housingType: string;
	tenure?: string;
	livingSpace?: number;
	numberOfRooms?: number;
	monthlyFee?: number;
	estimatedValue?: number;
	plansToSell?: boolean;
	sellWithinMonths?: number;
	address?: Address;
	note?: string;
	userId?: string;
	soldEstateId?: string;
}

/** Response form: the stored record without internals. */
export function presentAccommodationView(p: PresentAccommodation) {
	return { ...p };
}

export function requirePresentAccommodation(store: SandboxStore, contact: Contact): PresentAccommodation {
	const found = store.presentAccommodations.get(contact.id);
	if (!found) throw notFound('Present accommodation of contact', contact.id);
	return found;
}

/** Creates or replaces the contact's present accommodation; the record id stays the same on update. */
export function savePresentAccommodation(store: SandboxStore, contact: Contact, body: PresentAccommodationBody): PresentAccommodation {
	const at = store.now();
	const existing = store.presentAccommodations.get(contact.id);
	const record: PresentAccommodation = {
		id: existing?.id ?? store.nextId('presentAccommodation'),
		contactId: contact.id,
		customerId: contact.customerId,
		userId: body.userId ?? existing?.userId ?? contact.agentId,
		housingType: body.housingType,
		tenure: body.tenure ?? '',
		livingSpace: body.livingSpace ?? null,
		numberOfRooms: body.numberOfRooms ?? null,
		monthlyFee: body.monthlyFee ?? null,
		estimatedValue: body.estimatedValue ?? null,
		plansToSell: body.plansToSell ?? false,
		sellWithinMonths: body.sellWithinMonths ?? null,
		address: body.address ?? {},
		note: body.note ?? '',
		soldEstateId: body.soldEstateId ?? existing?.soldEstateId ?? null,
		createdAt: existing?.createdAt ?? at,
		changedAt: at,
	};
	store.presentAccommodations.set(contact.id, record);
	contact.changedAt = at;
	return record;
}

/** CrmPresentAccomodationStatistics (assumed shape) over records changed within the range. */
export function presentAccommodationStatistics(store: SandboxStore, customerId: string, query: { userId?: string; dateFrom?: string; dateTo?: string }) {
	const from = query.dateFrom ? parseDateTime(query.dateFrom) : -Infinity;
	const to = query.dateTo ? parseDateTime(query.dateTo) : Infinity;
	const rows = [...store.presentAccommodations.values()].filter((p) => {
		const contact = store.contacts.get(p.contactId);
		const at = Date.parse(p.changedAt);
		return contact && store.contactLinkedTo(contact, customerId) && (!query.userId || p.userId === query.userId) && at >= from && at <= to;
	});
	const byHousingType = HOUSING_TYPES.map((housingType) => ({ housingType, count: rows.filter((r) => r.housingType === housingType).length })).filter((r) => r.count > 0);
	const spaces = rows.map((r) => r.livingSpace).filter((n): n is number => n !== null);
	return {
		customerId,
		userId: query.userId ?? null,
		dateFrom: query.dateFrom ?? null,
		dateTo: query.dateTo ?? null,
		total: rows.length,
		fromSoldEstates: rows.filter((r) => r.soldEstateId).length,
		planningToSell: rows.filter((r) => r.plansToSell).length,
		averageLivingSpace: spaces.length ? Math.round(spaces.reduce((a, b) => a + b, 0) / spaces.length) : null,
		byHousingType,
	};
}
