import { defineOperation } from '../../../shared/descriptions';
import { simplified, simplifyField } from '../../helpers/simplify';

export const getCompany = defineOperation({
	resource: 'company',
	value: 'get',
	name: 'Get',
	action: 'Get a company',
	description: 'Get one company by contact ID',
	request: {
		method: 'GET',
		path: '/CRM/Contact/{customerId}/Company/{contactId}',
		pathLabels: { contactId: 'Contact ID' },
		sendCalls: simplified(),
	},
	fields: [
		{ displayName: 'Contact ID', name: 'contactId', type: 'string', default: '', required: true, placeholder: 'C000123', description: 'ID of the company' },
		simplifyField,
	],
});
