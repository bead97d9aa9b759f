import { liveDataReport } from '../../helpers/liveData';

export const getLiveDataCommissionReport = liveDataReport({
	value: 'getCommissionReport',
	name: 'Get Commission Report',
	action: 'Get the live commission report',
	description:
		'Contracts and commission per agent within a period of at most two months, with booked valuations and signed assignments. The service calculates only the commissions of the latest 3 months, and they may show with some delay.',
	path: '/BusinessIntelligence/LiveData/CommissionReport',
	subject: 'Contracts signed',
});
