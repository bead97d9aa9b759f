import { listingGetManyOperation } from '../../../shared/descriptions';
import { listingGetAll } from '../../../shared/steps';

export const getAllOffices = listingGetManyOperation('office', {
	resource: 'office',
	action: 'Get many offices',
	description:
		'List the offices of the customer or group, each as its whole record or its office ID, customer ID and change time',
	pagination: listingGetAll('office'),
});
