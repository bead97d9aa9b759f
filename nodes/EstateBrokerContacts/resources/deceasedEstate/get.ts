import { contactIdField, defineOperation } from '../../../shared/descriptions';
import { idListCalls } from '../../../shared/engine';
import { simplify, simplifyField } from '../../helpers/simplify';

export const getDeceasedEstate = defineOperation({
	resource: 'deceasedEstate',
	value: 'get',
	name: 'Get',
	action: 'Get a deceased estate by contact ID',
	description: 'Get one deceased estate by contact ID',
	request: {
		method: 'GET',
		path: '/CRM/Contact/{customerId}/DeceasedEstate',
		// Gathered with the other items' ids into calls of up to 20 (one id alone: /CRM/Contact/{customerId}/DeceasedEstate/{contactId}).
		pagination: idListCalls({ parameter: 'contactId', label: 'Deceased Estate', single: true }),
		postReceive: [simplify],
	},
	fields: [contactIdField('The deceased estate to read', 'Deceased Estate'), simplifyField],
});
