import { blankContact } from '../store/contactFactory';
import type { SandboxStore } from '../store/store';
import type { Category, Contact, ContactType, NewsletterList } from '../store/types';
import {
	asciiSlug,
	landlinePhone,
	mobilePhone,
	organisationNumber,
	personalNumber,
} from '../swedish/identity';
import {
	COMPANY_SUFFIXES,
	COMPANY_WORDS,
	CITIES,
	FEMALE_FIRST_NAMES,
	LAST_NAMES,
	MALE_FIRST_NAMES,
	STREET_NAMES,
} from '../swedish/names';
import { activeAgentIds } from './organisation';
import { randomPastTime } from './time';

const OFFICE_WEIGHTS: readonly (readonly [string, number])[] = [
	['M30011', 45],
	['M30012', 35],
	['M40099', 20],
];
const TYPE_WEIGHTS: readonly (readonly [ContactType, number])[] = [
	['Person', 88],
	['Company', 9],
	['DeceasedEstate', 3],
];
const AREA_CODES: Record<string, string> = { Stockholm: '08', Uppsala: '018', Göteborg: '031' };
const CUSTOM_FIELD_VALUES: Record<string, readonly string[]> = {
	Husdjur: ['Hund', 'Katt', 'Inga'],
	Bostadsönskemål: ['Balkong', 'Hiss', 'Trädgård', 'Sjöutsikt'],
	Källa: ['Hemnet', 'Visning', 'Rekommendation', 'Annons'],
};

export function seedContacts(store: SandboxStore, count: number): void {
	const lookups = new OfficeLookups(store);
	for (let i = 0; i < count; i++) {
		const contact = generateContact(
			store,
			store.random.weighted(OFFICE_WEIGHTS),
			store.random.weighted(TYPE_WEIGHTS),
			lookups,
		);
		store.contacts.set(contact.id, contact);
	}
}

/** Per-office agents, categories and newsletter lists, computed once for a large seed. */
class OfficeLookups {
	private cache = new Map<string, unknown>();

	constructor(private store: SandboxStore) {}

	private memo<T>(key: string, make: () => T): T {
		if (!this.cache.has(key)) this.cache.set(key, make());
		return this.cache.get(key) as T;
	}

	agents(office: string): string[] {
		return this.memo(`agents|${office}`, () => activeAgentIds(this.store, office));
	}

	categories(office: string, appliesTo: 'Person' | 'Company'): Category[] {
		return this.memo(`categories|${office}|${appliesTo}`, () =>
			[...this.store.categories.values()].filter(
				(c) => c.customerId === office && c.appliesTo === appliesTo,
			),
		);
	}

	newsletterLists(office: string): NewsletterList[] {
		return this.memo(`lists|${office}`, () =>
			[...this.store.newsletterLists.values()].filter((l) => l.customerId === office),
		);
	}
}

/** One realistic contact. */
function generateContact(
	store: SandboxStore,
	office: string,
	type: ContactType,
	lookups: OfficeLookups,
): Contact {
	const { random } = store;
	const city = store.offices.get(office)!.city;
	const [zipPrefix] = CITIES[city];
	const createdAt = randomPastTime(store, 720, 1);
	const contact = blankContact(store.nextId('contact'), type, office, createdAt);
	const nowMs = store.seedOptions.now.getTime();
	const createdMs = new Date(createdAt).getTime();
	contact.changedAt = random.chance(0.6)
		? createdAt
		: new Date(createdMs + Math.floor(random.next() * (nowMs - 60_000 - createdMs))).toISOString();
	contact.agentId = random.chance(0.9) ? random.pick(lookups.agents(office)) : null;
	contact.address = {
		streetAddress: `${random.pick(STREET_NAMES[city])} ${random.int(1, 120)}${random.chance(0.2) ? ' lgh ' + random.int(1001, 1504) : ''}`,
		zipCode: `${zipPrefix}${random.int(1, 9)} ${random.digits(2)}`,
		city,
		countryCode: 'SE',
	};
	if (type === 'Company') {
		const word = random.pick(COMPANY_WORDS);
		contact.companyName =
			`${random.pick(LAST_NAMES)}s ${word}${word.endsWith('s') ? '' : ' '}${random.pick(COMPANY_SUFFIXES)}`.replace(
				'  ',
				' ',
			);
		contact.corporateNumber = organisationNumber(random);
		contact.switchPhone = landlinePhone(random, AREA_CODES[city]);
		contact.email = `info@${asciiSlug(contact.companyName).replace(/\./g, '')}.example`;
		contact.homePage = `https://www.${asciiSlug(contact.companyName).replace(/\./g, '')}.example`;
	} else {
		const female = random.chance(0.5);
		contact.firstName = random.pick(female ? FEMALE_FIRST_NAMES : MALE_FIRST_NAMES);
		contact.lastName = random.pick(LAST_NAMES);
		const birthYear = type === 'DeceasedEstate' ? random.int(1925, 1950) : random.int(1945, 2003);
		contact.socialSecurityNumber = personalNumber(random, birthYear);
		if (type === 'DeceasedEstate') {
			contact.dateOfDeath = randomPastTime(store, 400, 30).slice(0, 10);
			contact.note = 'Dödsbodelägare kontaktas via ombud.';
		} else {
			contact.cellPhone = mobilePhone(random);
			if (random.chance(0.3)) contact.telePhone = landlinePhone(random, AREA_CODES[city]);
			contact.email = `${asciiSlug(contact.firstName)}.${asciiSlug(contact.lastName)}${random.int(1, 99)}@mail.example`;
		}
	}
	contact.advertisingEnabled = random.chance(0.6);
	const categories = lookups.categories(office, type === 'Company' ? 'Company' : 'Person');
	if (categories.length && random.chance(0.7)) contact.categoryIds = [random.pick(categories).id];
	if (type === 'Person') {
		contact.leadScore = random.chance(0.5) ? random.int(1, 5) : null;
		if (random.chance(0.25)) {
			const name = random.pick(Object.keys(CUSTOM_FIELD_VALUES));
			contact.customFields = [{ name, value: random.pick(CUSTOM_FIELD_VALUES[name]) }];
		}
		const lists = lookups.newsletterLists(office);
		if (lists.length && random.chance(0.3)) contact.newsletterListIds = [random.pick(lists).id];
		contact.gdprApprovalDate = random.chance(0.7) ? contact.createdAt : null;
	}
	contact.obtainThrough = random.pick(['Visning', 'Hemnet', 'Värdering', 'Rekommendation', 'Webb']);
	newerRecordFields(contact, city);
	return contact;
}

/** Centre of each seeded city (WGS 84), around which contacts live. */
const CITY_CENTRES: Record<string, { longitud: number; latitud: number }> = {
	Stockholm: { longitud: 18.0686, latitud: 59.3293 },
	Uppsala: { longitud: 17.6389, latitud: 59.8586 },
	Göteborg: { longitud: 11.9746, latitud: 57.7089 },
};

/**
 * The fields of the newer records (models-2026.json): where the contact lives on the map,
 * whether a person wants to be matched with estates, a company's contact persons. Drawn from
 * the contact's id, not the seed's random sequence, so every other seeded value stays as it was.
 */
function newerRecordFields(contact: Contact, city: string): void {
	const h = stableHash(contact.id);
	const centre = CITY_CENTRES[city];
	if (centre)
		contact.coordinate = {
			longitud: round6(centre.longitud + ((h % 200) - 100) / 2000),
			latitud: round6(centre.latitud + (((h >>> 8) % 200) - 100) / 4000),
		};
	if (contact.type !== 'Person') return;
	contact.wantsToBeMatched = (['Yes', 'No', 'NotAsked'] as const)[(h >>> 4) % 3];
	contact.matchingChangedAt = contact.wantsToBeMatched === 'NotAsked' ? null : contact.createdAt;
	contact.isCompanyPerson = (h >>> 12) % 10 === 0;
}

const round6 = (value: number) => Math.round(value * 1e6) / 1e6;

function stableHash(text: string): number {
	let h = 2166136261;
	for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619) >>> 0;
	return h;
}

/** Contacts grouped by owning office, for seeding relations. */
export function contactsByOffice(
	store: SandboxStore,
	type: ContactType = 'Person',
): Map<string, Contact[]> {
	const out = new Map<string, Contact[]>();
	for (const c of store.contacts.values()) {
		if (c.type !== type) continue;
		const list = out.get(c.customerId) ?? [];
		list.push(c);
		out.set(c.customerId, list);
	}
	return out;
}
