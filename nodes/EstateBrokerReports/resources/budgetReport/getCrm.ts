import { defineOperation } from '../../../shared/descriptions';
import { budgetReportFields, budgetReportRequest } from '../../helpers/budgetReport';

export const getCrmAgainstBudget = defineOperation({
	resource: 'budgetReport',
	value: 'getCrm',
	name: 'Get CRM Activity Against Budget',
	action: 'Get CRM activity against budget',
	description:
		'Valuations, new contacts, meetings and leads compared with the budget, per office and month, each with budget, outcome, difference and percent of budget. One item per office and month.',
	request: budgetReportRequest('/Report/Budget/{customerId}/Crm'),
	fields: budgetReportFields,
});
