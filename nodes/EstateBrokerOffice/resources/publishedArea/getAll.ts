import {
	defineOperation,
	listingFiltersField,
	returnAllFields,
	returnFullRecordsOf,
} from '../../../shared/descriptions';
import { LISTINGS } from '../../../shared/listings';
import { listingGetAll } from '../../../shared/steps';

export const getAllPublishedAreas = defineOperation({
	resource: 'publishedArea',
	value: 'getAll',
	name: 'Get Many',
	action: 'Get many published areas',
	description:
		'List the areas the office publishes, each as its whole record or its ID and change time',
	request: {
		method: 'GET',
		path: LISTINGS.area.list,
		pagination: listingGetAll('area'),
	},
	fields: [...returnAllFields(), returnFullRecordsOf('area'), listingFiltersField('area')],
});
