import { contactIdField, defineOperation } from '../../../shared/descriptions';
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
		contactIdField('ID of the deceased estate'),
		simplifyField,
	],
});
