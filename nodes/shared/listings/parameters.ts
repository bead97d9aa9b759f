/** The node parameters of the listing reads (their fields: descriptions/listingFields.ts; read by steps/listingReads.ts). */
export const LISTING_PARAMETERS = {
	include: 'include',
	returnFullRecords: 'returnFullRecords',
	simplify: 'simplify',
	filters: 'filters',
	options: 'options',
	pictures: 'pictures',
	largestPicture: 'largestPictureSize',
	pictureField: 'pictureField',
} as const;

/** What Include offers as one choice: every type's details (only the estate's own type is filled). */
export const TYPE_DETAILS = 'typeDetails';

/** Largest Picture Size's default, in MB: a portrait the service stores as a square PNG is about 16 MB. */
export const DEFAULT_LARGEST_PICTURE_MB = 25;
