import {
	defineOperation,
	listingIdField,
	listingSimplifyField,
} from '../../../shared/descriptions';
import { LISTINGS, SIMPLIFY_KEEPS } from '../../../shared/listings';
import { listingGet } from '../../../shared/steps';

export const getOffice = defineOperation({
	resource: 'office',
	value: 'get',
	name: 'Get',
	action: 'Get an office',
	description:
		'Read one office by its office ID (FIR…, not its customer ID M…): name, address, phone, email, coordinates',
	request: {
		method: 'GET',
		path: LISTINGS.office.record,
		pathLabels: { [LISTINGS.office.idName]: 'Office' },
		pagination: listingGet('office'),
	},
	fields: [listingIdField('office'), listingSimplifyField(SIMPLIFY_KEEPS.office!)],
});
