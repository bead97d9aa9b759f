import {
	defineOperation,
	includeField,
	listingIdField,
	listingSimplifyField,
	pictureOptionsField,
} from '../../../shared/descriptions';
import { LISTINGS, SIMPLIFY_KEEPS } from '../../../shared/listings';
import { listingGet } from '../../../shared/steps';

export const getEstate = defineOperation({
	resource: 'estate',
	value: 'get',
	name: 'Get',
	action: 'Get a published estate',
	description:
		'Read one published estate (a home the office markets): address, price, sale texts, buildings, viewings, picture references; its pictures as binary data on request',
	request: {
		method: 'GET',
		path: LISTINGS.estate.record,
		pathLabels: { [LISTINGS.estate.idName]: 'Estate' },
		pagination: listingGet('estate', { pictures: true }),
	},
	fields: [
		listingIdField('estate'),
		includeField('estate'),
		listingSimplifyField(SIMPLIFY_KEEPS.estate!),
		pictureOptionsField('estate'),
	],
});
