import { defineOperation } from '../../../shared/descriptions';

export const getSearchProfileValues = defineOperation({
	resource: 'searchProfile',
	value: 'getValues',
	name: 'Get Search Profile Values',
	action: 'Get the values allowed in search profiles',
	description:
		'Get the step lists (areas, living space, rooms, prices) that search-profile ranges must use',
	request: { method: 'GET', path: '/CRM/Contact/{customerId}/SearchProfile/SearchProfileValues' },
});
