import { contactIdsField, defineOperation } from '../../../shared/descriptions';
import { idListCalls } from '../../../shared/engine';
import { simplify, simplifyField } from '../../helpers/simplify';

export const getAllCompanies = defineOperation({
	resource: 'company',
	value: 'getAll',
	name: 'Get Many',
	action: 'Get many companies by their contact IDs',
	description: 'Get companies by a list of contact IDs, one item per company, in the order given',
	request: {
		method: 'GET',
		path: '/CRM/Contact/{customerId}/Company',
		pagination: idListCalls(),
		postReceive: [simplify],
	},
	fields: [contactIdsField(), simplifyField],
});
