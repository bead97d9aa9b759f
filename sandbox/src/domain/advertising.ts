import { forbidden, notFound } from '../errors';
import { blankContact, contactName } from '../store/contactFactory';
import type { SandboxStore } from '../store/store';
import type {
	Address,
	Association,
	Contact,
	ContactOrder,
	Estate,
	InterestStatus,
	Lead,
	Marketing,
} from '../store/types';
import { linkContact } from './access';
import { applyContactFields } from './contactUpsert';
import { candidates, findPerson, indexContact } from './contactMatching';
import { present } from './wire';

/** The person part of an interest application or a final-price watch. */
export interface InterestedPerson {
	firstName?: string;
	lastName?: string;
	socialSecurityNumber?: string;
	isForeignSocialSecurityNumber?: boolean;
	address?: Address;
	telephone?: { home?: string; work?: string; cell?: string; other?: string };
	email?: { emailAddress?: string; emailAddress2?: string };
	gdprApprovalDate?: string;
}

export interface InterestApplicationBody extends InterestedPerson {
	leadSourceId?: string;
	assignmentSourceId?: string;
	marketing?: Marketing;
	presentAccommodation?: unknown;
	contactMessage?: string;
	status?: InterestStatus;
}

export interface FinalPriceWatchBody {
	person: InterestedPerson;
	prospectiveBuyerStatus?: string;
	leadSourceId?: string;
	marketing?: Marketing;
	message?: string;
}

/** Whom a lead goes to: the office and its agent, the estate it is about (none for a valuation), what it is worth. */
interface LeadReceiver {
	customerId: string;
	agentId: string;
	estateId: string | null;
	value: number;
	/** How a person made for the lead came to the office (`obtainThrough`). */
	obtainThrough: string;
}

/** An estate's lead: to its office and agent, worth a fifth of its commission. */
const estateReceiver = (estate: Estate): LeadReceiver => ({
	customerId: estate.customerId,
	agentId: estate.agentId,
	estateId: estate.id,
	value: Math.round(estate.commission.amount * 0.2),
	obtainThrough: 'Intresseanmälan',
});

/**
 * Finds the person by the duplicate rules (whole database, or with `restrictTo` only contacts
 * linked to that firm) or creates one owned by the receiving office and agent, then links it to
 * that office. The contact's changedAt becomes `at`.
 */
export function matchOrCreatePerson(
	store: SandboxStore,
	receiver: LeadReceiver,
	person: InterestedPerson,
	restrictTo: string | null,
	at: string,
): { contact: Contact; created: boolean } {
	const keys = {
		socialSecurityNumber: person.socialSecurityNumber,
		firstName: person.firstName,
		lastName: person.lastName,
		telePhone: person.telephone?.home,
		cellPhone: person.telephone?.cell,
		email: person.email?.emailAddress,
	};
	let contact = findPerson(candidates(store, restrictTo), keys);
	const created = !contact;
	if (!contact) {
		contact = blankContact(store.nextId('contact'), 'Person', receiver.customerId, at);
		contact.agentId = receiver.agentId;
		contact.obtainThrough = receiver.obtainThrough;
		store.contacts.set(contact.id, contact);
	}
	applyContactFields(contact, {
		firstName: person.firstName,
		lastName: person.lastName,
		socialSecurityNumber: person.socialSecurityNumber,
		isForeignSocialSecurityNumber: person.isForeignSocialSecurityNumber,
		telePhone: person.telephone?.home,
		workPhone: person.telephone?.work,
		cellPhone: person.telephone?.cell,
		otherPhone: person.telephone?.other,
		email: person.email,
		address: person.address,
		gdprApprovalDate: person.gdprApprovalDate,
	});
	contact.changedAt = at;
	indexContact(store, contact);
	linkContact(contact, receiver.customerId);
	return { contact, created };
}

/** Adds an incoming lead (an interest, a final-price watch, a valuation request) in the tips-and-leads data. */
export function addIncomingLead(
	store: SandboxStore,
	receiver: LeadReceiver,
	contact: Contact,
	leadType: string,
	note: string,
	at: string,
): Lead {
	const agent = store.agents.get(receiver.agentId);
	const lead: Lead = {
		id: store.nextId('lead'),
		customerId: receiver.customerId,
		direction: 'Incoming',
		kind: 'Lead',
		leadType,
		createdAt: at,
		removedAt: null,
		userId: receiver.agentId,
		sender: { name: contactName(contact), customerId: null, userId: null },
		receiver: {
			name: agent ? `${agent.firstName} ${agent.lastName}` : '',
			customerId: receiver.customerId,
			userId: receiver.agentId,
		},
		contactId: contact.id,
		estateId: receiver.estateId,
		note,
		value: receiver.value,
	};
	store.leads.set(lead.id, lead);
	return lead;
}

/**
 * A lead without an estate: a person asks the office to value their home (a valuation
 * request), and the service sends the lead to one agent, its receiver. The person is found
 * by the duplicate rules or made, owned by the office.
 */
export function addValuationRequest(
	store: SandboxStore,
	customerId: string,
	agentId: string,
	person: InterestedPerson,
	message: string,
	at = store.now(),
): { lead: Lead; contact: Contact; created: boolean } {
	const receiver: LeadReceiver = {
		customerId,
		agentId,
		estateId: null,
		value: 2500,
		obtainThrough: 'Värderingsförfrågan',
	};
	const { contact, created } = matchOrCreatePerson(store, receiver, person, null, at);
	const lead = addIncomingLead(store, receiver, contact, 'ValuationRequest', message, at);
	return { lead, contact, created };
}

export interface InterestResult {
	interestId: string;
	contact: Contact;
	created: boolean;
	leadId: string;
}

/** POST .../interest and .../interestRestrictive (restrictive: duplicate check within the caller's firm). */
export function registerInterest(
	store: SandboxStore,
	customerId: string,
	estate: Estate,
	body: InterestApplicationBody,
	restrictive: boolean,
	at = store.now(),
): InterestResult {
	const { contact, created } = matchOrCreatePerson(
		store,
		estateReceiver(estate),
		body,
		restrictive ? customerId : null,
		at,
	);
	const lead = addIncomingLead(
		store,
		estateReceiver(estate),
		contact,
		'InterestApplication',
		body.contactMessage ?? '',
		at,
	);
	const id = store.nextId('interest');
	store.interestApplications.set(id, {
		id,
		customerId: estate.customerId,
		estateId: estate.id,
		contactId: contact.id,
		restrictive,
		status: body.status ?? 'Interested',
		leadSourceId: body.leadSourceId ?? null,
		assignmentSourceId: body.assignmentSourceId ?? null,
		marketing: body.marketing ?? null,
		contactMessage: body.contactMessage ?? '',
		leadId: lead.id,
		createdAt: at,
		changedAt: at,
	});
	return { interestId: id, contact, created, leadId: lead.id };
}

/** POST .../FinalPriceWatched: whole-database duplicate check; returns the new watch id. */
export function registerFinalPriceWatch(
	store: SandboxStore,
	estate: Estate,
	body: FinalPriceWatchBody,
	at = store.now(),
): string {
	const receiver = estateReceiver(estate);
	const { contact } = matchOrCreatePerson(store, receiver, body.person, null, at);
	const lead = addIncomingLead(store, receiver, contact, 'FinalPriceWatch', body.message ?? '', at);
	const id = store.nextId('finalPriceWatch');
	store.finalPriceWatches.set(id, {
		id,
		customerId: estate.customerId,
		estateId: estate.id,
		contactId: contact.id,
		prospectiveBuyerStatus: body.prospectiveBuyerStatus ?? null,
		leadSourceId: body.leadSourceId ?? null,
		marketing: body.marketing ?? null,
		message: body.message ?? '',
		leadId: lead.id,
		createdAt: at,
	});
	return id;
}

/** PUT .../ContactOrder/{id}/OptOut: ends the mailing; repeating it is harmless. */
export function optOut(store: SandboxStore, customerId: string, orderId: string): ContactOrder {
	const order = store.contactOrders.get(orderId);
	if (!order) throw notFound('Contact order', orderId);
	if (!store.inScope(order.customerId, customerId))
		throw forbidden(`Contact order ${orderId} belongs to another customer.`);
	if (order.active) {
		const at = store.now();
		order.active = false;
		order.endedAt = at;
		const contact = store.contacts.get(order.contactId);
		if (contact) contact.changedAt = at;
	}
	return order;
}

/**
 * Advertising_AdvertisingAssociation (models-2026.json): the seeded facts under the service's
 * names, descriptions and economy as records of their own; the rest is not seeded.
 */
export function associationView(a: Association) {
	return present({
		id: a.id,
		name: a.name,
		corporateNumber: a.corporateNumber,
		organizationalForm: 'TenantOwnedAssociation',
		genuineAssociation: 'PrivateHousingCompany',
		numberOfApartments: a.numberOfApartments,
		descriptions: present({
			generalAboutAssociation: a.description,
			other: `Byggår ${a.builtYear}. ${a.address.streetAddress}, ${a.address.zipCode} ${a.address.city}.`,
		}),
		economy: present({
			theAssociationOwnTheGround: a.ownsTheLand ? 'Ja' : 'Nej, tomträtt',
			transferFeePaidBy: 'Buyer',
			allowLegalPersonAsBuyer: 'Undetermined',
		}),
		documents: [],
	});
}
