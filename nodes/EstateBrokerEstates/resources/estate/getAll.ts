import { listingGetManyOperation } from '../../../shared/descriptions';
import { listingGetAll } from '../../../shared/steps';

export const getAllEstates = listingGetManyOperation('estate', {
	resource: 'estate',
	action: 'Get many published estates',
	description:
		"List the office's published estates (every sale status), newest changes by filter, each as its whole record or its ID and change time",
	pagination: listingGetAll('estate'),
});
