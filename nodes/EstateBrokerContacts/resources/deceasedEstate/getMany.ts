import { contactIdsField, defineOperation } from '../../../shared/descriptions';
import { idListCalls } from '../../../shared/transport';
import { simplified, simplifyField } from '../../helpers/simplify';

export const getManyDeceasedEstates = defineOperation({
	resource: 'deceasedEstate',
	value: 'getMany',
	name: 'Get Many',
	action: 'Get many deceased estates',
	description: 'Get deceased estates by a list of contact IDs, one item per estate, in the order given',
	request: {
		method: 'GET',
		path: '/CRM/Contact/{customerId}/DeceasedEstate',
		sendCalls: simplified(idListCalls()),
	},
	fields: [contactIdsField(), simplifyField],
});
