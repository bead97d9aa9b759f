import { defineOperation } from '../../../shared/descriptions';
import { simplified, simplifyField } from '../../helpers/simplify';

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
		sendCalls: simplified(),
	},
	fields: [
		{ displayName: 'Contact ID', name: 'contactId', type: 'string', default: '', required: true, placeholder: 'C000123', description: 'ID of the person' },
		simplifyField,
	],
});
