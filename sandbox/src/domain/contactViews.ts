import { contactName } from '../store/contactFactory';
import type { SandboxStore } from '../store/store';
import type { Contact } from '../store/types';

/**
 * Wire shapes of the CRM contact records. CrmContact carries the fields records.md names
 * plus leadScore and contactOrders; the typed records add their own fields (assumed shapes).
 */

export function crmContactView(store: SandboxStore, c: Contact) {
	return {
		id: c.id,
		type: c.type,
		customerId: c.customerId,
		agentId: c.agentId,
		name: contactName(c),
		address: c.address,
		email: c.email || null,
		advertisingEnabled: c.advertisingEnabled,
		note: c.note,
		categories: c.categoryIds.map((id) => ({ id, name: store.categories.get(id)?.name ?? '' })),
		leadScore: c.leadScore,
		contactOrders: contactOrdersOf(store, c.id),
		createdAt: c.createdAt,
		changedAt: c.changedAt,
	};
}

export function contactOrdersOf(store: SandboxStore, contactId: string) {
	const out = [];
	for (const o of store.contactOrders.values()) {
		if (o.contactId === contactId) out.push({ id: o.id, type: o.type, active: o.active, startedAt: o.startedAt, endedAt: o.endedAt });
	}
	return out;
}

export function personView(store: SandboxStore, c: Contact) {
	return {
		...crmContactView(store, c),
		firstName: c.firstName,
		lastName: c.lastName,
		socialSecurityNumber: c.socialSecurityNumber,
		telePhone: c.telePhone,
		workPhone: c.workPhone,
		cellPhone: c.cellPhone,
		otherPhone: c.otherPhone,
		email2: c.email2 || null,
		customFields: c.customFields,
		newsletterListIds: c.newsletterListIds,
		approval: c.approval,
		approvalDate: c.approvalDate,
		gdprApprovalDate: c.gdprApprovalDate,
		obtainThrough: c.obtainThrough,
	};
}

export function companyView(store: SandboxStore, c: Contact) {
	return {
		...crmContactView(store, c),
		companyName: c.companyName,
		corporateNumber: c.corporateNumber,
		homePage: c.homePage,
		switchPhone: c.switchPhone,
		telePhone: c.telePhone,
		obtainThrough: c.obtainThrough,
	};
}

export function deceasedEstateView(store: SandboxStore, c: Contact) {
	return {
		...crmContactView(store, c),
		firstName: c.firstName,
		lastName: c.lastName,
		socialSecurityNumber: c.socialSecurityNumber,
		dateOfDeath: c.dateOfDeath,
	};
}

/** CrmSpeculatorContact: the contact's relations to estates of the calling customer. */
export function speculatorView(store: SandboxStore, c: Contact, customerId: string) {
	const scope = store.scopeOf(customerId);
	const relations: { estateId: string; estateNumber: string; streetAddress: string; relation: string; status: string; createdAt: string }[] = [];
	const add = (estateId: string, relation: string, status: string, createdAt: string) => {
		const estate = store.estates.get(estateId);
		if (!estate || !scope.has(estate.customerId)) return;
		relations.push({ estateId, estateNumber: estate.estateNumber, streetAddress: estate.address.streetAddress ?? '', relation, status, createdAt });
	};
	for (const i of store.interestApplications.values()) if (i.contactId === c.id) add(i.estateId, 'Interest', i.status, i.createdAt);
	for (const w of store.finalPriceWatches.values()) if (w.contactId === c.id) add(w.estateId, 'FinalPriceWatch', w.prospectiveBuyerStatus ?? 'Watching', w.createdAt);
	const firstBid = new Map<string, string>();
	for (const b of store.bids.values()) {
		if (b.contactId !== c.id || b.isCanceled) continue;
		const seen = firstBid.get(b.estateId);
		if (!seen || b.createdAt < seen) firstBid.set(b.estateId, b.createdAt);
	}
	for (const [estateId, createdAt] of firstBid) add(estateId, 'Bidder', 'Bidding', createdAt);
	relations.sort((a, b) => (a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : 0));
	return { contactId: c.id, customerId: c.customerId, name: contactName(c), relations };
}

/** Entry of CrmContactList. */
export function listEntry(c: Contact) {
	return { id: c.id, changedAt: c.changedAt, customerId: c.customerId };
}
