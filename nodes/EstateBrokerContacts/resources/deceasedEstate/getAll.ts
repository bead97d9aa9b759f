import { contactIdsField, defineOperation } from '../../../shared/descriptions';
import { idListCalls } from '../../../shared/engine';
import { simplify, simplifyField } from '../../helpers/simplify';

export const getAllDeceasedEstates = defineOperation({
	resource: 'deceasedEstate',
	value: 'getAll',
	name: 'Get Many',
	action: 'Get many deceased estates by their contact IDs',
	description:
		'Get deceased estates by a list of contact IDs, one item per estate, in the order given',
	request: {
		method: 'GET',
		path: '/CRM/Contact/{customerId}/DeceasedEstate',
		pagination: idListCalls(),
		postReceive: [simplify],
	},
	fields: [contactIdsField(), simplifyField],
});
