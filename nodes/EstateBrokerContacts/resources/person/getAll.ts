import { contactIdsField, defineOperation } from '../../../shared/descriptions';
import { idListCalls } from '../../../shared/engine';
import { simplify, simplifyField } from '../../helpers/simplify';

export const getAllPersons = defineOperation({
	resource: 'person',
	value: 'getAll',
	name: 'Get Many',
	action: 'Get many persons by their contact IDs',
	description: 'Get persons by a list of contact IDs, one item per person, in the order given',
	request: {
		method: 'GET',
		path: '/CRM/Contact/{customerId}/Person',
		pagination: idListCalls(),
		postReceive: [simplify],
	},
	fields: [contactIdsField(), simplifyField],
});
