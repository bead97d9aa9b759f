import { defineOperation } from '../../../shared/descriptions';
import { commissionFields, commissionSteps } from '../../helpers/commission';

export const getCommissionByOffice = defineOperation({
	resource: 'commissionReport',
	value: 'getByOffice',
	name: 'Get by Office',
	action: 'Get the commission report by office',
	description:
		'Sales and commission per office over a period of at most one year: estates sold, sales volume, commission, average commission and commission percent. One item per office.',
	request: {
		method: 'GET',
		path: '/BusinessIntelligence/CommissionOfficeReport/{customerId}',
		preSend: commissionSteps,
	},
	fields: commissionFields,
});
