import type { Contact, ContactType } from './types';

/** A contact with every field present and empty; callers fill in what they know. */
export function blankContact(
	id: string,
	type: ContactType,
	customerId: string,
	at: string,
): Contact {
	return {
		id,
		type,
		customerId,
		linkedCustomerIds: [],
		agentId: null,
		firstName: '',
		lastName: '',
		companyName: '',
		socialSecurityNumber: '',
		isForeignSocialSecurityNumber: false,
		corporateNumber: '',
		isForeignCorporateNumber: false,
		homePage: '',
		telePhone: '',
		workPhone: '',
		cellPhone: '',
		otherPhone: '',
		switchPhone: '',
		email: '',
		email2: '',
		address: {},
		advertisingEnabled: false,
		note: '',
		categoryIds: [],
		leadScore: null,
		customFields: [],
		newsletterListIds: [],
		approval: null,
		approvalDate: null,
		gdprApprovalDate: null,
		obtainThrough: '',
		coordinate: null,
		dateOfDeath: null,
		wantsToBeMatched: 'NotAsked',
		matchingChangedAt: null,
		isCompanyPerson: false,
		createdAt: at,
		changedAt: at,
	};
}

/** Display name: "First Last" for persons and deceased estates, the company name otherwise. */
export function contactName(contact: Contact): string {
	if (contact.type === 'Company') return contact.companyName;
	const name = `${contact.firstName} ${contact.lastName}`.trim();
	return contact.type === 'DeceasedEstate' ? `Dödsbo efter ${name}` : name;
}
