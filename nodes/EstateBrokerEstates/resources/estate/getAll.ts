import {
	defineOperation,
	includeField,
	listingFiltersField,
	listingSimplifyField,
	pictureOptionsField,
	returnAllFields,
	returnFullRecordsOf,
} from '../../../shared/descriptions';
import { LISTINGS, SIMPLIFY_KEEPS } from '../../../shared/listings';
import { listingGetAll } from '../../../shared/steps';

/** Shown with Return Full Records only: a list row is an ID and a change time. */
const WHOLE = { show: { returnFullRecords: [true] } };

export const getAllEstates = defineOperation({
	resource: 'estate',
	value: 'getAll',
	name: 'Get Many',
	action: 'Get many published estates',
	description:
		"List the office's published estates (every sale status), newest changes by filter, each as its whole record or its ID and change time",
	request: {
		method: 'GET',
		path: LISTINGS.estate.list,
		pagination: listingGetAll('estate', { pictures: true }),
	},
	fields: [
		...returnAllFields(),
		returnFullRecordsOf('estate'),
		{ ...includeField('estate'), displayOptions: WHOLE },
		listingSimplifyField(SIMPLIFY_KEEPS.estate!, WHOLE.show),
		listingFiltersField('estate'),
		pictureOptionsField('estate', WHOLE.show),
	],
});
