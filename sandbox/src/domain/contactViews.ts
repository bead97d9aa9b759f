import { swedishMidnight } from '../http/serviceTime';
import { contactName } from '../store/contactFactory';
import type { SandboxStore } from '../store/store';
import type { Contact } from '../store/types';
import { present } from './wire';

/**
 * Wire shapes of the CRM contact records: CrmContact, and Crm_CrmPersonContact,
 * Crm_CrmCompanyContact and Crm_CrmDeceasedEstateContact of docs/spec/models-2026.json. Empty
 * text and unknown values are left out, as the service's serializer leaves out nulls.
 */

type Wire = Record<string, unknown>;

/** Models.Api.Email; null without an address. */
export function emailView(c: Pick<Contact, 'email' | 'email2'>) {
	const email = present({ emailAddress: c.email, emailAddress2: c.email2 });
	return Object.keys(email).length ? email : undefined;
}

export function crmContactView(store: SandboxStore, c: Contact): Wire {
	const { streetAddress, zipCode, city, countryCode } = c.address;
	const wgs84Coordinate = c.coordinate
		? { longitude: c.coordinate.longitud, latitude: c.coordinate.latitud }
		: undefined;
	return present({
		id: c.id,
		type: c.type,
		customerId: c.customerId,
		agentId: c.agentId,
		address: present({ streetAddress, zipCode, city, countryCode, wgs84Coordinate }),
		email: emailView(c),
		advertisingEnabled: c.advertisingEnabled,
		note: c.note,
		categories: c.categoryIds.map((id) => categoryView(store, id)),
		createdAt: c.createdAt,
		changedAt: c.changedAt,
	});
}

/** Category.Models.Category: categories the service keeps itself are read-only (assumed: none in the seed). */
export function categoryView(store: SandboxStore, id: string) {
	return { id, name: store.categories.get(id)?.name ?? '', readOnly: false };
}

const personTelephone = (c: Contact) =>
	present({ home: c.telePhone, work: c.workPhone, cell: c.cellPhone, other: c.otherPhone });

export function personView(store: SandboxStore, c: Contact): Wire {
	return present({
		...crmContactView(store, c),
		firstName: c.firstName,
		lastName: c.lastName,
		socialSecurityNumber: c.socialSecurityNumber,
		isForeignSocialSecurityNumber: c.isForeignSocialSecurityNumber,
		dateOfBirth: dateOfBirth(c),
		telephone: personTelephone(c),
		leadScore: c.leadScore,
		wantsToBeMatched: c.wantsToBeMatched,
		matchingChangedAt: c.matchingChangedAt,
		isDeceased: false,
		isCompanyPerson: c.isCompanyPerson,
		gdprApprovalDate: c.gdprApprovalDate,
	});
}

export function companyView(store: SandboxStore, c: Contact): Wire {
	return present({
		...crmContactView(store, c),
		name: c.companyName,
		corporateNumber: c.corporateNumber,
		isForeignCorporateNumber: c.isForeignCorporateNumber,
		homePage: c.homePage,
		telephone: present({ switch: c.switchPhone, other: c.otherPhone }),
		leadScore: c.leadScore,
	});
}

export function deceasedEstateView(store: SandboxStore, c: Contact): Wire {
	return present({
		...crmContactView(store, c),
		name: contactName(c),
		socialSecurityNumber: c.socialSecurityNumber,
		// Spelled so in the service's record (models-2026.json).
		isForeignIdSocialSecurityNumber: c.isForeignSocialSecurityNumber,
		telephone: personTelephone(c),
	});
}

/** The date of birth a Swedish personal number (YYYYMMDD-NNNN) tells, at midnight on the Swedish clock; none for a foreign one. */
function dateOfBirth(c: Contact): string | undefined {
	const match = /^(\d{4})(\d{2})(\d{2})/.exec(c.socialSecurityNumber);
	const date = match ? `${match[1]}-${match[2]}-${match[3]}` : '';
	const ms = Date.parse(`${date}T00:00:00.000Z`);
	// Digits that name no day (a coordination number's day is the day of birth + 60) tell no date of birth.
	if (
		c.isForeignSocialSecurityNumber ||
		Number.isNaN(ms) ||
		new Date(ms).toISOString().slice(0, 10) !== date
	)
		return undefined;
	return swedishMidnight(date);
}

/** How far a speculator has come, in the service's levels (Crm.Contact.CrmSpeculatorRelation.level), strongest first. */
const LEVELS = [
	'ParticipateInBidding',
	'Assigned',
	'VeryInterested',
	'Interested',
	'NotInterested',
] as const;

/**
 * CrmSpeculatorContact: the estates of the calling customer the contact is a prospective buyer
 * of, one relation per estate at the strongest level its interests, watches and bids show.
 */
export function speculatorView(store: SandboxStore, c: Contact, customerId: string) {
	const scope = store.scopeOf(customerId);
	const levels = new Map<string, (typeof LEVELS)[number]>();
	const add = (estateId: string, level: (typeof LEVELS)[number]) => {
		const estate = store.estates.get(estateId);
		if (!estate || !scope.has(estate.customerId)) return;
		const known = levels.get(estateId);
		if (!known || LEVELS.indexOf(level) < LEVELS.indexOf(known)) levels.set(estateId, level);
	};
	for (const i of store.interestApplications.values())
		if (i.contactId === c.id) add(i.estateId, i.status);
	for (const w of store.finalPriceWatches.values())
		if (w.contactId === c.id) add(w.estateId, 'Interested');
	for (const b of store.bids.values())
		if (b.contactId === c.id && !b.isCanceled) add(b.estateId, 'ParticipateInBidding');
	const speculatorOn = [...levels]
		.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
		.map(([estateId, level]) => ({
			estateId,
			estateType: store.estates.get(estateId)!.type,
			level,
		}));
	return { id: c.id, speculatorOn };
}

/** Entry of CrmContactList. */
export function listEntry(c: Contact) {
	return { id: c.id, changedAt: c.changedAt, customerId: c.customerId };
}
