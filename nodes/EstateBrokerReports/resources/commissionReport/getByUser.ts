import { defineOperation } from '../../../shared/descriptions';
import { commissionFields, commissionSteps } from '../../helpers/commission';

export const getCommissionByUser = defineOperation({
	resource: 'commissionReport',
	value: 'getByUser',
	name: 'Get by Agent',
	action: 'Get the commission report by agent',
	description:
		'Estates sold, sales volume, commission and average commission per agent over a period of at most one year. One item per agent.',
	request: {
		method: 'GET',
		path: '/BusinessIntelligence/CommissionUserReport/{customerId}',
		preSend: commissionSteps,
	},
	fields: commissionFields,
});
