/**
 * listings: the service's published listings (its Advertising reads): where estates, agents,
 * offices, areas and projects are listed and read, every page of a list, a record by id (one
 * or many, as many in flight as the account allows), the office groups, pictures as bytes.
 * The action nodes' reads, the record pickers and the triggers read listings through here.
 * Layer beside loaders. May import: wire, account, failures, dates, rules.
 */
export {
	codeWords,
	ESTATE_AGENT_EXTENDS,
	ESTATE_EXTENDS,
	ESTATE_STATUSES,
	ESTATE_TYPE_EXTENDS,
	ESTATE_TYPES,
	EXTEND_QUERY,
	IMAGE_PATH,
	LIST_PAGE_SIZE,
	LIST_QUERY,
	LISTINGS,
	type ListingEndpoints,
	type ListingKind,
	OFFICE_GROUPS_PATH,
	PROJECT_EXTENDS,
	PROJECT_STATUSES,
} from './kinds';
export {
	type ListingFilters,
	type ListingPage,
	type ListingPagesOptions,
	readListingPage,
	readListingPages,
	readListingRows,
} from './pages';
export {
	isCustomerId,
	isNotFound,
	listingNotFoundError,
	type ListingRead,
	type ListingReadOptions,
	listingReadsInFlight,
	readListing,
	readListingRecord,
	readListings,
	readListingsEach,
	readOfficeGroups,
} from './records';
export {
	type ImageReference,
	imageReferences,
	type PictureChoice,
	pictureFile,
	readPicture,
} from './images';
export { DEFAULT_LARGEST_PICTURE_MB, LISTING_PARAMETERS, TYPE_DETAILS } from './parameters';
export { SIMPLIFY_KEEPS, simplifiedListing, simplifiesListing } from './simplify';
export {
	changedAtHash,
	rememberEstate,
	type RememberedEstate,
	type WatchedChanges,
	type WatchedFields,
	watchedChanges,
	watchedFieldsOf,
	withChanges,
} from './watchedFields';
export {
	changesSinceLastRead,
	type EstateMemory,
	forgetOldest,
	readEstateMemory,
	writeEstateMemory,
} from './estateMemory';
