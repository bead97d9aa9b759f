import { invalidField } from '../errors';
import { parseDateTime } from '../http/validation';
import { identityDigits, phoneDigits } from '../swedish/identity';
import { contactName } from '../store/contactFactory';
import type { SandboxStore } from '../store/store';
import type { Contact, ContactOrderType } from '../store/types';
import { listEntry } from './contactViews';

/** Query of GET /CRM/Contact/{customerId}, keys without the "criteria." prefix. */
export interface ContactListCriteria {
	agentId?: string;
	createdAtFrom?: string;
	createdAtTo?: string;
	changedAtFrom?: string;
	changedAtTo?: string;
	customFieldName?: string;
	customFieldValue?: string;
	leadScore?: number;
	contactScheduledOrderType?: ContactOrderType;
	newsletterListId?: string;
}

/**
 * CrmContactList of the contacts linked to the firm that pass every given criterion
 * (bounds inclusive), each list ordered by changedAt then id, oldest first.
 */
export function listContacts(
	store: SandboxStore,
	customerId: string,
	criteria: ContactListCriteria,
) {
	const bound = (value: string | undefined, fallback: number) =>
		value ? parseDateTime(value) : fallback;
	const createdFrom = bound(criteria.createdAtFrom, -Infinity);
	const createdTo = bound(criteria.createdAtTo, Infinity);
	const changedFrom = bound(criteria.changedAtFrom, -Infinity);
	const changedTo = bound(criteria.changedAtTo, Infinity);
	const withOrder = criteria.contactScheduledOrderType
		? contactsWithActiveOrder(store, criteria.contactScheduledOrderType)
		: null;
	const fieldName = criteria.customFieldName?.trim().toLowerCase();
	const fieldValue = criteria.customFieldValue?.trim().toLowerCase();
	const matches: Contact[] = [];
	const scope = store.scopeOf(customerId);
	for (const c of store.contacts.values()) {
		if (!store.contactInScope(c, scope)) continue;
		if (criteria.agentId && c.agentId !== criteria.agentId) continue;
		if (criteria.leadScore !== undefined && c.leadScore !== criteria.leadScore) continue;
		if (criteria.newsletterListId && !c.newsletterListIds.includes(criteria.newsletterListId))
			continue;
		if (withOrder && !withOrder.has(c.id)) continue;
		if (fieldName || fieldValue) {
			const hit = c.customFields.some(
				(f) =>
					(!fieldName || f.name.toLowerCase() === fieldName) &&
					(!fieldValue || f.value.toLowerCase() === fieldValue),
			);
			if (!hit) continue;
		}
		const created = Date.parse(c.createdAt);
		const changed = Date.parse(c.changedAt);
		if (
			created < createdFrom ||
			created > createdTo ||
			changed < changedFrom ||
			changed > changedTo
		)
			continue;
		matches.push(c);
	}
	matches.sort((a, b) =>
		a.changedAt !== b.changedAt ? (a.changedAt < b.changedAt ? -1 : 1) : a.id < b.id ? -1 : 1,
	);
	return {
		persons: matches.filter((c) => c.type === 'Person').map(listEntry),
		companies: matches.filter((c) => c.type === 'Company').map(listEntry),
		deceasedEstates: matches.filter((c) => c.type === 'DeceasedEstate').map(listEntry),
	};
}

function contactsWithActiveOrder(store: SandboxStore, type: ContactOrderType): Set<string> {
	const out = new Set<string>();
	for (const o of store.contactOrders.values())
		if (o.active && o.type === type) out.add(o.contactId);
	return out;
}

export interface SearchMatch {
	id: string;
	changedAt: string;
	customerId: string;
	type: string;
	score: number;
}

/**
 * Free-text search over name, personal/organisation number, e-mail and phones. Score 100 for
 * an exact hit, 80 for a prefix, 60 for a substring (phones and numbers compare by digits).
 */
export function searchContacts(
	store: SandboxStore,
	customerId: string,
	term: string,
	maxSize: number,
): { matches: SearchMatch[] } {
	const text = term.trim().toLowerCase();
	const digits = text.replace(/[\s\-+]/g, '');
	const numeric = /^\d+$/.test(digits) ? digits : '';
	const scored: SearchMatch[] = [];
	const scope = store.scopeOf(customerId);
	for (const c of store.contacts.values()) {
		if (!store.contactInScope(c, scope)) continue;
		let score = Math.max(
			textScore(contactName(c).toLowerCase(), text),
			textScore(c.email.toLowerCase(), text),
			textScore(c.email2.toLowerCase(), text),
		);
		if (numeric) {
			score = Math.max(
				score,
				textScore(
					identityDigits(c.socialSecurityNumber || c.corporateNumber),
					identityDigits(numeric),
				),
			);
			for (const phone of [c.telePhone, c.cellPhone, c.workPhone, c.otherPhone, c.switchPhone])
				score = Math.max(score, textScore(phoneDigits(phone), phoneDigits(numeric)));
		}
		if (score > 0)
			scored.push({
				id: c.id,
				changedAt: c.changedAt,
				customerId: c.customerId,
				type: c.type,
				score,
			});
	}
	return { matches: rank(scored).slice(0, maxSize) };
}

/** Exact match on a personal or organisation number (10 or 12 digits, separators ignored). */
/** Search_CrmContactSearchMatch (models-2026.json): the kinds of contact a number matched, no score. */
export interface SocialNumberMatch {
	id: string;
	changedAt: string;
	customerId: string;
	contactClassTypes: string[];
}

/** Search_ContactClassType of a contact: a deceased estate is an Estate; a company's contact person is a CompanyContact too. */
function classTypesOf(c: Contact): string[] {
	if (c.type === 'DeceasedEstate') return ['Estate'];
	return c.type === 'Person' && c.isCompanyPerson ? ['Person', 'CompanyContact'] : [c.type];
}

export function searchBySocialNumber(
	store: SandboxStore,
	customerId: string,
	socialNumber: string,
	maxSize: number,
): { matches: SocialNumberMatch[] } {
	const digits = socialNumber.replace(/[\s\-+]/g, '');
	if (!/^(\d{10}|\d{12})$/.test(digits))
		throw invalidField(
			'criteria.socialNumber',
			'must be a personal or organisation number of 10 or 12 digits',
		);
	const wanted = identityDigits(digits);
	const scored: SearchMatch[] = [];
	const scope = store.scopeOf(customerId);
	for (const c of store.contacts.values()) {
		if (!store.contactInScope(c, scope)) continue;
		if (identityDigits(c.socialSecurityNumber || c.corporateNumber) === wanted) {
			scored.push({
				id: c.id,
				changedAt: c.changedAt,
				customerId: c.customerId,
				type: c.type,
				score: 100,
			});
		}
	}
	return {
		matches: rank(scored)
			.slice(0, maxSize)
			.map(({ id, changedAt, customerId }) => ({
				id,
				changedAt,
				customerId,
				contactClassTypes: classTypesOf(store.contacts.get(id)!),
			})),
	};
}

function textScore(value: string, term: string): number {
	if (!value || !term) return 0;
	if (value === term) return 100;
	if (value.startsWith(term)) return 80;
	return value.includes(term) ? 60 : 0;
}

/** Best score first, then most recently changed, then id. */
function rank(matches: SearchMatch[]): SearchMatch[] {
	return matches.sort(
		(a, b) =>
			b.score - a.score ||
			(a.changedAt !== b.changedAt ? (a.changedAt < b.changedAt ? 1 : -1) : a.id < b.id ? -1 : 1),
	);
}
