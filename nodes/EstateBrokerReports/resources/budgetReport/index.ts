import { defineResource } from '../../../shared/descriptions';
import { getCommissionAgainstBudget } from './getCommission';
import { getCrmAgainstBudget } from './getCrm';
import { getSoldEstatesAgainstBudget } from './getSoldEstates';

export const budgetReportResource = defineResource(
	'Budget Report',
	'Budget against outcome per office and month',
	[getCommissionAgainstBudget, getSoldEstatesAgainstBudget, getCrmAgainstBudget],
	'getCommission',
);
