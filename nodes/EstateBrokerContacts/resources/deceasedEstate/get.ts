import { contactIdField, defineOperation } from '../../../shared/descriptions';
import { simplify, simplifyField } from '../../helpers/simplify';

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
		postReceive: [simplify],
	},
	fields: [
		contactIdField('The deceased estate to read', 'Deceased Estate'),
		simplifyField,
	],
});
