import {
	defineOperation,
	listingFiltersField,
	listingSimplifyField,
	returnAllFields,
	returnFullRecordsOf,
} from '../../../shared/descriptions';
import { LISTINGS, SIMPLIFY_KEEPS } from '../../../shared/listings';
import { listingGetAll } from '../../../shared/steps';

/** Shown with Return Full Records only: a list row is an ID and a change time. */
const WHOLE = { show: { returnFullRecords: [true] } };

export const getAllOffices = defineOperation({
	resource: 'office',
	value: 'getAll',
	name: 'Get Many',
	action: 'Get many offices',
	description:
		'List the offices of the customer or group, each as its whole record or its office ID, customer ID and change time',
	request: {
		method: 'GET',
		path: LISTINGS.office.list,
		pagination: listingGetAll('office'),
	},
	fields: [
		...returnAllFields(),
		returnFullRecordsOf('office'),
		listingSimplifyField(SIMPLIFY_KEEPS.office!, WHOLE.show),
		listingFiltersField('office'),
	],
});
