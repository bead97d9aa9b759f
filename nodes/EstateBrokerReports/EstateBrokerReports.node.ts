import type { INodeType, INodeTypeDescription } from 'n8n-workflow';

import { actionNode } from '../shared/descriptions';
import { budgetResource } from './resources/budget';
import { budgetReportResource } from './resources/budgetReport';
import { commissionReportResource } from './resources/commissionReport';
import { directoryResource } from './resources/directory';
import { liveDataResource } from './resources/liveData';
import { runningCommissionResource } from './resources/runningCommission';
import { salesResource } from './resources/sales';
import { tipsAndLeadsResource } from './resources/tipsAndLeads';

export class EstateBrokerReports implements INodeType {
	/** Built for each node n8n makes: its loader changes a description's properties in place. */
	private readonly shared = actionNode([
		commissionReportResource,
		salesResource,
		budgetReportResource,
		budgetResource,
		tipsAndLeadsResource,
		runningCommissionResource,
		liveDataResource,
		directoryResource,
	]);

	description: INodeTypeDescription = {
		displayName: 'Estate Broker Reports',
		name: 'estateBrokerReports',
		icon: { light: 'file:estateBrokerReports.svg', dark: 'file:estateBrokerReports.dark.svg' },
		group: ['transform'],
		version: 1,
		subtitle: this.shared.subtitle,
		description:
			'Read commission, sales, budget, tips-and-leads and live activity reports of the brokerage system, and set budgets',
		defaults: { name: 'Estate Broker Reports' },
		usableAsTool: true,
		...this.shared.description,
	};

	methods = this.shared.methods;

	customOperations = this.shared.customOperations;
}
