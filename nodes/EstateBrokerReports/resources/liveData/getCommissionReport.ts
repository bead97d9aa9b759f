import { defineOperation } from '../../../shared/descriptions';
import { periodFields, periodStep } from '../../helpers/dates';
import { outputField, reportOutput } from '../../helpers/output';

export const getLiveDataCommissionReport = defineOperation({
	resource: 'liveData',
	value: 'getCommissionReport',
	name: 'Get Commission Report',
	action: 'Get the live commission report',
	description:
		'Contracts and commission per agent within a period of at most two months, with booked valuations and signed assignments. The service calculates only the commissions of the latest 3 months, and they may show with some delay.',
	request: {
		method: 'GET',
		path: '/BusinessIntelligence/LiveData/CommissionReport',
		customerIdQuery: 'customerId',
		preSend: [periodStep({ limit: 'twoMonths', required: true })],
		postReceive: [reportOutput(['users'])],
	},
	fields: [
		...periodFields({ limit: 'twoMonths', required: true, subject: 'Contracts signed' }),
		outputField,
	],
});
