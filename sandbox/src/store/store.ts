import { createHash } from 'node:crypto';
import { Random } from './random';
import type {
	AdvertisingState,
	Agent,
	Appointment,
	Area,
	Association,
	Bid,
	Budget,
	BuyerEconomy,
	Category,
	Contact,
	ContactOrder,
	Declaration,
	EidLogin,
	Estate,
	FinalPriceWatch,
	FocusArea,
	IncreasedRequirement,
	InterestApplication,
	Lead,
	LiveDataEvent,
	LoanPromise,
	NewsletterList,
	Office,
	OfficeGroup,
	PresentAccommodation,
	SearchProfile,
	Trademark,
} from './types';

export interface SeedScale {
	bids?: number;
	contacts?: number;
	/** Published estates added after the seed's own, for the bench (office M30011, ForSale). */
	listings?: number;
}

export interface SeedOptions {
	seed: number;
	scale: Required<SeedScale>;
	/** Reference time the seed is laid out around ("the last year" ends here). */
	now: Date;
	/** The sandbox's clock in epoch ms: what runtime changes and answers take as "now". */
	clock: () => number;
}

/** Id formats: prefix and zero-padded width. Opaque strings on the wire. */
const ID_FORMATS = {
	contact: ['C', 6],
	bid: ['B', 6],
	interest: ['IA', 6],
	finalPriceWatch: ['FP', 6],
	lead: ['L', 6],
	contactOrder: ['CO', 5],
	liveData: ['LD', 7],
	presentAccommodation: ['PA', 5],
	loanPromise: ['LP', 5],
	searchProfile: ['SP', 5],
	declaration: ['D', 5],
	appointment: ['AP', 5],
	focusArea: ['FA', 4],
	eidLogin: ['EID', 6],
} as const satisfies Record<string, readonly [string, number]>;

/**
 * Ids in the live service's forms (docs/spec/advertising.md 3): a prefix and 32 upper-case hex
 * digits (`MED90D2EA053FFA41359CC3448F14AA79A6`), derived from the kind's counter so the same
 * seed gives the same ids.
 */
const LIVE_GUID_PREFIXES = {
	image: 'MED',
	viewing: 'VIS',
	area: 'SOM',
	association: 'ORGBRF',
} as const;

/**
 * Estates and projects: `OBJ`, the office's customer-id digits, `_` and ten digits
 * (`OBJ31529_2041198534` live); the ten digits here count from a base, estates and projects
 * each their own.
 */
const OFFICE_NUMBERED_BASES = { estate: 2_041_100_000, project: 2_041_200_000 } as const;

export type IdKind =
	| keyof typeof ID_FORMATS
	| keyof typeof LIVE_GUID_PREFIXES
	| keyof typeof OFFICE_NUMBERED_BASES;

/** 32 upper-case hex digits from a key: the body of a live-form id. */
export function liveGuid(prefix: string, key: string): string {
	return prefix + createHash('md5').update(key).digest('hex').toUpperCase();
}

/**
 * All state of one sandbox: plain maps keyed by id, filled by the seed and changed by the
 * routes and the activity generator. Route modules read and write these maps directly;
 * domain rules live in sandbox/src/domain.
 */
export class SandboxStore {
	offices = new Map<string, Office>();
	groups = new Map<string, OfficeGroup>();
	trademarks = new Map<string, Trademark>();
	agents = new Map<string, Agent>();
	estates = new Map<string, Estate>();
	associations = new Map<string, Association>();
	contacts = new Map<string, Contact>();
	categories = new Map<string, Category>();
	contactOrders = new Map<string, ContactOrder>();
	newsletterLists = new Map<string, NewsletterList>();
	bids = new Map<string, Bid>();
	interestApplications = new Map<string, InterestApplication>();
	finalPriceWatches = new Map<string, FinalPriceWatch>();
	leads = new Map<string, Lead>();
	budgets: Budget[] = [];
	liveData: LiveDataEvent[] = [];
	areas = new Map<string, Area>();
	searchProfiles = new Map<string, SearchProfile>();
	increasedRequirements: IncreasedRequirement[] = [];
	presentAccommodations = new Map<string, PresentAccommodation>();
	loanPromises = new Map<string, LoanPromise>();
	/** Keyed by `${contactId}|${estateId}`. */
	buyerEconomies = new Map<string, BuyerEconomy>();
	/** Declaration documents by id (D00001); the estate keeps their metadata in `declarations`. */
	declarations = new Map<string, Declaration>();
	/** Calendar events booked through POST /Appointment (no read endpoint exists). */
	appointments = new Map<string, Appointment>();
	focusAreas = new Map<string, FocusArea>();
	/** Electronic-ID logins keyed by reference. */
	eidLogins = new Map<string, EidLogin>();
	/** What the Advertising reads show: listings, projects, images, offices' and agents' pages. */
	advertising: AdvertisingState = {
		listings: new Map(),
		projects: new Map(),
		images: new Map(),
		offices: new Map(),
		agents: new Map(),
		officeGroups: [],
		unpublishedEstateAnswer: 'record',
		publications: 0,
		published: null,
	};

	/** Bumped whenever a bid is placed or changed; list caches check it. */
	bidsVersion = 0;

	/** Seeded randomness for activity and fault shares; continues after the seed. */
	random: Random;
	private counters = new Map<IdKind, number>();

	constructor(readonly seedOptions: SeedOptions) {
		this.random = new Random(seedOptions.seed);
	}

	/**
	 * Next id of a kind: C000501 after 500 seeded contacts; estates and projects carry their
	 * office's digits (`OBJ30011_2041100051`), so they take the office's customer id.
	 */
	nextId(kind: 'estate' | 'project', customerId: string): string;
	nextId(kind: Exclude<IdKind, 'estate' | 'project'>): string;
	nextId(kind: IdKind, customerId?: string): string {
		const n = (this.counters.get(kind) ?? 0) + 1;
		this.counters.set(kind, n);
		if (kind === 'estate' || kind === 'project') {
			return `OBJ${customerId!.replace(/^[A-Z]+/, '')}_${OFFICE_NUMBERED_BASES[kind] + n}`;
		}
		if (kind in LIVE_GUID_PREFIXES) {
			const prefix = LIVE_GUID_PREFIXES[kind as keyof typeof LIVE_GUID_PREFIXES];
			return liveGuid(prefix, `${kind}:${n}`);
		}
		const [prefix, width] = ID_FORMATS[kind as keyof typeof ID_FORMATS];
		return prefix + String(n).padStart(width, '0');
	}

	/** Current time by the sandbox's clock (runtime changes); the seed uses seedOptions.now. */
	now(): string {
		return new Date(this.seedOptions.clock()).toISOString();
	}

	/**
	 * Offices (and the group itself) covered by a customer id: a group covers its offices,
	 * an office only itself. Unknown ids cover only themselves.
	 */
	scopeOf(customerId: string): Set<string> {
		const group = this.groups.get(customerId);
		return new Set(group ? [group.customerId, ...group.officeIds] : [customerId]);
	}

	/** Is a record owned by `ownerId` visible through a call for `customerId`? */
	inScope(ownerId: string, customerId: string): boolean {
		return ownerId === customerId || this.scopeOf(customerId).has(ownerId);
	}

	/**
	 * Offices a contact belongs to for a firm: its owner and the offices it was linked to by
	 * an interest application, a final-price watch or a bid ("linked to the firm").
	 */
	contactLinkedTo(contact: Contact, customerId: string): boolean {
		return this.contactInScope(contact, this.scopeOf(customerId));
	}

	/** contactLinkedTo with the scope computed once, for loops over all contacts. */
	contactInScope(contact: Contact, scope: Set<string>): boolean {
		return scope.has(contact.customerId) || contact.linkedCustomerIds.some((id) => scope.has(id));
	}

	/** The office that owns new records made through `customerId` (a group picks its first office). */
	owningOffice(customerId: string, userId?: string | null): string {
		const group = this.groups.get(customerId);
		if (!group) return customerId;
		const agent = userId ? this.agents.get(userId) : undefined;
		const agentOffice = agent?.customerId.find((id) => group.officeIds.includes(id));
		return agentOffice ?? group.officeIds[0];
	}

	/**
	 * Takes over all state of another store (a fresh seed). Keeps this object's identity so
	 * that references held by routes and tests stay valid across a reset.
	 */
	replaceWith(fresh: SandboxStore): void {
		Object.assign(this, fresh);
	}

	/** Agents working at any office within `customerId`. */
	agentsOf(customerId: string): Agent[] {
		const scope = this.scopeOf(customerId);
		return [...this.agents.values()].filter((a) => a.customerId.some((id) => scope.has(id)));
	}
}
