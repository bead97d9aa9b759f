import { contactIdField, defineOperation } from '../../../shared/descriptions';

export const getSpeculator = defineOperation({
	resource: 'speculator',
	value: 'get',
	name: 'Get',
	action: 'Get the speculator relations of a contact',
	description:
		'Get the properties a contact is a prospective buyer of, each with its estate type and how far the contact has come (interested, bidding…)',
	request: {
		method: 'GET',
		path: '/CRM/Contact/{customerId}/Speculator/{contactId}',
		pathLabels: { contactId: 'Contact ID' },
	},
	fields: [contactIdField('The contact whose interest in estates to read')],
});
