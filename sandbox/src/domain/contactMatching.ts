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
 * Candidate contacts: the whole database, or only those linked to the firm of `customerId`.
 * The firm's test runs only on contacts that already match the keys: a match is rare, and the
 * test for the firm costs more than a name compare.
 */
export interface Candidates {
	contacts: Iterable<Contact>;
	admits: (contact: Contact) => boolean;
}

export function candidates(store: SandboxStore, customerId: string | null): Candidates {
	const scope = customerId === null ? null : store.scopeOf(customerId);
	return { contacts: store.contacts.values(), admits: (contact) => scope === null || store.contactInScope(contact, scope) };
}

function first(pool: Candidates, test: (contact: Contact) => boolean): Contact | undefined {
	for (const contact of pool.contacts) if (test(contact) && pool.admits(contact)) return contact;
	return undefined;
}

const folded = (text: string) => text.trim().toLowerCase();
const sameText = (a: string, b: string) => folded(a) === folded(b);
const samePhone = (a: string | undefined, b: string) => !!a && phoneDigits(a) !== '' && phoneDigits(a) === phoneDigits(b);
const sameEmail = (a: string | undefined, c: Contact) => !!a && a.trim() !== '' && (sameText(a, c.email) || sameText(a, c.email2));

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
		return first(pool, (c) => c.type === 'Person' && identityDigits(c.socialSecurityNumber) === wanted);
	}
	if (rule === 'name') {
		const lastName = folded(keys.lastName!);
		const firstName = folded(keys.firstName!);
		return first(
			pool,
			(c) =>
				c.type === 'Person' &&
				folded(c.lastName) === lastName &&
				folded(c.firstName) === firstName &&
				(samePhone(keys.telePhone, c.telePhone) || samePhone(keys.cellPhone, c.cellPhone) || sameEmail(keys.email, c)),
		);
	}
	return undefined;
}

export function companyRule(keys: CompanyKeys): MatchRule {
	if (keys.corporateNumber?.trim()) return 'identityNumber';
	return keys.companyName?.trim() && (keys.switchPhone?.trim() || keys.email?.trim()) ? 'name' : 'none';
}

export function findCompany(pool: Candidates, keys: CompanyKeys): Contact | undefined {
	const rule = companyRule(keys);
	if (rule === 'identityNumber') {
		const wanted = identityDigits(keys.corporateNumber);
		return first(pool, (c) => c.type === 'Company' && identityDigits(c.corporateNumber) === wanted);
	}
	if (rule === 'name') {
		const companyName = folded(keys.companyName!);
		return first(
			pool,
			(c) => c.type === 'Company' && folded(c.companyName) === companyName && (samePhone(keys.switchPhone, c.switchPhone) || sameEmail(keys.email, c)),
		);
	}
	return undefined;
}
