import { contactIdField, defineOperation } from '../../../shared/descriptions';
import { idListCalls } from '../../../shared/engine';
import { simplify, simplifyField } from '../../helpers/simplify';

export const getPerson = defineOperation({
	resource: 'person',
	value: 'get',
	name: 'Get',
	action: 'Get a person by contact ID',
	description: 'Get one person by contact ID',
	request: {
		method: 'GET',
		path: '/CRM/Contact/{customerId}/Person',
		// Gathered with the other items' ids into calls of up to 20 (one id alone: /CRM/Contact/{customerId}/Person/{contactId}).
		pagination: idListCalls({ parameter: 'contactId', label: 'Person', single: true }),
		postReceive: [simplify],
	},
	fields: [contactIdField('The person to read', 'Person'), simplifyField],
});
