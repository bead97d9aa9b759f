import { defineOperation } from '../../../shared/descriptions';
import { budgetRead, budgetReadFields } from '../../helpers/budget';

export const getCrmBudget = defineOperation({
	resource: 'budget',
	value: 'getCrm',
	name: 'Get CRM Budget',
	action: 'Get the CRM budget',
	description:
		'The valuations, new contacts, meetings and leads the office, or one agent, is budgeted for in a month. One item per office.',
	request: budgetRead('Crm'),
	fields: budgetReadFields,
});
