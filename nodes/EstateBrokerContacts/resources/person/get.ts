import { contactIdField, defineOperation } from '../../../shared/descriptions';
import { simplify, simplifyField } from '../../helpers/simplify';

export const getPerson = defineOperation({
	resource: 'person',
	value: 'get',
	name: 'Get',
	action: 'Get a person',
	description: 'Get one person by contact ID',
	request: {
		method: 'GET',
		path: '/CRM/Contact/{customerId}/Person/{contactId}',
		pathLabels: { contactId: 'Contact ID' },
		postReceive: [simplify],
	},
	fields: [
		contactIdField('The person to read', 'Person'),
		simplifyField,
	],
});
