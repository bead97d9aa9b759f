import { invalidField } from '../errors';
import { parseDateTime } from '../http/validation';
import { blankContact } from '../store/contactFactory';
import type { SandboxStore } from '../store/store';
import type { Address, Contact, Coordinate, CustomField } from '../store/types';
import { requireContact } from './access';
import { candidates, findCompany, findPerson, indexContact } from './contactMatching';

/** Body of UpdatePerson / UpdateCompany after key normalisation (camelCase). */
export interface UpdateContactBody {
	contactId?: string;
	customerId: string;
	firstName?: string;
	lastName?: string;
	socialSecurityNumber?: string;
	isForeignSocialSecurityNumber?: boolean;
	companyName?: string;
	corporateNumber?: string;
	isForeignCorporateNumber?: boolean;
	homePage?: string;
	switchPhone?: string;
	telePhone?: string;
	workPhone?: string;
	cellPhone?: string;
	otherPhone?: string;
	email?: EmailAddresses;
	address?: Address;
	approval?: boolean;
	approvalDate?: string;
	gdprApprovalDate?: string;
	obtainThrough?: string;
	categoryIds?: string[];
	userId?: string;
	wishAdvertising?: boolean;
	note?: string;
	coordinate?: Coordinate;
	task?: unknown;
	customField?: CustomField;
	leadScore?: number;
}

export interface UpsertResult {
	contact: Contact;
	created: boolean;
}

/** Models.Api.Email (docs/spec/models.md), in bodies and records alike. */
export interface EmailAddresses {
	emailAddress?: string;
	emailAddress2?: string;
}

export function primaryEmail(body: { email?: EmailAddresses }): {
	first?: string;
	second?: string;
} {
	return { first: body.email?.emailAddress, second: body.email?.emailAddress2 };
}

/** UpdatePerson: ContactId, else social security number, else names with a phone or e-mail, else create. */
export function upsertPerson(store: SandboxStore, body: UpdateContactBody): UpsertResult {
	validateReferences(store, body);
	const email = primaryEmail(body).first;
	let contact: Contact | undefined;
	if (body.contactId?.trim()) {
		contact = requireContact(store, body.customerId, body.contactId.trim(), 'Person');
	} else {
		contact = findPerson(candidates(store, body.customerId), { ...body, email });
	}
	return saveContact(store, body, contact, 'Person');
}

/** UpdateCompany: ContactId, else organisation number, else company name with switchboard or e-mail, else create. */
export function upsertCompany(store: SandboxStore, body: UpdateContactBody): UpsertResult {
	validateReferences(store, body);
	const email = primaryEmail(body).first;
	let contact: Contact | undefined;
	if (body.contactId?.trim()) {
		contact = requireContact(store, body.customerId, body.contactId.trim(), 'Company');
	} else {
		contact = findCompany(candidates(store, body.customerId), { ...body, email });
	}
	return saveContact(store, body, contact, 'Company');
}

function saveContact(
	store: SandboxStore,
	body: UpdateContactBody,
	existing: Contact | undefined,
	type: 'Person' | 'Company',
): UpsertResult {
	const at = store.now();
	const contact =
		existing ??
		blankContact(
			store.nextId('contact'),
			type,
			store.owningOffice(body.customerId, body.userId),
			at,
		);
	applyContactFields(contact, body);
	contact.changedAt = at;
	if (!existing) store.contacts.set(contact.id, contact);
	indexContact(store, contact);
	return { contact, created: !existing };
}

const TEXT_FIELDS = [
	'firstName',
	'lastName',
	'socialSecurityNumber',
	'companyName',
	'corporateNumber',
	'homePage',
	'switchPhone',
	'telePhone',
	'workPhone',
	'cellPhone',
	'otherPhone',
	'note',
	'obtainThrough',
] as const;

/**
 * Copies submitted fields onto a contact. Blank or missing text leaves the stored value
 * (records.md says so for names; the sandbox does the same for every text field).
 */
export function applyContactFields(contact: Contact, body: Partial<UpdateContactBody>): void {
	for (const field of TEXT_FIELDS) {
		const value = body[field];
		if (typeof value === 'string' && value.trim() !== '') contact[field] = value.trim();
	}
	const email = primaryEmail(body);
	if (email.first?.trim()) contact.email = email.first.trim();
	if (email.second?.trim()) contact.email2 = email.second.trim();
	if (body.address) contact.address = { ...contact.address, ...dropBlank(body.address) };
	if (body.coordinate) contact.coordinate = body.coordinate;
	if (typeof body.isForeignSocialSecurityNumber === 'boolean')
		contact.isForeignSocialSecurityNumber = body.isForeignSocialSecurityNumber;
	if (typeof body.isForeignCorporateNumber === 'boolean')
		contact.isForeignCorporateNumber = body.isForeignCorporateNumber;
	if (typeof body.approval === 'boolean') contact.approval = body.approval;
	if (body.approvalDate)
		contact.approvalDate = new Date(parseDateTime(body.approvalDate)).toISOString();
	if (body.gdprApprovalDate)
		contact.gdprApprovalDate = new Date(parseDateTime(body.gdprApprovalDate)).toISOString();
	if (typeof body.wishAdvertising === 'boolean') contact.advertisingEnabled = body.wishAdvertising;
	if (body.categoryIds?.length)
		contact.categoryIds = [...new Set([...contact.categoryIds, ...body.categoryIds])];
	if (body.userId) contact.agentId = body.userId;
	if (typeof body.leadScore === 'number') contact.leadScore = body.leadScore;
	const field = body.customField;
	if (field?.name) {
		const stored = contact.customFields.find((f) => f.name === field.name);
		if (stored) stored.value = String(field.value ?? '');
		else contact.customFields.push({ name: field.name, value: String(field.value ?? '') });
	}
}

function dropBlank<T extends object>(value: T): Partial<T> {
	return Object.fromEntries(
		Object.entries(value).filter(([, v]) => v !== undefined && v !== null && v !== ''),
	) as Partial<T>;
}

/** userId and categoryIds must name records of the customer; unknown ones are a 400. */
function validateReferences(store: SandboxStore, body: UpdateContactBody): void {
	if (body.userId && !store.agentsOf(body.customerId).some((a) => a.userId === body.userId)) {
		throw invalidField('userId', `unknown user ${body.userId} for customer ${body.customerId}`);
	}
	for (const id of body.categoryIds ?? []) {
		const category = store.categories.get(id);
		if (!category || !store.inScope(category.customerId, body.customerId)) {
			throw invalidField('categoryIds', `unknown category ${id} for customer ${body.customerId}`);
		}
	}
}
