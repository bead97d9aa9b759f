import { officeIdOf } from '../domain/listingRecords';
import { instantToWall, wallToInstant } from '../http/serviceTime';
import { Random } from '../store/random';
import type { SandboxStore } from '../store/store';
import type {
	Enumeration,
	Estate,
	EstateListing,
	ListingImage,
	ListingProject,
	ListingViewing,
} from '../store/types';
import { asciiSlug, landlinePhone } from '../swedish/identity';
import { CITIES, STREET_NAMES } from '../swedish/names';
import { activeAgentIds } from './organisation';
import { addDays, daysBefore } from './time';

/**
 * What the Advertising reads show (sandbox/README.md, "Advertising reads"), laid over the
 * records the rest of the seed made: the listings are the seeded estates (the same ids as bids,
 * reports and interest applications), the agents the seeded users, the offices the seeded
 * offices. A PRNG of its own, run after every other step, so the rest of the seed stays as it
 * was for a seed.
 */
export function seedListings(store: SandboxStore): void {
	const random = new Random(store.seedOptions.seed ^ 0x11571);
	seedOfficePages(store, random);
	seedAgentPages(store, random);
	for (const estate of store.estates.values())
		store.advertising.listings.set(estate.id, seededListing(store, estate, random));
	seedProjects(store, random);
	store.advertising.officeGroups = [
		{ id: 'OG1', name: 'Webbplats', customerIds: ['M30011', 'M30012'] },
		{ id: 'OG2', name: 'Nyproduktion Uppsala', customerIds: ['M30012'] },
	];
	addBenchListings(store, store.seedOptions.scale.listings);
}

const OTHER: Enumeration = { id: 'Other', name: 'Övrigt' };
const FLOOR_PLAN: Enumeration = { id: 'Other', name: 'Planritning' };
const PORTRAIT: Enumeration = { id: 'Other', name: 'Porträtt' };

function addImage(
	store: SandboxStore,
	customerId: string,
	extension: 'jpg' | 'png',
	category: Enumeration,
	name: string | null,
	dataChangedAt: string,
): string {
	const image: ListingImage = {
		id: store.nextId('image'),
		customerId,
		name,
		description: null,
		category,
		extension,
		dataChangedAt,
	};
	store.advertising.images.set(image.id, image);
	return image.id;
}

/** A time `hours` after an instant, with the milliseconds drawn (0 to 3 fraction digits as written). */
function later(iso: string, hours: number, random: Random): string {
	const ms = Date.parse(iso) + Math.round(hours * 3_600_000);
	return new Date(ms - (ms % 1000) + random.int(0, 999)).toISOString();
}

function seedOfficePages(store: SandboxStore, random: Random): void {
	const areaCodes: Record<string, string> = { Stockholm: '08', Uppsala: '018', Göteborg: '031' };
	for (const office of store.offices.values()) {
		const [, , , lat, lon] = CITIES[office.city];
		store.advertising.offices.set(office.customerId, {
			officeId: officeIdOf(office.customerId),
			customerId: office.customerId,
			emailAddress: `${asciiSlug(office.city)}@${asciiSlug(office.name.split(' ')[0])}.example`,
			telephone: landlinePhone(random, areaCodes[office.city] ?? '08'),
			description:
				office.customerId === 'M40099' ? null : `${office.name}: din mäklare i ${office.city}.`,
			coordinate: {
				latitud: Math.round((lat + 0.004) * 1e10) / 1e10,
				longitud: Math.round((lon - 0.003) * 1e10) / 1e10,
			},
			changedAt: later(daysBefore(store, random.int(30, 400)), 0, random),
		});
	}
}

const LANGUAGES = [['sv'], ['en', 'sv'], ['sv', 'de'], ['en', 'sv', 'fi']];

function seedAgentPages(store: SandboxStore, random: Random): void {
	for (const agent of store.agents.values()) {
		const office = agent.customerId[0];
		store.advertising.agents.set(agent.userId, {
			userId: agent.userId,
			imageId: agent.archived
				? null
				: addImage(
						store,
						office,
						'png',
						PORTRAIT,
						`${agent.firstName} ${agent.lastName} - kvadrat png`,
						later(agent.dateChanged, -random.int(24, 24 * 90), random),
					),
			description: agent.archived
				? null
				: `${agent.firstName} har arbetat som ${agent.title.toLowerCase()} i ${random.int(3, 20)} år.`,
			spokenLanguages: random.pick(LANGUAGES),
			orderNumber: random.int(1_000_000_000, 2_000_000_000),
			isVisibleInStaffList: agent.public,
		});
	}
}

const ROOM_WORDS = ['Etta', 'Tvåa', 'Trea', 'Fyra', 'Femma'];

function seededListing(store: SandboxStore, estate: Estate, random: Random): EstateListing {
	// An estate still at the assignment attempt is not marketed; about one in eight others is not either.
	const isPublished = estate.status !== 'AssignmentAttempt' && random.next() >= 0.125;
	const agents = activeAgentIds(store, estate.customerId).filter((id) => id !== estate.agentId);
	const areas = [...store.areas.values()].filter(
		(area) => area.customerId === estate.customerId && area.showOnInternet && !area.archived,
	);
	const street = estate.address.streetAddress ?? '';
	const imageCount = random.int(2, 4);
	const imageIds: string[] = [];
	for (let i = 0; i < imageCount; i++)
		imageIds.push(
			addImage(
				store,
				estate.customerId,
				'jpg',
				i === imageCount - 1 ? FLOOR_PLAN : OTHER,
				null,
				later(estate.createdAt, 2 + i, random),
			),
		);
	const viewings: ListingViewing[] = [];
	if (isPublished && estate.status === 'ForSale')
		viewings.push(viewingAt(store, random.int(2, 9), random.pick([11, 13, 17]), false));
	return {
		estateId: estate.id,
		isPublished,
		publishedAt: isPublished ? (estate.agreementDate ?? estate.createdAt) : null,
		heading:
			estate.type === 'Condominium'
				? `${ROOM_WORDS[Math.min(estate.numberOfRooms, 5) - 1]} på ${street}`
				: `${estate.type === 'Farm' ? 'Gård' : estate.type === 'Cottage' ? 'Fritidshus' : 'Villa'} på ${street}`,
		shortDescription: `Välkommen till ${street}, ${estate.livingSpace} m² med ${estate.numberOfRooms} rum i ${estate.address.city}.`,
		areaId: areas.length ? random.pick(areas).areaId : null,
		imageIds,
		secondaryAgentId: agents.length && random.chance(0.3) ? random.pick(agents) : null,
		projectId: null,
		viewings,
	};
}

/** A viewing `days` after the seed's reference time from `hour`:00 to `hour`:30, Swedish wall time. */
function viewingAt(
	store: SandboxStore,
	days: number,
	hour: number,
	isProjectViewing: boolean,
): ListingViewing {
	const wall = new Date(instantToWall(store.seedOptions.now.getTime() + days * 86_400_000));
	wall.setUTCHours(hour, 0, 0, 0);
	const startsAt = wallToInstant(wall.getTime());
	return {
		id: store.nextId('viewing'),
		startsAt: new Date(startsAt).toISOString(),
		endsAt: new Date(startsAt + 30 * 60_000).toISOString(),
		comment: null,
		isDigital: false,
		isSelfRegistrationEnabled: true,
		isProjectViewing,
	};
}

const PROJECTS: readonly [string, string, ListingProject['status'], boolean, string][] = [
	// office, name, status, published, producer
	['M30011', 'Kvarteret Lärkan', 'Running', true, 'Stadsbyggarna AB'],
	['M30012', 'Kåbo Park', 'Coming', true, 'Upplandsbygg AB'],
	['M30011', 'Årsta Strand', 'NoAssignment', false, 'Stadsbyggarna AB'],
];

/** Three new-build projects; the condominiums of the first two offices' projects name them in projectId. */
function seedProjects(store: SandboxStore, random: Random): void {
	for (const [office, name, status, isPublished, producer] of PROJECTS) {
		const city = store.offices.get(office)!.city;
		const [zipPrefix, , , lat, lon] = CITIES[city];
		const agents = activeAgentIds(store, office);
		const areas = [...store.areas.values()].filter((area) => area.customerId === office);
		const changedAt = later(daysBefore(store, random.int(3, 60)), 0, random);
		const project: ListingProject = {
			id: store.nextId('project', office),
			customerId: office,
			name,
			status,
			isPublished,
			publishedAt: isPublished ? later(changedAt, -24 * random.int(30, 90), random) : null,
			primaryAgentId: agents[0],
			secondaryAgentId: status === 'Running' ? agents[1] : null,
			streetAddress: `${random.pick(STREET_NAMES[city])} ${random.int(1, 40)}`,
			zipCode: `${zipPrefix}${random.int(1, 9)} ${random.digits(2)}`,
			areaId: areas.length ? random.pick(areas).areaId : null,
			coordinate: {
				latitud: Math.round((lat + (random.next() - 0.5) * 0.05) * 1e6) / 1e6,
				longitud: Math.round((lon + (random.next() - 0.5) * 0.08) * 1e6) / 1e6,
			},
			heading: `${name}: nya bostäder i ${city}`,
			description: `${name} byggs av ${producer}. Inflyttning etappvis.`,
			producer,
			startsAt: status === 'NoAssignment' ? null : later(changedAt, 24 * 14, random),
			imageIds: [addImage(store, office, 'jpg', OTHER, null, changedAt)],
			changedAt,
		};
		store.advertising.projects.set(project.id, project);
		if (!isPublished) continue;
		const homes = [...store.estates.values()].filter(
			(estate) =>
				estate.customerId === office &&
				estate.type === 'Condominium' &&
				(estate.status === 'ForSale' || estate.status === 'AssignmentAttempt'),
		);
		for (const estate of homes.slice(0, 2))
			store.advertising.listings.get(estate.id)!.projectId = project.id;
	}
}

/**
 * `count` published estates of office M30011 for the bench, added after the seed's own (ids
 * from OBJ30011_2041100051): flat arithmetic on the index, no PRNG, so 10,000 take milliseconds.
 */
export function addBenchListings(store: SandboxStore, count: number): void {
	if (!count) return;
	const office = 'M30011';
	const [zipPrefix, municipality, , lat, lon] = CITIES.Stockholm;
	const streets = STREET_NAMES.Stockholm;
	const agents = activeAgentIds(store, office);
	const areas = [...store.areas.values()].filter((area) => area.customerId === office);
	const now = store.seedOptions.now.getTime();
	for (let i = 0; i < count; i++) {
		const id = store.nextId('estate', office);
		const livingSpace = 28 + (i % 90);
		const rooms = Math.max(1, Math.round(livingSpace / 28));
		// Spread over the last year, a different millisecond each, so fraction lengths vary.
		const changedAt = new Date(now - 3_600_000 - i * 3_137_113 - (i % 997)).toISOString();
		const createdAt = addDays(changedAt, -30);
		const street = `${streets[i % streets.length]} ${1 + (i % 120)}`;
		const startingPrice = livingSpace * 85_000;
		store.estates.set(id, {
			id,
			customerId: office,
			estateNumber: `${office.slice(1)}-B${String(i + 1).padStart(5, '0')}`,
			type: 'Condominium',
			status: 'ForSale',
			agentId: agents[i % agents.length],
			address: {
				streetAddress: street,
				zipCode: `${zipPrefix}${1 + (i % 9)} ${String(i % 100).padStart(2, '0')}`,
				city: 'Stockholm',
				countryCode: 'SE',
				municipality,
			},
			coordinate: {
				latitud: Math.round((lat + ((i % 100) - 50) / 2000) * 1e6) / 1e6,
				longitud: Math.round((lon + ((i % 77) - 38) / 1000) * 1e6) / 1e6,
			},
			livingSpace,
			numberOfRooms: rooms,
			startingPrice,
			finalPrice: null,
			associationId: null,
			commission: { assignment: 'Sale', amount: startingPrice * 0.02, percent: 2 },
			createdAt,
			agreementDate: createdAt,
			contractDate: null,
			accessDate: null,
			changedAt,
			latestPropertyChangeDate: changedAt,
			sellerIds: [],
			declarations: [],
		});
		const imageId = store.nextId('image');
		store.advertising.images.set(imageId, {
			id: imageId,
			customerId: office,
			name: null,
			description: null,
			category: OTHER,
			extension: 'jpg',
			dataChangedAt: createdAt,
		});
		store.advertising.listings.set(id, {
			estateId: id,
			isPublished: true,
			publishedAt: createdAt,
			heading: `${ROOM_WORDS[Math.min(rooms, 5) - 1]} på ${street}`,
			shortDescription: `Välkommen till ${street}, ${livingSpace} m² i Stockholm.`,
			areaId: areas.length ? areas[i % areas.length].areaId : null,
			imageIds: [imageId],
			secondaryAgentId: null,
			projectId: null,
			viewings: [],
		});
	}
}
