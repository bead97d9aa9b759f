import { contactIdsField, defineOperation } from '../../../shared/descriptions';
import { idListCalls } from '../../../shared/engine';

export const getAllPresentAccommodations = defineOperation({
	resource: 'presentAccommodation',
	value: 'getAll',
	name: 'Get Many',
	action: 'Get the present accommodation of many contacts',
	description:
		'Get the present accommodation of a list of contacts, one item per contact that has one, in the order given (the record does not name its contact)',
	request: {
		method: 'GET',
		path: '/CRM/Contact/{customerId}/PresentAccomodation',
		pagination: idListCalls({ unpaired: true }),
	},
	fields: [contactIdsField()],
});
