import { defineOperation } from '../../../shared/descriptions';
import { budgetRead, budgetReadFields } from '../../helpers/budget';

export const getCommissionBudget = defineOperation({
	resource: 'budget',
	value: 'getCommission',
	name: 'Get Commission Budget',
	action: 'Get the commission budget',
	description:
		'The commission the office, or one agent, is budgeted to earn in a month. One item per office.',
	request: budgetRead('Commission'),
	fields: budgetReadFields,
});
