import { identityDigits, phoneDigits } from '../swedish/identity';
import type { SandboxStore } from '../store/store';
import type { Contact } from '../store/types';

/**
 * The duplicate rules of interface.md 4.5, shared by UpdatePerson/UpdateCompany and the
 * advertising endpoints. ContactId is handled by the callers; these functions cover the
 * identity-number rule and the name rule. With several matches the oldest contact (lowest id)
 * wins: contacts are kept in id order, so the first hit is the oldest.
 */

export interface PersonKeys {
	socialSecurityNumber?: string;
	firstName?: string;
	lastName?: string;
	telePhone?: string;
	cellPhone?: string;
	email?: string;
}

export interface CompanyKeys {
	corporateNumber?: string;
	companyName?: string;
	switchPhone?: string;
	email?: string;
}

/** Which rule decided: the identity number, the name rule, or none (no duplicate check made). */
export type MatchRule = 'identityNumber' | 'name' | 'none';

/**
 * The contacts a check may find: the whole database, or only those linked to the firm of
 * `customerId`. The firm's test runs only on contacts that already match the keys.
 */
export interface Candidates {
	store: SandboxStore;
	admits: (contact: Contact) => boolean;
}

export function candidates(store: SandboxStore, customerId: string | null): Candidates {
	const scope = customerId === null ? null : store.scopeOf(customerId);
	return { store, admits: (contact) => scope === null || store.contactInScope(contact, scope) };
}

const folded = (text: string) => text.trim().toLowerCase();
const sameText = (a: string, b: string) => folded(a) === folded(b);
const samePhone = (a: string | undefined, b: string) =>
	!!a && phoneDigits(a) !== '' && phoneDigits(a) === phoneDigits(b);
const sameEmail = (a: string | undefined, c: Contact) =>
	!!a && a.trim() !== '' && (sameText(a, c.email) || sameText(a, c.email2));

/**
 * Contacts by what a rule compares first (a person's last name or identity number, a company's
 * name or organisation number), so a check reads the few contacts of one key, as the service's
 * database would, not the whole database. Built at the first check; a contact added or
 * renamed by the duplicate rules' callers is told (indexContact), and a change in the number
 * of contacts made elsewhere (the seed's activity, a merge) builds it anew. Every hit is
 * tested on the contact as it stands, so one renamed or deleted since drops out.
 */
interface ContactIndex {
	buckets: Map<string, Contact[]>;
	keysOf: WeakMap<Contact, string[]>;
	/** store.contacts.size as the index knows it. */
	size: number;
}

/** By the store's map of contacts: a reset gives the store a new one. */
const indexes = new WeakMap<Map<string, Contact>, ContactIndex>();

function indexKeys(contact: Contact): string[] {
	if (contact.type === 'Person')
		return [
			`person:${folded(contact.lastName)}`,
			`personNumber:${identityDigits(contact.socialSecurityNumber)}`,
		];
	if (contact.type === 'Company')
		return [
			`company:${folded(contact.companyName)}`,
			`companyNumber:${identityDigits(contact.corporateNumber)}`,
		];
	return [];
}

/** Contact ids in the order they were given (C000123 < C999999 < C1000000): the oldest first. */
const olderFirst = (a: Contact, b: Contact) =>
	a.id.length - b.id.length || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

function addToIndex(index: ContactIndex, contact: Contact): void {
	const keys = indexKeys(contact);
	index.keysOf.set(contact, keys);
	for (const key of keys) {
		const bucket = index.buckets.get(key);
		if (!bucket) index.buckets.set(key, [contact]);
		else {
			bucket.push(contact);
			if (bucket.length > 1 && olderFirst(bucket[bucket.length - 2], contact) > 0)
				bucket.sort(olderFirst);
		}
	}
}

function removeFromIndex(index: ContactIndex, contact: Contact): void {
	for (const key of index.keysOf.get(contact) ?? []) {
		const bucket = index.buckets.get(key);
		const at = bucket?.indexOf(contact) ?? -1;
		if (at >= 0) bucket!.splice(at, 1);
	}
	index.keysOf.delete(contact);
}

function indexOf(store: SandboxStore): ContactIndex {
	let index = indexes.get(store.contacts);
	if (!index || index.size !== store.contacts.size) {
		index = { buckets: new Map(), keysOf: new WeakMap(), size: store.contacts.size };
		for (const contact of store.contacts.values()) addToIndex(index, contact);
		indexes.set(store.contacts, index);
	}
	return index;
}

/** After a contact was added to the store or its names or identity number changed. */
export function indexContact(store: SandboxStore, contact: Contact): void {
	const index = indexes.get(store.contacts);
	if (!index) return;
	const known = index.keysOf.has(contact);
	removeFromIndex(index, contact);
	addToIndex(index, contact);
	if (!known) index.size++;
}

function first(
	pool: Candidates,
	key: string,
	test: (contact: Contact) => boolean,
): Contact | undefined {
	for (const contact of indexOf(pool.store).buckets.get(key) ?? []) {
		if (pool.store.contacts.get(contact.id) === contact && test(contact) && pool.admits(contact))
			return contact;
	}
	return undefined;
}

/** Rule 2 when a social security number is given, else rule 3, else no check (rule 4). */
export function personRule(keys: PersonKeys): MatchRule {
	if (keys.socialSecurityNumber?.trim()) return 'identityNumber';
	const hasNames = !!keys.firstName?.trim() && !!keys.lastName?.trim();
	const hasContactWay = !!(keys.telePhone?.trim() || keys.cellPhone?.trim() || keys.email?.trim());
	return hasNames && hasContactWay ? 'name' : 'none';
}

export function findPerson(pool: Candidates, keys: PersonKeys): Contact | undefined {
	const rule = personRule(keys);
	if (rule === 'identityNumber') {
		const wanted = identityDigits(keys.socialSecurityNumber);
		return first(
			pool,
			`personNumber:${wanted}`,
			(c) => c.type === 'Person' && identityDigits(c.socialSecurityNumber) === wanted,
		);
	}
	if (rule === 'name') {
		const lastName = folded(keys.lastName!);
		const firstName = folded(keys.firstName!);
		return first(
			pool,
			`person:${lastName}`,
			(c) =>
				c.type === 'Person' &&
				folded(c.lastName) === lastName &&
				folded(c.firstName) === firstName &&
				(samePhone(keys.telePhone, c.telePhone) ||
					samePhone(keys.cellPhone, c.cellPhone) ||
					sameEmail(keys.email, c)),
		);
	}
	return undefined;
}

export function companyRule(keys: CompanyKeys): MatchRule {
	if (keys.corporateNumber?.trim()) return 'identityNumber';
	return keys.companyName?.trim() && (keys.switchPhone?.trim() || keys.email?.trim())
		? 'name'
		: 'none';
}

export function findCompany(pool: Candidates, keys: CompanyKeys): Contact | undefined {
	const rule = companyRule(keys);
	if (rule === 'identityNumber') {
		const wanted = identityDigits(keys.corporateNumber);
		return first(
			pool,
			`companyNumber:${wanted}`,
			(c) => c.type === 'Company' && identityDigits(c.corporateNumber) === wanted,
		);
	}
	if (rule === 'name') {
		const companyName = folded(keys.companyName!);
		return first(
			pool,
			`company:${companyName}`,
			(c) =>
				c.type === 'Company' &&
				folded(c.companyName) === companyName &&
				(samePhone(keys.switchPhone, c.switchPhone) || sameEmail(keys.email, c)),
		);
	}
	return undefined;
}
