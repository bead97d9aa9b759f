import { contactIdsField, defineOperation } from '../../../shared/descriptions';
import { idListCalls } from '../../../shared/engine';

export const getAllSpeculators = defineOperation({
	resource: 'speculator',
	value: 'getAll',
	name: 'Get Many',
	action: 'Get the speculator relations of many contacts',
	description:
		'Get the speculator relations of a list of contacts, one item per contact, in the order given',
	request: {
		method: 'GET',
		// 6 to 20 ids go as contactIds on this path (interface.md section 8); up to 5 after it.
		path: '/CRM/Contact/{customerId}/Speculator',
		pagination: idListCalls(),
	},
	fields: [contactIdsField()],
});
