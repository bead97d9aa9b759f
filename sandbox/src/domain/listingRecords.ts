import { swedishDate, swedishMidnight } from '../http/serviceTime';
import type { SandboxStore } from '../store/store';
import type {
	Agent,
	Area,
	Enumeration,
	Estate,
	EstateListing,
	EstateType,
	ListingImage,
	ListingProject,
	ListingViewing,
	Office,
	ProjectStatus,
} from '../store/types';
import { CITIES } from '../swedish/names';

/**
 * The records of the Advertising reads, in the shapes of docs/spec/advertising/ (estate.json,
 * user.json, office.json; keys in the samples' order) and of advertising.md section 8 for areas
 * and projects. Times stay stored instants here; the answer's boundary writes them as Swedish
 * wall time (http/timeForms.ts).
 */

/** How the sandbox's estate kinds read as the Advertising section's type, subtype and tenure. */
const KINDS: Record<
	EstateType,
	{ type: Enumeration; subtype: Enumeration; tenure: Enumeration; building: string }
> = {
	Condominium: {
		type: { id: 'HousingCooperative', name: 'Bostadsrätt' },
		subtype: { id: 'Apartment', name: 'Lägenhet' },
		tenure: { id: 'TenantOwnership', name: 'Bostadsrätt' },
		building: 'Flerbostadshus',
	},
	House: {
		type: { id: 'House', name: 'Villa' },
		subtype: { id: 'Villa', name: 'Villa' },
		tenure: { id: 'Freehold', name: 'Äganderätt' },
		building: 'Villa',
	},
	Cottage: {
		type: { id: 'Cottage', name: 'Fritidshus' },
		subtype: { id: 'Cottage', name: 'Fritidshus' },
		tenure: { id: 'Freehold', name: 'Äganderätt' },
		building: 'Fritidshus',
	},
	Farm: {
		type: { id: 'Farm', name: 'Gård' },
		subtype: { id: 'Agriculture', name: 'Lantbruk' },
		tenure: { id: 'Freehold', name: 'Äganderätt' },
		building: 'Mangårdsbyggnad',
	},
};

/** The estate's Advertising type id (criteria.type): HousingCooperative for the sandbox's condominiums. */
export function advertisingTypeOf(estate: Estate): string {
	return KINDS[estate.type]?.type.id ?? estate.type;
}

const STATUS_NAMES: Record<string, Enumeration> = {
	AssignmentAttempt: { id: 'AssignmentAttempt', name: 'Intag' },
	ForSale: { id: 'ForSale', name: 'Till salu' },
	Sold: { id: 'Sold', name: 'Såld' },
	Withdrawn: { id: 'AssignmentWithdrawn', name: 'Uppdrag återkallat' },
	Coming: { id: 'Coming', name: 'Kommande' },
};

/** The estate's Advertising status (criteria.status): AssignmentWithdrawn for the sandbox's Withdrawn. */
export function advertisingStatusOf(estate: Estate): Enumeration {
	return STATUS_NAMES[estate.status] ?? { id: estate.status, name: estate.status };
}

const PROJECT_STATUS_NAMES: Record<ProjectStatus, string> = {
	Undefined: 'Odefinierad',
	AssignmentAttempt: 'Intag',
	AssignmentAccepted: 'Uppdrag accepterat',
	Resting: 'Vilande',
	NoAssignment: 'Inget uppdrag',
	Coming: 'Kommande',
	Running: 'Pågående',
	Soldout: 'Slutsåld',
	SoldoutReferenceProject: 'Slutsåld referens',
};

/** The extension members an estate read fills (advertising.md 6.1). */
export const TYPE_EXTENSIONS = [
	'housingCooperative',
	'condominium',
	'foreignProperty',
	'farm',
	'commercialProperty',
	'premises',
] as const;
export const AGENT_EXTENSIONS = ['primaryAgent', 'secondaryAgent'] as const;
const OWN_EXTENSION: Partial<Record<EstateType, (typeof TYPE_EXTENSIONS)[number]>> = {
	Condominium: 'housingCooperative',
	Farm: 'farm',
};

/** The office id of an office's customer id: FIR and the same digits (FIR31529 for M31529). */
export function officeIdOf(customerId: string): string {
	return `FIR${customerId.slice(1)}`;
}

/** The estate's running number, to derive fixed facts from (OBJ30011_2041100017 → 17). */
function digitsOf(id: string): number {
	return (Number(id.slice(id.lastIndexOf('_') + 1).replace(/\D/g, '')) || 0) % 100_000;
}

/** A Swedish phone written as the service does: `{ msisdn, display }`. */
function phone(display: string | null | undefined): { display: string; msisdn: string } | null {
	if (!display) return null;
	return { display, msisdn: `46${display.replace(/\D/g, '').replace(/^0/, '')}` };
}

function zipCode(value: string | undefined) {
	return value ? { numerical: Number(value.replace(/\D/g, '')), value } : null;
}

/** A stored instant as a date alone: midnight of its Swedish day, as the service writes dates. */
function dateOnly(iso: string | null): string | null {
	return iso === null ? null : swedishMidnight(swedishDate(iso));
}

const NO_SURROUNDINGS = {
	area: null,
	communication: null,
	other: null,
	parking: null,
	service: null,
};

export function imageReference(image: ListingImage) {
	return {
		category: image.category,
		cdnReferences: [],
		dataChangedAt: image.dataChangedAt,
		description: image.description,
		extension: image.extension,
		id: image.id,
		name: image.name,
	};
}

function imagesOf(store: SandboxStore, ids: string[]) {
	return ids
		.map((id) => store.advertising.images.get(id))
		.filter((image): image is ListingImage => !!image)
		.map(imageReference);
}

function viewingView(viewing: ListingViewing) {
	return {
		comment: viewing.comment,
		endsAt: viewing.endsAt,
		id: viewing.id,
		isDigital: viewing.isDigital,
		isProjectViewing: viewing.isProjectViewing,
		isSelfRegistrationEnabled: viewing.isSelfRegistrationEnabled,
		startsAt: viewing.startsAt,
	};
}

/**
 * The listing of an estate; one the seed did not make (an estate created through the CMS
 * endpoints) is unpublished, without pictures, and kept from then on.
 */
export function listingOf(store: SandboxStore, estate: Estate): EstateListing {
	let listing = store.advertising.listings.get(estate.id);
	if (!listing) {
		listing = {
			estateId: estate.id,
			isPublished: false,
			publishedAt: null,
			heading: estate.address.streetAddress ?? estate.estateNumber,
			shortDescription: `${estate.livingSpace} m², ${estate.numberOfRooms} rum.`,
			areaId: null,
			imageIds: [],
			secondaryAgentId: null,
			projectId: null,
			viewings: [],
		};
		store.advertising.listings.set(estate.id, listing);
	}
	return listing;
}

function addressOf(
	store: SandboxStore,
	place: {
		streetAddress?: string;
		zipCode?: string;
		city?: string;
		municipality?: string;
		areaId: string | null;
		latitude: number;
		longitude: number;
	},
) {
	const area = place.areaId ? store.areas.get(place.areaId) : undefined;
	const city = place.city ?? '';
	return {
		area: area ? { id: area.areaId, name: area.areaName } : null,
		countryCode: 'SE',
		countyMunicipalityCode: CITIES[city]?.[2] ?? null,
		directions: null,
		municipality: place.municipality ?? CITIES[city]?.[1] ?? city,
		postalTown: city,
		streetAddress: place.streetAddress ?? null,
		wgs84Coordinate: { latitude: place.latitude, longitude: place.longitude },
		zipCode: zipCode(place.zipCode),
	};
}

/** The names `extend` asks for; null when the read has no `extend` (own type extension only). */
export type ExtendNames = ReadonlySet<string> | null;

/** The whole estate record (estate.json's shape) for the by-id read. */
export function estateRecord(store: SandboxStore, estate: Estate, extend: ExtendNames) {
	const listing = listingOf(store, estate);
	const kind = KINDS[estate.type] ?? KINDS.House;
	const n = digitsOf(estate.id);
	const association = estate.associationId
		? store.associations.get(estate.associationId)
		: undefined;
	const condominium = estate.type === 'Condominium';
	const ownExtension = OWN_EXTENSION[estate.type];
	const fills = (name: string) => (extend === null ? name === ownExtension : extend.has(name));
	const monthlyFee = Math.round((estate.livingSpace * 65) / 10) * 10;
	const water = 40 * estate.livingSpace;
	const electricity = 90 * estate.livingSpace;
	const extensions: Record<string, unknown> = {};
	for (const name of [...TYPE_EXTENSIONS, ...AGENT_EXTENSIONS].sort()) extensions[name] = null;
	if (ownExtension === 'housingCooperative' && fills('housingCooperative'))
		extensions.housingCooperative = {
			apartmentNumber: `${1000 + (n % 400)}`,
			apartmentRegistrationNumber: null,
			association: association
				? { id: association.id, overrideDescription: null, overrideEconomy: null }
				: null,
			description: null,
			finances: {
				annualFeeShare: Math.round(((estate.livingSpace / 3000) * 100 + 0.0001) * 10000) / 10000,
				indirectNetDebt: estate.livingSpace * 9000,
				indirectNetDebtComment: 'Beräknad utifrån föreningens årsredovisning',
				isPledged: null,
				repairFundBalance: 0,
				shares: Math.round((estate.livingSpace / 3000) * 100 * 1000) / 1000,
				sharesComment: null,
			},
			includedLand: { description: null, size: null },
		};
	if (ownExtension === 'farm' && fills('farm'))
		extensions.farm = {
			description: `Gård om ${estate.livingSpace} m² boyta med ekonomibyggnader.`,
		};
	for (const [name, userId] of [
		['primaryAgent', estate.agentId],
		['secondaryAgent', listing.secondaryAgentId],
	] as const) {
		const agent = userId ? store.agents.get(userId) : undefined;
		if (extend?.has(name) && agent) extensions[name] = userRecord(store, agent);
	}
	const bids = [...store.bids.values()]
		.filter((bid) => bid.estateId === estate.id && !bid.isHidden && !bid.isCanceled)
		.sort((a, b) => (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : 0))
		.map((bid) => ({
			alias: bid.alias,
			amount: Number(bid.amount),
			isCanceled: bid.isCanceled,
			placedAt: bid.createdAt,
		}));
	const sold = estate.status === 'Sold';
	return {
		address: addressOf(store, {
			...estate.address,
			areaId: listing.areaId,
			latitude: estate.coordinate.latitud,
			longitude: estate.coordinate.longitud,
		}),
		bidding: {
			bids,
			isActive: estate.status === 'ForSale' && bids.length > 0,
			isVerified: false,
		},
		buildings: [
			{
				architecture: [
					{ description: 'Fjärrvärme', type: { id: 'Heating', name: 'Uppvärmning' } },
					{ description: '3-glas', type: { id: 'Windows', name: 'Fönster' } },
				],
				area: {
					building: null,
					description: null,
					grossFloor: null,
					living: estate.livingSpace,
					source: condominium ? 'Föreningens information' : 'Säljarens uppgift',
				},
				bedrooms: null,
				compiledRoomList: null,
				description: null,
				electricity: null,
				elevator: { description: null, isAvailable: condominium && n % 3 !== 0 },
				energyDeclaration: {
					class: 'ABCDEFG'[n % 7],
					consumption: null,
					performedAt: new Date(Date.parse(estate.createdAt) - 400 * 86_400_000).toISOString(),
					status: { id: 'Performed', name: 'Utförd' },
				},
				expenses: null,
				exterior: [],
				floor: condominium
					? { description: null, number: 1 + (n % 5), total: 5 }
					: { description: null, number: null, total: null },
				interior: null,
				name: null,
				numberOfBathRooms: null,
				numberOfRooms: estate.numberOfRooms,
				otherInformation: null,
				plot: null,
				renovation: { description: null },
				rooms: [],
				services: [],
				type: kind.building,
				ventilation: { inspection: null, type: condominium ? 'FTX' : 'Självdrag' },
				yearBuilt: yearBuilt(association?.builtYear ?? 1930 + (n % 90)),
			},
		],
		changedAt: estate.changedAt,
		currency: 'SEK',
		electricity: { company: null, consumption: null, distributor: null },
		enrollments: null,
		expenses: {
			operation: {
				description: 'Uppskattad årlig kostnad för en bostad av denna storlek.',
				entries: [
					{ type: { id: 'WaterAndSewage', name: 'VA' }, value: water },
					{ type: { id: 'Electricity', name: 'El' }, value: electricity },
				],
				householdSize: Math.max(1, estate.numberOfRooms - 1),
				sum: water + electricity,
			},
		},
		extensions,
		exterior: {
			buildingPermission: null,
			buildingsDescription: null,
			entries: [
				{ id: 'Balcony', name: 'Balkong' },
				{ id: 'Patio', name: 'Uteplats' },
				{ id: 'Parking', name: 'Parkering' },
			].map((type, i) => ({
				description: null,
				isAvailable: (n >> i) % 2 === 1,
				size: null,
				type,
			})),
			plot: {
				description: null,
				size: condominium ? null : 600 + (n % 40) * 50,
				type: null,
			},
		},
		fees: {
			lease: null,
			leasehold: null,
			recurring: condominium
				? {
						description: 'Inkl. värme, vatten och sophämtning.',
						frequency: 'Monthly',
						type: 'Månadsavgift',
						value: monthlyFee,
					}
				: null,
		},
		files: [],
		id: estate.id,
		images: imagesOf(store, listing.imageIds),
		inspection: { hasBeenPerformed: false },
		links: [],
		marketing: {
			isNewHome: listing.projectId !== null,
			isPreview: false,
			isPublished: listing.isPublished,
			publishedAt: listing.publishedAt,
			viewing: { emptyText: null, visibleLimit: null },
		},
		office: { customerId: estate.customerId, id: officeIdOf(estate.customerId) },
		pledges: [],
		price: {
			finalPrice: sold ? estate.finalPrice : null,
			startingPrice: estate.startingPrice,
			startingPriceInOtherCurrency: null,
			text: 'utgångspris',
		},
		primaryAgentId: estate.agentId,
		projectId: listing.projectId,
		referenceId: estate.estateNumber,
		sale: {
			assignmentDate: dateOnly(estate.agreementDate),
			contractDate: dateOnly(estate.contractDate),
			description: null,
			heading: listing.heading,
			otherInformation: null,
			phrase: null,
			possessionAt: dateOnly(estate.accessDate),
			possessionEstimation: estate.status === 'ForSale' ? 'Enligt överenskommelse' : null,
			shortDescription: listing.shortDescription,
		},
		secondaryAgentId: listing.secondaryAgentId,
		status: advertisingStatusOf(estate),
		subtype: kind.subtype,
		surroundings: NO_SURROUNDINGS,
		tags: [],
		taxation: {
			buildingValue: null,
			isPreliminary: false,
			landValue: null,
			propertyDesignations: [`${estate.address.city ?? ''} ${estate.estateNumber}`],
			taxFee: null,
			totalValue: null,
			units: null,
		},
		tenure: kind.tenure,
		type: kind.type,
		viewings: listing.viewings.map(viewingView),
	};
}

function yearBuilt(year: number) {
	return { description: null, numeric: year, text: String(year) };
}

/** The user record (user.json's shape) of an agent. */
export function userRecord(store: SandboxStore, agent: Agent) {
	const page = store.advertising.agents.get(agent.userId);
	const image = page?.imageId ? store.advertising.images.get(page.imageId) : undefined;
	return {
		category: null,
		changedAt: agent.dateChanged,
		description: page?.description ?? null,
		emailAddress: agent.emailAddress,
		id: agent.userId,
		image: image ? imageReference(image) : null,
		isVisibleInStaffList: page?.isVisibleInStaffList ?? agent.public,
		name: `${agent.firstName} ${agent.lastName}`,
		offices: agent.customerId.map((customerId) => ({
			customerId,
			id: officeIdOf(customerId),
			isVisibleInStaffList: page?.isVisibleInStaffList ?? agent.public,
			orderNumber: page?.orderNumber ?? 0,
			telephone: { personal: phone(agent.telePhone) },
		})),
		reviews: agent.archived
			? []
			: [
					{
						authorName: 'Säljare i området',
						text: `${agent.firstName} skötte vår försäljning tryggt.`,
					},
				],
		spokenLanguages: page?.spokenLanguages ?? ['sv'],
		telephone: { cell: phone(agent.cellPhone), public: null },
		title: agent.title,
	};
}

/** A user list row: no customerId, the offices it works at (advertising.md 6.2). */
export function userRow(store: SandboxStore, agent: Agent) {
	const visible = store.advertising.agents.get(agent.userId)?.isVisibleInStaffList ?? agent.public;
	return {
		id: agent.userId,
		isVisibleInStaffList: visible,
		changedAt: agent.dateChanged,
		offices: agent.customerId.map((customerId) => ({
			id: officeIdOf(customerId),
			customerId,
			isVisibleInStaffList: visible,
		})),
	};
}

/** The office record (office.json's shape). */
export function officeRecord(store: SandboxStore, office: Office) {
	const page = store.advertising.offices.get(office.customerId);
	return {
		brandId: null,
		changedAt: page?.changedAt ?? null,
		coordinate: page
			? { latitude: page.coordinate.latitud, longitude: page.coordinate.longitud }
			: null,
		customerId: office.customerId,
		description: page?.description ?? null,
		emailAddress: page?.emailAddress ?? null,
		id: officeIdOf(office.customerId),
		name: office.name,
		postalTown: office.address.city ?? office.city,
		seat: null,
		streetAddress: office.address.streetAddress ?? null,
		telephone: { switch: phone(page?.telephone) },
		zipCode: zipCode(office.address.zipCode),
	};
}

/** The area record (advertising.md 8.3): its outline as a GeoJSON MultiPolygon's coordinates. */
export function areaRecord(area: Area) {
	return {
		changedAt: area.dateChanged,
		coordinates: [[area.polygon.map((point) => [point.longitud, point.latitud])]],
		countyMunicipalityCode: area.municipalityCode,
		id: area.areaId,
		images: [],
		name: area.areaName,
		office: { customerId: area.customerId, id: officeIdOf(area.customerId) },
		surroundings: NO_SURROUNDINGS,
	};
}

function range(values: number[]) {
	return values.length ? { maxValue: Math.max(...values), minValue: Math.min(...values) } : null;
}

/** The project record (advertising.md 8.5); `extend` fills primaryAgent / secondaryAgent. */
export function projectRecord(store: SandboxStore, project: ListingProject, extend: ExtendNames) {
	const homes = [...store.advertising.listings.values()]
		.filter((listing) => listing.projectId === project.id)
		.map((listing) => store.estates.get(listing.estateId))
		.filter((estate): estate is Estate => !!estate);
	const office = store.offices.get(project.customerId);
	const agent = (name: string, userId: string | null) => {
		const found = userId ? store.agents.get(userId) : undefined;
		return extend?.has(name) && found ? userRecord(store, found) : null;
	};
	return {
		address: addressOf(store, {
			streetAddress: project.streetAddress,
			zipCode: project.zipCode,
			city: office?.city,
			areaId: project.areaId,
			latitude: project.coordinate.latitud,
			longitude: project.coordinate.longitud,
		}),
		changedAt: project.changedAt,
		currency: 'SEK',
		estates: {
			livingSpace: range(homes.map((home) => home.livingSpace)),
			monthlyFee: range(homes.map((home) => Math.round((home.livingSpace * 65) / 10) * 10)),
			numberOfRooms: range(homes.map((home) => home.numberOfRooms)),
			plot: null,
			price: range(homes.map((home) => home.startingPrice)),
		},
		extensions: {
			primaryAgent: agent('primaryAgent', project.primaryAgentId),
			secondaryAgent: agent('secondaryAgent', project.secondaryAgentId),
		},
		files: [],
		id: project.id,
		images: imagesOf(store, project.imageIds),
		links: [],
		marketing: {
			isNewHome: true,
			isPreview: false,
			isPublished: project.isPublished,
			publishedAt: project.publishedAt,
			viewing: { emptyText: null, visibleLimit: null },
		},
		name: project.name,
		office: { customerId: project.customerId, id: officeIdOf(project.customerId) },
		primaryAgentId: project.primaryAgentId,
		producer: { name: project.producer },
		sale: {
			description: project.description,
			heading: project.heading,
			possessionEstimation: project.startsAt ? 'Etappvis inflyttning' : null,
			shortDescription: null,
			startsAt: project.startsAt,
		},
		secondaryAgentId: project.secondaryAgentId,
		status: { id: project.status, name: PROJECT_STATUS_NAMES[project.status] },
		surroundings: NO_SURROUNDINGS,
		viewings: [],
	};
}
