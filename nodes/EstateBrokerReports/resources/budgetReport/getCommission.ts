import { defineOperation } from '../../../shared/descriptions';
import { budgetReportFields, budgetReportRequest } from '../../helpers/budgetReport';

export const getCommissionAgainstBudget = defineOperation({
	resource: 'budgetReport',
	value: 'getCommission',
	name: 'Get Commission Against Budget',
	action: 'Get commission against budget',
	description:
		'Commission earned compared with the budget, per office and month: budget, outcome, difference and percent of budget. One item per office and month.',
	request: budgetReportRequest('/Report/Budget/{customerId}/Commission'),
	fields: budgetReportFields,
});
