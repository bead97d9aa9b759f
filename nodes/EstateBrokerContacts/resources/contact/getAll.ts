import { contactIdsField, defineOperation } from '../../../shared/descriptions';
import { idListCalls } from '../../../shared/engine';
import { simplify, simplifyField } from '../../helpers/simplify';

export const getAllContacts = defineOperation({
	resource: 'contact',
	value: 'getAll',
	name: 'Get Many',
	action: 'Get many contacts of any kind by their contact IDs',
	description:
		'Get contacts of any kind by a list of IDs, one item per contact, in the order given',
	request: {
		method: 'GET',
		path: '/CRM/Contact/{customerId}',
		// The query form would reach the filtered list endpoint instead, so ids stay in the path.
		pagination: idListCalls({ alwaysInPath: true }),
		postReceive: [simplify],
	},
	fields: [contactIdsField(), simplifyField],
});
