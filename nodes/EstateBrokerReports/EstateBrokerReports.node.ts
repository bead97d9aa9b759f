import type { INodeType, INodeTypeDescription } from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import {
	customerIdField,
	messageFormatField,
	nodeProperties,
	nodeSubtitle,
	requestOptionsField,
} from '../shared/descriptions';
import { listSearch } from '../shared/pickers';
import { BROKER_REQUEST_DEFAULTS } from '../shared/engine';
import { budgetResource } from './resources/budget';
import { budgetReportResource } from './resources/budgetReport';
import { commissionReportResource } from './resources/commissionReport';
import { directoryResource } from './resources/directory';
import { liveDataResource } from './resources/liveData';
import { runningCommissionResource } from './resources/runningCommission';
import { salesResource } from './resources/sales';
import { tipsAndLeadsResource } from './resources/tipsAndLeads';

const RESOURCES = [
	commissionReportResource,
	salesResource,
	budgetReportResource,
	budgetResource,
	tipsAndLeadsResource,
	runningCommissionResource,
	liveDataResource,
	directoryResource,
];

export class EstateBrokerReports implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Estate Broker Reports',
		name: 'estateBrokerReports',
		icon: { light: 'file:estateBrokerReports.svg', dark: 'file:estateBrokerReports.dark.svg' },
		group: ['transform'],
		version: 1,
		subtitle: nodeSubtitle(RESOURCES),
		description:
			'Read commission, sales, budget, tips-and-leads and live activity reports of the brokerage system, and set budgets',
		defaults: { name: 'Estate Broker Reports' },
		usableAsTool: true,
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'estateBrokerApi', required: true }],
		requestDefaults: BROKER_REQUEST_DEFAULTS,
		properties: [
			...nodeProperties(RESOURCES),
			customerIdField,
			messageFormatField,
			requestOptionsField,
		],
	};

	methods = { listSearch };
}
