import { defineOperation } from '../../../shared/descriptions';
import { periodFields, periodStep } from '../../helpers/dates';
import { outputField, reportOutput } from '../../helpers/output';

export const getLiveDataReport = defineOperation({
	resource: 'liveData',
	value: 'getReport',
	name: 'Get Activity Report',
	action: 'Get the live activity report',
	description:
		'What each agent did within a period of at most two months: logins, contacts created and updated, calls, viewings, valuations, assignments, published estates, bids and contracts, with totals for the office',
	request: {
		method: 'GET',
		path: '/BusinessIntelligence/LiveData/Report',
		customerIdQuery: 'customerId',
		preSend: [periodStep({ limit: 'twoMonths', required: true })],
		postReceive: [reportOutput(['users'])],
	},
	fields: [
		...periodFields({ limit: 'twoMonths', required: true, subject: 'Activity' }),
		outputField,
	],
});
