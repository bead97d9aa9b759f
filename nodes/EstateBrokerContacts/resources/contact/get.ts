import { contactIdField, defineOperation } from '../../../shared/descriptions';
import { idListCalls } from '../../../shared/engine';
import { simplify, simplifyField } from '../../helpers/simplify';

export const getContact = defineOperation({
	resource: 'contact',
	value: 'get',
	name: 'Get',
	action: 'Get a contact of any kind by contact ID',
	description: 'Get one contact of any kind (person, company or deceased estate) by ID',
	request: {
		method: 'GET',
		path: '/CRM/Contact/{customerId}',
		// Gathered with the other items' ids into calls of up to 20 (one id alone: /CRM/Contact/{customerId}/{contactId}).
		pagination: idListCalls({
			parameter: 'contactId',
			label: 'Contact ID',
			single: true,
			alwaysInPath: true,
		}),
		postReceive: [simplify],
	},
	fields: [contactIdField('The contact to read'), simplifyField],
});
