import { defineOperation } from '../../../shared/descriptions';
import { budgetRead, budgetReadFields } from '../../helpers/budget';

export const getEstateBudget = defineOperation({
	resource: 'budget',
	value: 'getEstate',
	name: 'Get Sold Estates Budget',
	action: 'Get the sold estates budget',
	description:
		'How many estates the office, or one agent, is budgeted to sell in a month. One item per office.',
	request: budgetRead('Estate'),
	fields: budgetReadFields,
});
