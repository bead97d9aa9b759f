import { defineOperation } from '../../../shared/descriptions';
import { budgetReportFields, budgetReportRequest } from '../../helpers/budgetReport';

export const getSoldEstatesAgainstBudget = defineOperation({
	resource: 'budgetReport',
	value: 'getSoldEstates',
	name: 'Get Sold Estates Against Budget',
	action: 'Get sold estates against budget',
	description:
		'Estates sold compared with the budget, per office and month: budget, outcome, difference and percent of budget. One item per office and month.',
	request: budgetReportRequest('/Report/Budget/{customerId}/SoldEstates'),
	fields: budgetReportFields,
});
