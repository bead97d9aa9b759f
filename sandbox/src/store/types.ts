/**
 * Records held by the sandbox store. Field names follow shared/spec/records.md where it names
 * them; everything else is an assumed shape, listed in sandbox/README.md. Times are ISO 8601
 * strings as produced by Date.prototype.toISOString (UTC, milliseconds).
 */

export type IsoTime = string;

export interface Address {
	streetAddress?: string;
	zipCode?: string;
	city?: string;
	countryCode?: string;
	careOf?: string;
}

export interface Coordinate {
	longitud: number;
	latitud: number;
}

/** A broker office (customer id with prefix M). */
export interface Office {
	customerId: string;
	name: string;
	city: string;
	groupId: string | null;
	trademarkId: string;
	address: Address;
	municipalityCode: string;
}

/** An office group (customer id with prefix G); grants access to its offices. */
export interface OfficeGroup {
	customerId: string;
	name: string;
	officeIds: string[];
}

export interface Trademark {
	id: string;
	name: string;
	customerIds: string[];
}

/** A brokerage user (agent); shaped like the User record of records.md. */
export interface Agent {
	userId: string;
	userName: string;
	firstName: string;
	lastName: string;
	customerId: string[];
	department: string;
	title: string;
	emailAddress: string;
	telePhone: string;
	cellPhone: string;
	image: string | null;
	archived: boolean;
	public: boolean;
	dateChanged: IsoTime;
	subOffices: string[];
}

export type EstateType = 'Condominium' | 'Cottage' | 'House' | 'Farm';
export type EstateStatus = 'AssignmentAttempt' | 'ForSale' | 'Sold' | 'Withdrawn';
export type Assignment = 'Writing' | 'Valuation' | 'Sale';

export interface EstateCommission {
	assignment: Assignment;
	/** Commission in SEK; for sold estates the earned amount, otherwise the agreed estimate. */
	amount: number;
	/** Percent of the final price, or null for a fixed fee. */
	percent: number | null;
}

export interface Estate {
	id: string;
	/** Owning office. */
	customerId: string;
	estateNumber: string;
	type: EstateType;
	status: EstateStatus;
	agentId: string;
	address: Address & { municipality: string };
	coordinate: Coordinate;
	livingSpace: number;
	numberOfRooms: number;
	startingPrice: number;
	finalPrice: number | null;
	associationId: string | null;
	commission: EstateCommission;
	/** selectionType Create */
	createdAt: IsoTime;
	/** selectionType Agreement: date of the assignment agreement */
	agreementDate: IsoTime | null;
	/** contract (sale) date; sold estates only */
	contractDate: IsoTime | null;
	/** selectionType Access: access date (tillträde); sold estates only */
	accessDate: IsoTime | null;
	/** selectionType Changed */
	changedAt: IsoTime;
	/** selectionType LatestPropertyChangeDate */
	latestPropertyChangeDate: IsoTime;
	sellerIds: string[];
	/** Raw body of the create/update call for estates created through the interface. */
	cms?: unknown;
	declarations: { id: string; name: string; advertise: boolean; size: number; addedAt: IsoTime }[];
}

/** Housing cooperative (AdvertisingAssociation, assumed shape). */
export interface Association {
	id: string;
	customerId: string;
	name: string;
	corporateNumber: string;
	address: Address;
	municipality: string;
	builtYear: number;
	numberOfApartments: number;
	ownsTheLand: boolean;
	description: string;
}

export type ContactType = 'Person' | 'Company' | 'DeceasedEstate';

export interface CustomField {
	name: string;
	value: string;
}

export interface Contact {
	id: string;
	type: ContactType;
	/** Owning customer: an office id, or a group id for contacts created through a group. */
	customerId: string;
	/** Other offices the contact was linked to by an interest, a final-price watch or a bid. */
	linkedCustomerIds: string[];
	agentId: string | null;
	firstName: string;
	lastName: string;
	companyName: string;
	/** Personal number (persons, deceased estates) as YYYYMMDD-NNNN, or a foreign one. */
	socialSecurityNumber: string;
	/** Whether the personal number was issued abroad (then it tells no date of birth). */
	isForeignSocialSecurityNumber: boolean;
	/** Organisation number (companies) as NNNNNN-NNNN, or a foreign one. */
	corporateNumber: string;
	isForeignCorporateNumber: boolean;
	homePage: string;
	telePhone: string;
	workPhone: string;
	cellPhone: string;
	otherPhone: string;
	switchPhone: string;
	email: string;
	email2: string;
	address: Address;
	advertisingEnabled: boolean;
	note: string;
	categoryIds: string[];
	leadScore: number | null;
	customFields: CustomField[];
	newsletterListIds: string[];
	approval: boolean | null;
	approvalDate: IsoTime | null;
	gdprApprovalDate: IsoTime | null;
	obtainThrough: string;
	coordinate: Coordinate | null;
	/** Deceased estates only. */
	dateOfDeath: string | null;
	/** Persons: whether they want to be matched with estates (Interest_MatchingWatched), and since when. */
	wantsToBeMatched: 'Yes' | 'No' | 'NotAsked';
	matchingChangedAt: IsoTime | null;
	/** Persons: the contact person of a company. */
	isCompanyPerson: boolean;
	createdAt: IsoTime;
	changedAt: IsoTime;
}

export interface Category {
	id: string;
	customerId: string;
	name: string;
	appliesTo: 'Person' | 'Company';
}

export type ContactOrderType = 'EstateValue' | 'FinalPricesInArea' | 'BoneoSearchProfile';

/** A scheduled mailing (contact service) to a contact; ended by OptOut. */
export interface ContactOrder {
	id: string;
	customerId: string;
	contactId: string;
	type: ContactOrderType;
	active: boolean;
	startedAt: IsoTime;
	endedAt: IsoTime | null;
}

export interface NewsletterList {
	id: string;
	customerId: string;
	name: string;
}

export interface Bid {
	id: string;
	/** Office of the estate. */
	customerId: string;
	estateId: string;
	contactId: string;
	isCanceled: boolean;
	identifiedBidder: boolean;
	alias: string;
	/** The interface carries amounts as strings. */
	amount: string;
	createdAt: IsoTime;
	condition: string;
	isHidden: boolean;
	canceledAt: IsoTime | null;
	verification: { socialSecurityNumber: string; method: string; reference: string } | null;
}

export interface Marketing {
	referrer?: string;
	utmTags?: Array<{ name?: string; value?: string }>;
}

export type InterestStatus = 'Interested' | 'VeryInterested' | 'Assigned' | 'NotInterested';

export interface InterestApplication {
	id: string;
	customerId: string;
	estateId: string;
	contactId: string;
	restrictive: boolean;
	status: InterestStatus;
	leadSourceId: string | null;
	assignmentSourceId: string | null;
	/** Where the lead came from (Advertising_FormMarketing): the page and its UTM tags, as sent. */
	marketing: Marketing | null;
	contactMessage: string;
	leadId: string;
	createdAt: IsoTime;
	changedAt: IsoTime;
}

export interface FinalPriceWatch {
	id: string;
	customerId: string;
	estateId: string;
	contactId: string;
	prospectiveBuyerStatus: string | null;
	leadSourceId: string | null;
	/** Where the lead came from (Advertising_FormMarketing): the page and its UTM tags, as sent. */
	marketing: Marketing | null;
	message: string;
	leadId: string;
	createdAt: IsoTime;
}

export type LeadDirection = 'Incoming' | 'Outgoing';
export type LeadKind = 'Lead' | 'Tip';

/** One row of the tips-and-leads data (incoming/outgoing leads and tips). */
export interface Lead {
	id: string;
	/** Office the lead belongs to (receiver for incoming, sender for outgoing). */
	customerId: string;
	direction: LeadDirection;
	kind: LeadKind;
	/** What caused it: InterestApplication, FinalPriceWatch, ValuationRequest, Referral, Tip. */
	leadType: string;
	createdAt: IsoTime;
	/** null while active; set when removed (activeStatusTipLead Removed). */
	removedAt: IsoTime | null;
	/** Agent who sent (outgoing) or handles (incoming) the lead. */
	userId: string | null;
	sender: { name: string; customerId: string | null; userId: string | null };
	receiver: { name: string; customerId: string | null; userId: string | null };
	contactId: string | null;
	estateId: string | null;
	note: string;
	/** Expected commission value of the lead in SEK (for reports). */
	value: number;
	/** The tips-and-leads report lists the lead without its id (activity's alikeLeadPairs). */
	listedWithoutId?: boolean;
}

/** Budget of an office (userId null) or one agent for one month. */
export interface Budget {
	customerId: string;
	userId: string | null;
	year: number;
	month: number;
	soldEstates: number;
	/** Estates to register (take in) in the month: RealtorBudget's estates.registered. */
	registeredEstates: number;
	commission: number;
	/** CRM targets; meetings is RealtorBudget's saleMeetings.total, ownBookedMeetings its ownBooked. */
	ownBookedMeetings: number;
	valuations: number;
	newContacts: number;
	meetings: number;
	leads: number;
	changedAt: IsoTime;
}

export type LiveDataEventType =
	| 'Login'
	| 'ContactCreated'
	| 'ContactUpdated'
	| 'CallLogged'
	| 'ViewingHeld'
	| 'ValuationBooked'
	| 'AssignmentSigned'
	| 'EstatePublished'
	| 'BidRegistered'
	| 'ContractSigned';

/** A user activity record (live data). */
export interface LiveDataEvent {
	id: string;
	customerId: string;
	userId: string;
	type: LiveDataEventType;
	at: IsoTime;
	estateId: string | null;
	contactId: string | null;
	/** Commission in SEK for ContractSigned, otherwise 0. */
	commission: number;
}

export interface Area {
	areaId: string;
	customerId: string;
	areaName: string;
	description: string;
	archived: boolean;
	externalId: string;
	showOnInternet: boolean;
	municipalityCode: string;
	polygon: Coordinate[];
	dateChanged: IsoTime;
}

export interface Range {
	minValue?: number;
	maxValue?: number;
}

export interface FarmSearchCriteria {
	subtypes: string[];
	areaIds: string[];
	municipalityCodes: string[];
	totalArea: Range | null;
	livingSpace: Range | null;
	numberOfRooms: Range | null;
	bedrooms: number | null;
	isAutomaticProfile: boolean;
	price: Range | null;
	drawnAreas: { coordinates: Coordinate[] }[];
	drawnAreasName: string;
	increasedRequirementIds: string[];
}

export interface SearchProfile {
	id: string;
	customerId: string;
	contactId: string;
	objectType: 'Farm' | 'Condominium' | 'House';
	/** Foreign profiles use ForeignPriceSteps for price. */
	foreign: boolean;
	farm: FarmSearchCriteria | null;
	createdAt: IsoTime;
	changedAt: IsoTime;
}

export interface IncreasedRequirement {
	id: string;
	name: string;
	objectTypes: string[];
}

/**
 * Present accommodation of a contact: Crm_CrmPresentAccomodation (models-2026.json, as read)
 * with its id and times, and what only the write takes (Request_CrmPresentAccomodation: the
 * monthly cost).
 */
export interface PresentAccommodation {
	id: string;
	contactId: string;
	customerId: string;
	hasBeenAsked: boolean;
	estateType: string | null;
	livingSpace: number | null;
	numberOfRooms: number | null;
	price: number | null;
	other: string;
	coordinate: { longitude?: number; latitude?: number } | null;
	/** Rent or fee per month, whole kronor. */
	monthlyCost: number | null;
	movedInDate: string | null;
	createdAt: IsoTime;
	changedAt: IsoTime;
}

/** A buyer's loan promise: Buyer_LoanPromise (models-2026.json) with its id and owner. */
export interface LoanPromise {
	id: string;
	customerId: string;
	contactId: string;
	bank: string | null;
	validUntil: string | null;
	estateType: 'Apartment' | 'Cottage' | 'House' | null;
	estateId: string | null;
	status:
		| 'AutomaticVerification'
		| 'CanNotVerify'
		| 'VerifiedByBank'
		| 'IsBeingProcessed'
		| 'CouldNotBeVerified'
		| 'NoLoanPromiseExists'
		| 'PreApprovalVerifiedByBank'
		| null;
	financing: 'Unknown' | 'Bank' | 'Other' | null;
	createdAt: IsoTime;
}

/** Bank and insurance details of a buyer for one estate (BuyerEconomy, assumed shape). */
export interface BuyerEconomy {
	contactId: string;
	estateId: string;
	bank: {
		name: string;
		clearingNumber: string;
		accountNumber: string;
		contactPerson: string;
		phone: string;
	};
	insurance: { company: string; policyNumber: string };
	ownCapital: number;
}

export type RecurrencePattern = 'Daily' | 'Weekly' | 'Monthly' | 'Yearly';
export type WeekDay =
	| 'Monday'
	| 'Tuesday'
	| 'Wednesday'
	| 'Thursday'
	| 'Friday'
	| 'Saturday'
	| 'Sunday';

/** A calendar event of an agent (Appointment of records.md plus id, owner and times). */
export interface Appointment {
	id: string;
	/** Office of the agent the appointment was booked for. */
	customerId: string;
	userId: string;
	subject: string;
	location: string;
	startsAt: string;
	endsAt: string | null;
	allDayEvent: boolean;
	note: string;
	recurrence: boolean;
	recurrencePattern: RecurrencePattern | null;
	recurrenceDayOfWeeks: WeekDay[];
	recurrenceInterval: number | null;
	recurrenceMonth: number | null;
	recurrenceDay: number | null;
	createdAt: IsoTime;
}

/** A focus area drawn for a customer (assumed shape); coordinates are GeoJSON [longitude, latitude] pairs. */
export interface FocusArea {
	id: string;
	/** The customer id of the call that created it (office or group). */
	customerId: string;
	areaName: string;
	municipalityCode: string | null;
	coordinates: [number, number][];
	createdAt: IsoTime;
}

export type EidStatus = 'pending' | 'complete' | 'failed';

/** An electronic-ID login started through /Authenticate/EId (assumed flow, see README). */
export interface EidLogin {
	reference: string;
	customerId: string;
	socialNumber: string;
	/** Status polls answered so far; the login advances one step per poll. */
	polls: number;
	cancelled: boolean;
	createdAt: IsoTime;
	completedAt: IsoTime | null;
}

/** A declaration document attached to an estate (POST /DeclarationProvider, File of records.md). */
export interface Declaration {
	id: string;
	estateId: string;
	/** Office of the estate. */
	customerId: string;
	name: string;
	advertise: boolean;
	/** The Base64 text as sent (whitespace removed). */
	data: string;
	/** Decoded size in bytes. */
	size: number;
	addedAt: IsoTime;
}

/** `{ id, name }` of the Advertising reads: a stable English code and its Swedish label. */
export interface Enumeration {
	id: string;
	name: string;
}

/** An image the Advertising reads refer to (`images[]`, a user's `image`) and serve as bytes. */
export interface ListingImage {
	/** MED…: opaque, as the live service's. */
	id: string;
	/** The office (customer id) whose records show it: the `{customerId}` of its read. */
	customerId: string;
	name: string | null;
	description: string | null;
	category: Enumeration;
	/** Without the dot; jpg images are served as JPEG bytes, png as PNG. */
	extension: 'jpg' | 'png';
	dataChangedAt: IsoTime;
}

/** A viewing of an estate or project as the Advertising reads show it. */
export interface ListingViewing {
	id: string;
	startsAt: IsoTime;
	endsAt: IsoTime;
	comment: string | null;
	isDigital: boolean;
	isSelfRegistrationEnabled: boolean;
	isProjectViewing: boolean;
}

/**
 * What the Advertising reads show of an estate beyond its Estate record: whether it is
 * published (`marketing.isPublished`), its texts, pictures and viewings. Its `changedAt` is
 * the estate's own.
 */
export interface EstateListing {
	estateId: string;
	isPublished: boolean;
	publishedAt: IsoTime | null;
	heading: string;
	shortDescription: string;
	/** A published area (Area record) of the estate's office, or null. */
	areaId: string | null;
	imageIds: string[];
	secondaryAgentId: string | null;
	projectId: string | null;
	viewings: ListingViewing[];
}

export type ProjectStatus =
	| 'Undefined'
	| 'AssignmentAttempt'
	| 'AssignmentAccepted'
	| 'Resting'
	| 'NoAssignment'
	| 'Coming'
	| 'Running'
	| 'Soldout'
	| 'SoldoutReferenceProject';

/** A new-build project (Advertising Project record); its homes name it in `projectId`. */
export interface ListingProject {
	id: string;
	/** Owning office. */
	customerId: string;
	name: string;
	status: ProjectStatus;
	isPublished: boolean;
	publishedAt: IsoTime | null;
	primaryAgentId: string;
	secondaryAgentId: string | null;
	streetAddress: string;
	zipCode: string;
	areaId: string | null;
	coordinate: Coordinate;
	heading: string;
	description: string;
	producer: string;
	startsAt: IsoTime | null;
	imageIds: string[];
	changedAt: IsoTime;
}

/** An office as the Advertising reads show it: its office id (FIR…) beside its customer id. */
export interface OfficeListing {
	/** FIR + the digits of the customer id. */
	officeId: string;
	customerId: string;
	emailAddress: string;
	telephone: string;
	description: string | null;
	coordinate: Coordinate;
	changedAt: IsoTime;
}

/** An agent as the Advertising reads show it (the user record), beside the Agent. */
export interface AgentListing {
	userId: string;
	imageId: string | null;
	description: string | null;
	spokenLanguages: string[];
	/** Sort key of the office's staff list. */
	orderNumber: number;
	isVisibleInStaffList: boolean;
}

/** A CRM office group (GET /CRM/Officegroups): a named set of offices of a customer or group. */
export interface CrmOfficeGroup {
	id: string;
	name: string;
	/** Customer ids of the member offices (written as their office ids). */
	customerIds: string[];
}

/** What the by-id estate read answers for an estate that exists but is not published. */
export type UnpublishedEstateAnswer = 'record' | 'notFound';

/** The Advertising reads' records (sandbox/README.md, "Advertising reads"). */
export interface AdvertisingState {
	listings: Map<string, EstateListing>;
	projects: Map<string, ListingProject>;
	images: Map<string, ListingImage>;
	offices: Map<string, OfficeListing>;
	agents: Map<string, AgentListing>;
	officeGroups: CrmOfficeGroup[];
	unpublishedEstateAnswer: UnpublishedEstateAnswer;
	/** Counts listings published or unpublished at runtime: the published estates' index is rebuilt after one. */
	publications: number;
	/** The published estates by customer id in id order, for the key (estates held, publications) it was built at. */
	published: { key: string; byCustomer: Map<string, Estate[]> } | null;
}
