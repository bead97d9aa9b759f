import type { ResourceDefinition } from '../../../shared/descriptions';
import { getCommissionAgainstBudget } from './getCommission';
import { getCrmAgainstBudget } from './getCrm';
import { getSoldEstatesAgainstBudget } from './getSoldEstates';

export const budgetReportResource: ResourceDefinition = {
	name: 'Budget Report',
	value: 'budgetReport',
	description: 'Budget against outcome per office and month',
	operations: [getCommissionAgainstBudget, getSoldEstatesAgainstBudget, getCrmAgainstBudget],
	defaultOperation: 'getCommission',
};
