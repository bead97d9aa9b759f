import { defineOperation } from '../../../shared/descriptions';

export const getTrademarks = defineOperation({
	resource: 'directory',
	value: 'getTrademarks',
	name: 'Get Trademarks',
	action: 'Get the trademarks of the office',
	description:
		'The trademarks (brands) the office or the offices of the group work under, one item each with the offices that use it',
	request: {
		method: 'GET',
		path: '/BusinessIntelligence/External/Trademarks',
		customerIdQuery: 'customerId',
	},
});
