import { contactIdField, defineOperation } from '../../../shared/descriptions';

export const getPresentAccommodation = defineOperation({
	resource: 'presentAccommodation',
	value: 'get',
	name: 'Get',
	action: 'Get the present accommodation of a contact',
	description:
		'Get where a contact lives today: whether they were asked, type of estate, living space, rooms, price and other notes',
	request: {
		method: 'GET',
		path: '/CRM/Contact/{customerId}/PresentAccomodation/{contactId}',
		pathLabels: { contactId: 'Contact ID' },
	},
	fields: [contactIdField('The contact whose present home to read')],
});
