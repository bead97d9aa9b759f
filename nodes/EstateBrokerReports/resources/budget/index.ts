import type { ResourceDefinition } from '../../../shared/descriptions';
import { getCommissionBudget } from './getCommission';
import { getCrmBudget } from './getCrm';
import { getEstateBudget } from './getEstate';
import { updateBudget } from './update';

export const budgetResource: ResourceDefinition = {
	name: 'Budget',
	value: 'budget',
	description: 'Monthly budgets of offices and agents',
	operations: [getEstateBudget, getCommissionBudget, getCrmBudget, updateBudget],
	defaultOperation: 'getCommission',
};
