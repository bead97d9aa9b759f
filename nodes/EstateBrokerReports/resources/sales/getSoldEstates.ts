import { defineOperation } from '../../../shared/descriptions';
import { periodFields, periodStep } from '../../helpers/dates';

export const getSoldEstates = defineOperation({
	resource: 'sales',
	value: 'getSoldEstates',
	name: 'Get Sold Estates',
	action: 'Get sold estates',
	description: 'The estates sold by contract date, one item per estate with its ID, estate number, office and contract date',
	request: {
		method: 'GET',
		path: '/BusinessIntelligence/Estates',
		customerIdQuery: 'customerId',
		preSend: [periodStep({ limit: 'none', required: false })],
	},
	fields: periodFields({ limit: 'none', required: false, subject: 'Estates whose contract was signed' }),
});
