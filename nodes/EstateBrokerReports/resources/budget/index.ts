import { defineResource } from '../../../shared/descriptions';
import { getCommissionBudget } from './getCommission';
import { getCrmBudget } from './getCrm';
import { getEstateBudget } from './getEstate';
import { updateBudget } from './update';

export const budgetResource = defineResource(
	'Budget',
	'Monthly budgets of offices and agents',
	[getEstateBudget, getCommissionBudget, getCrmBudget, updateBudget],
	'getCommission',
);
