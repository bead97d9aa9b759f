import { liveDataReport } from '../../helpers/liveData';

export const getLiveDataReport = liveDataReport({
	value: 'getReport',
	name: 'Get Activity Report',
	action: 'Get the live activity report',
	description:
		'What each agent did within a period of at most two months: logins, contacts created and updated, calls, viewings, valuations, assignments, published estates, bids and contracts, with totals for the office',
	path: '/BusinessIntelligence/LiveData/Report',
	subject: 'Activity',
});
