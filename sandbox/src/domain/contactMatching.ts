import { identityDigits, phoneDigits } from '../seed/identity';
import type { SandboxStore } from '../store/store';
import type { Contact } from '../store/types';

/**
 * The duplicate rules of interface.md 4.5, shared by UpdatePerson/UpdateCompany and the
 * advertising endpoints. ContactId is handled by the callers; these functions cover the
 * identity-number rule and the name rule. With several matches the oldest contact (lowest id)
 * wins.
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

/** Candidate contacts: the whole database, or only those linked to the firm of `customerId`. */
export function candidates(store: SandboxStore, customerId: string | null): Contact[] {
	const all = [...store.contacts.values()];
	return customerId === null ? all : all.filter((c) => store.contactLinkedTo(c, customerId));
}

const sameText = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();
const samePhone = (a: string | undefined, b: string) => !!a && phoneDigits(a) !== '' && phoneDigits(a) === phoneDigits(b);
const sameEmail = (a: string | undefined, c: Contact) => !!a && a.trim() !== '' && (sameText(a, c.email) || sameText(a, c.email2));

/** Rule 2 when a social security number is given, else rule 3, else no check (rule 4). */
export function personRule(keys: PersonKeys): MatchRule {
	if (keys.socialSecurityNumber?.trim()) return 'identityNumber';
	const hasNames = !!keys.firstName?.trim() && !!keys.lastName?.trim();
	const hasContactWay = !!(keys.telePhone?.trim() || keys.cellPhone?.trim() || keys.email?.trim());
	return hasNames && hasContactWay ? 'name' : 'none';
}

export function findPerson(pool: Contact[], keys: PersonKeys): Contact | undefined {
	const rule = personRule(keys);
	const persons = pool.filter((c) => c.type === 'Person').sort(byId);
	if (rule === 'identityNumber') {
		const wanted = identityDigits(keys.socialSecurityNumber);
		return persons.find((c) => identityDigits(c.socialSecurityNumber) === wanted);
	}
	if (rule === 'name') {
		return persons.find(
			(c) =>
				sameText(c.firstName, keys.firstName!) &&
				sameText(c.lastName, keys.lastName!) &&
				(samePhone(keys.telePhone, c.telePhone) || samePhone(keys.cellPhone, c.cellPhone) || sameEmail(keys.email, c)),
		);
	}
	return undefined;
}

export function companyRule(keys: CompanyKeys): MatchRule {
	if (keys.corporateNumber?.trim()) return 'identityNumber';
	return keys.companyName?.trim() && (keys.switchPhone?.trim() || keys.email?.trim()) ? 'name' : 'none';
}

export function findCompany(pool: Contact[], keys: CompanyKeys): Contact | undefined {
	const rule = companyRule(keys);
	const companies = pool.filter((c) => c.type === 'Company').sort(byId);
	if (rule === 'identityNumber') {
		const wanted = identityDigits(keys.corporateNumber);
		return companies.find((c) => identityDigits(c.corporateNumber) === wanted);
	}
	if (rule === 'name') {
		return companies.find(
			(c) => sameText(c.companyName, keys.companyName!) && (samePhone(keys.switchPhone, c.switchPhone) || sameEmail(keys.email, c)),
		);
	}
	return undefined;
}

function byId(a: Contact, b: Contact): number {
	return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}
