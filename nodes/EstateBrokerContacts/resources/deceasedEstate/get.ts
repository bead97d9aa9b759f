import { defineOperation } from '../../../shared/descriptions';
import { simplified, simplifyField } from '../../helpers/simplify';

export const getDeceasedEstate = defineOperation({
	resource: 'deceasedEstate',
	value: 'get',
	name: 'Get',
	action: 'Get a deceased estate',
	description: 'Get one deceased estate by contact ID',
	request: {
		method: 'GET',
		path: '/CRM/Contact/{customerId}/DeceasedEstate/{contactId}',
		pathLabels: { contactId: 'Contact ID' },
		sendCalls: simplified(),
	},
	fields: [
		{ displayName: 'Contact ID', name: 'contactId', type: 'string', default: '', required: true, placeholder: 'C000123', description: 'ID of the deceased estate' },
		simplifyField,
	],
});
