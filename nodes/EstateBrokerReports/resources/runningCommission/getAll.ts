import { defineOperation } from '../../../shared/descriptions';
import { periodFields, periodStep } from '../../helpers/dates';

export const getRunningCommissions = defineOperation({
	resource: 'runningCommission',
	value: 'getAll',
	name: 'Get Many',
	action: 'Get many running commissions',
	description:
		'Get many deals signed within a period of at most two months, one item per deal with its final price, commission and whether it is settled (the buyer has taken possession)',
	request: {
		method: 'GET',
		path: '/BusinessIntelligence/RunningCommissions',
		customerIdQuery: 'customerId',
		preSend: [periodStep({ limit: 'twoMonths', required: true })],
	},
	fields: periodFields({
		limit: 'twoMonths',
		required: true,
		subject: 'Deals whose contract was signed',
	}),
});
