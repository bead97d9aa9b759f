import { actionNode } from '../shared/descriptions';
import { budgetResource } from './resources/budget';
import { budgetReportResource } from './resources/budgetReport';
import { commissionReportResource } from './resources/commissionReport';
import { directoryResource } from './resources/directory';
import { liveDataResource } from './resources/liveData';
import { runningCommissionResource } from './resources/runningCommission';
import { salesResource } from './resources/sales';
import { tipsAndLeadsResource } from './resources/tipsAndLeads';

export class EstateBrokerReports extends actionNode({
	displayName: 'Estate Broker Reports',
	name: 'estateBrokerReports',
	icon: { light: 'file:estateBrokerReports.svg', dark: 'file:estateBrokerReports.dark.svg' },
	description:
		'Read commission, sales, budget, tips-and-leads and live activity reports of the brokerage system, and set budgets',
	resources: [
		commissionReportResource,
		salesResource,
		budgetReportResource,
		budgetResource,
		tipsAndLeadsResource,
		runningCommissionResource,
		liveDataResource,
		directoryResource,
	],
}) {}
