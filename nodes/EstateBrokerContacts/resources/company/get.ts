import { contactIdField, defineOperation } from '../../../shared/descriptions';
import { simplify, simplifyField } from '../../helpers/simplify';

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
		postReceive: [simplify],
	},
	fields: [
		contactIdField('The company to read', 'Company'),
		simplifyField,
	],
});
