import { contactIdField, defineOperation } from '../../../shared/descriptions';
import { simplify, simplifyField } from '../../helpers/simplify';

export const getContact = defineOperation({
	resource: 'contact',
	value: 'get',
	name: 'Get',
	action: 'Get a contact',
	description: 'Get one contact of any kind (person, company or deceased estate) by ID',
	request: {
		method: 'GET',
		path: '/CRM/Contact/{customerId}/{contactId}',
		pathLabels: { contactId: 'Contact ID' },
		postReceive: [simplify],
	},
	fields: [
		contactIdField('The contact to read'),
		simplifyField,
	],
});
