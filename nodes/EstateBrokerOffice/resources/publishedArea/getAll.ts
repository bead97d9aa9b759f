import { listingGetManyOperation } from '../../../shared/descriptions';
import { listingGetAll } from '../../../shared/steps';

export const getAllPublishedAreas = listingGetManyOperation('area', {
	resource: 'publishedArea',
	action: 'Get many published areas',
	description:
		'List the areas the office publishes, each as its whole record or its ID and change time',
	pagination: listingGetAll('area'),
});
