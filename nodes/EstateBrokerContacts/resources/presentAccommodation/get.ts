import { defineOperation } from '../../../shared/descriptions';

export const getPresentAccommodation = defineOperation({
	resource: 'presentAccommodation',
	value: 'get',
	name: 'Get',
	action: 'Get the present accommodation of a contact',
	description: 'Get where a contact lives today: type of housing, size, value and plans to sell',
	request: {
		method: 'GET',
		path: '/CRM/Contact/{customerId}/PresentAccomodation/{contactId}',
		pathLabels: { contactId: 'Contact ID' },
	},
	fields: [{ displayName: 'Contact ID', name: 'contactId', type: 'string', default: '', required: true, placeholder: 'C000123', description: 'ID of the contact' }],
});
