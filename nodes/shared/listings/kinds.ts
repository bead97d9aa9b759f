/**
 * The service's published listings (its Advertising reads, docs/spec/advertising.md): where
 * each kind of record is listed and read, what its list filters on and what a read may extend.
 */

/** The kinds of listed records, as the package calls them (the service's user is an agent). */
export type ListingKind = 'estate' | 'agent' | 'office' | 'area' | 'project';

export interface ListingEndpoints {
	/** The paged list: rows of id and change time (advertising.md section 4). */
	list: string;
	/** One record by its id; the placeholder is `idName`. */
	record: string;
	/** The id's placeholder in `record`, and the node parameter that holds it. */
	idName: string;
	/** The id's name in messages. */
	idLabel: string;
	/** What one record is, in messages ("published estate"). */
	noun: string;
	/** The list's filters beyond the change times (`LIST_QUERY` names). */
	filters: ReadonlyArray<'status' | 'type'>;
	/** The `extend` values a read by id takes (empty: it takes none). */
	extend: readonly string[];
	/** Whether the nodes read its records' pictures as binary data on request (Options › Pictures). */
	pictures: boolean;
}

/** What an estate read can fill in `extensions` besides its own type's details. */
export const ESTATE_AGENT_EXTENDS = ['primaryAgent', 'secondaryAgent'] as const;

/** The type details an estate read can fill in `extensions` (only the estate's own type is filled). */
export const ESTATE_TYPE_EXTENDS = [
	'housingCooperative',
	'condominium',
	'foreignProperty',
	'farm',
	'commercialProperty',
	'premises',
] as const;

export const ESTATE_EXTENDS = [...ESTATE_TYPE_EXTENDS, ...ESTATE_AGENT_EXTENDS] as const;

/** A project read can fill its agents' whole records. */
export const PROJECT_EXTENDS = ESTATE_AGENT_EXTENDS;

export const LISTINGS: Readonly<Record<ListingKind, ListingEndpoints>> = {
	estate: {
		list: '/Advertising/Estate/{customerId}',
		record: '/Advertising/Estate/{customerId}/{estateId}',
		idName: 'estateId',
		idLabel: 'Estate ID',
		noun: 'published estate',
		filters: ['status', 'type'],
		extend: ESTATE_EXTENDS,
		pictures: true,
	},
	agent: {
		list: '/Advertising/User/{customerId}',
		record: '/Advertising/User/{customerId}/{agentId}',
		idName: 'agentId',
		idLabel: 'Agent ID',
		noun: 'listed agent',
		filters: [],
		extend: [],
		pictures: true,
	},
	office: {
		list: '/Advertising/Office/{customerId}',
		record: '/Advertising/Office/{customerId}/{officeId}',
		idName: 'officeId',
		idLabel: 'Office ID',
		noun: 'listed office',
		filters: [],
		extend: [],
		pictures: false,
	},
	area: {
		list: '/Advertising/Area/{customerId}',
		record: '/Advertising/Area/{customerId}/{areaId}',
		idName: 'areaId',
		idLabel: 'Published Area ID',
		noun: 'published area',
		filters: [],
		extend: [],
		pictures: false,
	},
	project: {
		list: '/Advertising/Project/{customerId}',
		record: '/Advertising/Project/{customerId}/{projectId}',
		idName: 'projectId',
		idLabel: 'Project ID',
		noun: 'published project',
		filters: ['status'],
		extend: PROJECT_EXTENDS,
		pictures: false,
	},
};

/** The office groups of a customer or group: a bare array; 404 read as none, as the partner's code does (advertising.md section 12; not seen live). */
export const OFFICE_GROUPS_PATH = '/CRM/Officegroups/{customerId}';

/** An image's bytes, by the id of a record's image reference (advertising.md section 10). */
export const IMAGE_PATH = '/Advertising/Image/{customerId}/{imageId}';

/** The lists' query names, exactly as the service was called with them (advertising-endpoints.tsv). */
export const LIST_QUERY = {
	pageSize: 'paging.pageSize',
	pageIndex: 'paging.pageIndex',
	changedSince: 'criteria.changedAtMinValue',
	changedUntil: 'criteria.changedAtMaxValue',
	status: 'criteria.status',
	type: 'criteria.type',
} as const;

/** Rows per list page: what the service's integrators ask for (its largest is not known). */
export const LIST_PAGE_SIZE = 100;

/** The query of a read by id that extends the record; `+` between the names, sent encoded. */
export const EXTEND_QUERY = 'extend';

/** A code of the service in English words: "ForSale" → "For Sale", "HousingCooperative" → "Housing Cooperative". */
export const codeWords = (code: string) => code.replace(/([a-z])([A-Z])/g, '$1 $2');

/**
 * An estate's sale status, as the list filter and `status.id` name it. The triggers store a
 * status as its position here (listings/watchedFields.ts), so statuses are only ever added at
 * the end.
 */
export const ESTATE_STATUSES = [
	'Undefined',
	'AssignmentAttempt',
	'AssignmentAccepted',
	'ForSale',
	'Sold',
	'Resting',
	'NoAssignment',
	'AssignmentWithdrawn',
	'ReservedNotForSale',
	'NotForSale',
	'SoldReferenceObject',
	'Coming',
	'Advantage',
	'Booked',
	'SoonForSale',
	'ReadyForRent',
	'TentativelyRented',
	'Rented',
	'AppointedAdmission',
] as const;

/** An estate's class, as the list filter and `type.id` name it. */
export const ESTATE_TYPES = [
	'Undefined',
	'House',
	'Cottage',
	'HousingCooperative',
	'Condominium',
	'Farm',
	'Plot',
	'CommercialProperty',
	'Premises',
	'ForeignProperty',
] as const;

/** A project's status, as the list filter and `status.id` name it. */
export const PROJECT_STATUSES = [
	'Undefined',
	'AssignmentAttempt',
	'AssignmentAccepted',
	'Resting',
	'NoAssignment',
	'Coming',
	'Running',
	'Soldout',
	'SoldoutReferenceProject',
] as const;
