import type { SandboxStore } from '../store/store';
import { asciiSlug, landlinePhone, mobilePhone, organisationNumber } from '../swedish/identity';
import { AREA_NAMES, CITIES, STREET_NAMES } from '../swedish/names';
import { daysBefore } from './time';

/** Offices, groups and trademarks: fixed, the users' access is defined against them. */
export function seedOffices(store: SandboxStore): void {
	store.trademarks.set('TM1', {
		id: 'TM1',
		name: 'Mäklarhuset',
		customerIds: ['M30011', 'M30012'],
	});
	store.trademarks.set('TM2', { id: 'TM2', name: 'Hemmäklarna', customerIds: ['M40099'] });
	store.groups.set('G2', {
		customerId: 'G2',
		name: 'Mäklarhuset Stockholm-Uppsala',
		officeIds: ['M30011', 'M30012'],
	});
	store.offices.set('M30011', {
		customerId: 'M30011',
		name: 'Mäklarhuset Södermalm',
		city: 'Stockholm',
		groupId: 'G2',
		trademarkId: 'TM1',
		address: {
			streetAddress: 'Götgatan 48',
			zipCode: '118 26',
			city: 'Stockholm',
			countryCode: 'SE',
		},
		municipalityCode: '0180',
	});
	store.offices.set('M30012', {
		customerId: 'M30012',
		name: 'Mäklarhuset Uppsala',
		city: 'Uppsala',
		groupId: 'G2',
		trademarkId: 'TM1',
		address: {
			streetAddress: 'Kungsgatan 41',
			zipCode: '753 21',
			city: 'Uppsala',
			countryCode: 'SE',
		},
		municipalityCode: '0380',
	});
	store.offices.set('M40099', {
		customerId: 'M40099',
		name: 'Hemmäklarna Göteborg',
		city: 'Göteborg',
		groupId: null,
		trademarkId: 'TM2',
		address: {
			streetAddress: 'Linnégatan 12',
			zipCode: '413 04',
			city: 'Göteborg',
			countryCode: 'SE',
		},
		municipalityCode: '1480',
	});
}

const AGENTS: readonly [string, string, string, string][] = [
	// userId (HAN and 32 hex digits, as the live service's), first name, last name, office
	['HAN126BD4E4523136890F57E2BB7E76FEC6', 'Karin', 'Lindqvist', 'M30011'],
	['HANE8994B35F2DC6672CBAA6E4FEB287DD8', 'Johan', 'Bergström', 'M30011'],
	['HANE974FF23D0203E1074BC3CAB155A0289', 'Sara', 'Holmberg', 'M30011'],
	['HAN44AC022A1077BBB0A1B0CC0F071D0A38', 'Mikael', 'Åberg', 'M30011'],
	['HAN55C6B13B304CB12A6F70D20F7A0302DA', 'Emma', 'Sjöberg', 'M30012'],
	['HAN20DDE9C116735E10DAFC3016F110AD81', 'Anders', 'Wallin', 'M30012'],
	['HAN5B76E7A481909B3A5E5A3AED72A9EDE9', 'Linnéa', 'Forsberg', 'M30012'],
	['HAN89F1BF3423E443537A61B8B5CF07DB8C', 'Per', 'Engström', 'M40099'],
	['HANA51FC93555FCED8C739C32B928EF7EC7', 'Maria', 'Eklund', 'M40099'],
	['HAN32628FDFBBC207CADFB70AF52739B6B2', 'Gustav', 'Nyström', 'M40099'],
];

/** Mikael Åberg, who has left: archived, and not advertised. */
const FORMER_AGENT_ID = 'HAN44AC022A1077BBB0A1B0CC0F071D0A38';

const AREA_CODES: Record<string, string> = { M30011: '08', M30012: '018', M40099: '031' };

export function seedAgents(store: SandboxStore): void {
	const { random } = store;
	AGENTS.forEach(([userId, firstName, lastName, office], index) => {
		const brand = store.trademarks.get(store.offices.get(office)!.trademarkId)!.name;
		store.agents.set(userId, {
			userId,
			userName: `${asciiSlug(firstName)}.${asciiSlug(lastName)}`,
			firstName,
			lastName,
			customerId: [office],
			department: store.offices.get(office)!.name,
			title:
				index % 4 === 0
					? 'Franchisetagare'
					: index % 4 === 3
						? 'Mäklarassistent'
						: 'Fastighetsmäklare',
			emailAddress: `${asciiSlug(firstName)}.${asciiSlug(lastName)}@${asciiSlug(brand).replace(/\./g, '')}.example`,
			telePhone: landlinePhone(random, AREA_CODES[office]),
			cellPhone: mobilePhone(random),
			image: null,
			archived: userId === FORMER_AGENT_ID,
			public: userId !== FORMER_AGENT_ID,
			dateChanged: daysBefore(store, random.int(5, 300)),
			subOffices: [],
		});
	});
}

/** Agents who still work (not archived) at an office. */
export function activeAgentIds(store: SandboxStore, office: string): string[] {
	return [...store.agents.values()]
		.filter((a) => !a.archived && a.customerId.includes(office))
		.map((a) => a.userId);
}

const PERSON_CATEGORIES = ['Spekulant', 'Säljare', 'Köpare', 'Värderingskund', 'Nyhetsbrev', 'VIP'];
const COMPANY_CATEGORIES = ['Bank', 'Samarbetspartner', 'Förvaltare', 'Byggherre'];

export function seedCategories(store: SandboxStore): void {
	let n = 0;
	for (const office of store.offices.keys()) {
		for (const name of PERSON_CATEGORIES) {
			const id = `CAT${String(++n).padStart(3, '0')}`;
			store.categories.set(id, { id, customerId: office, name, appliesTo: 'Person' });
		}
		for (const name of COMPANY_CATEGORIES) {
			const id = `CAT${String(++n).padStart(3, '0')}`;
			store.categories.set(id, { id, customerId: office, name, appliesTo: 'Company' });
		}
	}
	let list = 0;
	for (const office of store.offices.keys()) {
		for (const name of ['Månadsbrev', 'Nya objekt', 'Slutpriser']) {
			const id = `NL${++list}`;
			store.newsletterLists.set(id, { id, customerId: office, name });
		}
	}
}

export function seedAreas(store: SandboxStore): void {
	const { random } = store;
	for (const office of store.offices.values()) {
		const [, , municipalityCode, lat, lon] = CITIES[office.city];
		for (const areaName of AREA_NAMES[office.city]) {
			const areaId = store.nextId('area');
			const cLat = lat + (random.next() - 0.5) * 0.05;
			const cLon = lon + (random.next() - 0.5) * 0.08;
			const d = 0.006;
			store.areas.set(areaId, {
				areaId,
				customerId: office.customerId,
				areaName,
				description: `Bostadsområdet ${areaName} i ${office.city}`,
				archived: false,
				externalId: `EXT-${areaId}`,
				showOnInternet: true,
				municipalityCode,
				polygon: [
					{ longitud: cLon - d, latitud: cLat - d },
					{ longitud: cLon + d, latitud: cLat - d },
					{ longitud: cLon + d, latitud: cLat + d },
					{ longitud: cLon - d, latitud: cLat + d },
					{ longitud: cLon - d, latitud: cLat - d },
				],
				dateChanged: daysBefore(store, random.int(20, 700)),
			});
		}
	}
}

/** Housing cooperatives the condominiums belong to (four per office). */
export function seedAssociations(store: SandboxStore): void {
	const { random } = store;
	for (const office of store.offices.values()) {
		const streets = STREET_NAMES[office.city];
		const [zipPrefix, municipality] = CITIES[office.city];
		for (let i = 0; i < 4; i++) {
			const id = store.nextId('association');
			const street = random.pick(streets);
			store.associations.set(id, {
				id,
				customerId: office.customerId,
				name: `Brf ${street.replace(/gatan$|vägen$/, '')}${random.int(1, 60)}`,
				corporateNumber: organisationNumber(random).replace(/^55/, '76'),
				address: {
					streetAddress: `${street} ${random.int(1, 90)}`,
					zipCode: `${zipPrefix}${random.int(1, 9)} ${random.digits(2)}`,
					city: office.city,
					countryCode: 'SE',
				},
				municipality,
				builtYear: random.int(1890, 2019),
				numberOfApartments: random.int(12, 180),
				ownsTheLand: random.chance(0.7),
				description: 'Stabil förening med god ekonomi.',
			});
		}
	}
}

export function seedIncreasedRequirements(store: SandboxStore): void {
	store.increasedRequirements = [
		{ id: 'IR1', name: 'Balkong', objectTypes: ['Condominium'] },
		{ id: 'IR2', name: 'Hiss', objectTypes: ['Condominium'] },
		{ id: 'IR3', name: 'Sjöutsikt', objectTypes: ['Condominium', 'House', 'Cottage', 'Farm'] },
		{ id: 'IR4', name: 'Strandtomt', objectTypes: ['House', 'Cottage', 'Farm'] },
		{ id: 'IR5', name: 'Djurhållning', objectTypes: ['Farm'] },
		{ id: 'IR6', name: 'Skog', objectTypes: ['Farm'] },
		{ id: 'IR7', name: 'Garage', objectTypes: ['House', 'Farm'] },
	];
}
