import { forbidden, notFound } from '../errors';
import type { SandboxStore } from '../store/store';
import type { Bid, Contact, ContactType, Estate } from '../store/types';

/**
 * Record-level access: a record that does not exist is 404, one that exists but belongs to
 * a customer outside the call's customer id is 403.
 */

const TYPE_NAMES: Record<ContactType, string> = {
	Person: 'Person',
	Company: 'Company',
	DeceasedEstate: 'Deceased estate',
};

export function requireContact(
	store: SandboxStore,
	customerId: string,
	id: string,
	type?: ContactType,
): Contact {
	const contact = store.contacts.get(id);
	if (!contact) throw notFound(type ? TYPE_NAMES[type] : 'Contact', id);
	if (!store.contactLinkedTo(contact, customerId))
		throw forbidden(`Contact ${id} belongs to another customer.`);
	if (type && contact.type !== type) throw notFound(TYPE_NAMES[type], id);
	return contact;
}

/** Like requireContact for list calls: unknown ids and other types are left out, foreign ids are 403. */
export function contactsForList(
	store: SandboxStore,
	customerId: string,
	ids: string[],
	type?: ContactType,
): Contact[] {
	const out: Contact[] = [];
	for (const id of ids) {
		const contact = store.contacts.get(id);
		if (!contact) continue;
		if (!store.contactLinkedTo(contact, customerId))
			throw forbidden(`Contact ${id} belongs to another customer.`);
		if (type && contact.type !== type) continue;
		out.push(contact);
	}
	return out;
}

export function requireEstate(store: SandboxStore, customerId: string, id: string): Estate {
	const estate = store.estates.get(id);
	if (!estate) throw notFound('Estate', id);
	if (!store.inScope(estate.customerId, customerId))
		throw forbidden(`Estate ${id} belongs to another customer.`);
	return estate;
}

export function requireBid(store: SandboxStore, customerId: string, id: string): Bid {
	const bid = store.bids.get(id);
	if (!bid) throw notFound('Bid', id);
	if (!store.inScope(bid.customerId, customerId))
		throw forbidden(`Bid ${id} belongs to another customer.`);
	return bid;
}

/** Marks a contact as linked to an office (interest, final-price watch, bid) when it is owned elsewhere. */
export function linkContact(contact: Contact, office: string): void {
	if (contact.customerId !== office && !contact.linkedCustomerIds.includes(office))
		contact.linkedCustomerIds.push(office);
}
