import { contactIdField, defineOperation } from '../../../shared/descriptions';
import { idListCalls } from '../../../shared/engine';
import { simplify, simplifyField } from '../../helpers/simplify';

export const getCompany = defineOperation({
	resource: 'company',
	value: 'get',
	name: 'Get',
	action: 'Get a company by contact ID',
	description: 'Get one company by contact ID',
	request: {
		method: 'GET',
		path: '/CRM/Contact/{customerId}/Company',
		// Gathered with the other items' ids into calls of up to 20 (one id alone: /CRM/Contact/{customerId}/Company/{contactId}).
		pagination: idListCalls({ parameter: 'contactId', label: 'Company', single: true }),
		postReceive: [simplify],
	},
	fields: [contactIdField('The company to read', 'Company'), simplifyField],
});
