import { defineOperation } from '../../../shared/descriptions';

export const getIncreasedRequirements = defineOperation({
	resource: 'searchProfile',
	value: 'getIncreasedRequirements',
	name: 'Get Increased Requirements',
	action: 'Get the increased requirements',
	description: 'Get the special requirements a search profile can ask for, one item per requirement',
	request: { method: 'GET', path: '/IncreasedRequirement/{customerId}' },
});
