import { defineOperation } from '../../../shared/descriptions';
import { outputField, reportOutput } from '../../helpers/output';
import { commissionFields, commissionSteps } from '../../helpers/commission';

export const getCommissionByOfficeAndMonth = defineOperation({
	resource: 'commissionReport',
	value: 'getByOfficeAndMonth',
	name: 'Get by Office and Month',
	action: 'Get the commission report by office and month',
	description:
		'Estates sold, sales volume and commission per office and calendar month over a period of at most one year, oldest month first, with totals for the whole period',
	request: {
		method: 'GET',
		path: '/BusinessIntelligence/CommissionOfficeReportByMonth/{customerId}',
		preSend: commissionSteps,
		postReceive: [reportOutput(['rows'])],
	},
	fields: [...commissionFields, outputField],
});
