import { defineOperation, listingIdField } from '../../../shared/descriptions';
import { LISTINGS } from '../../../shared/listings';
import { listingGet } from '../../../shared/steps';

export const getPublishedArea = defineOperation({
	resource: 'publishedArea',
	value: 'get',
	name: 'Get',
	action: 'Get a published area',
	description:
		'Read one published area (a neighbourhood the office advertises): name, municipality code, map outline, surroundings, picture references',
	request: {
		method: 'GET',
		path: LISTINGS.area.record,
		pagination: listingGet('area'),
	},
	fields: [listingIdField('area')],
});
