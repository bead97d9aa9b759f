import type { INodeProperties } from 'n8n-workflow';

import type { BrokerOperation, RequestStep } from '../../shared/transport';
import { choiceStep, SELECTION_TYPE, selectionTypeField } from './choices';
import { periodFields, periodStep } from './dates';
import { outputField, reportOutput } from './output';

/**
 * GetSalesReport, GetEstateReportProdDb and GetEstatesReport take the same query (customer,
 * selection type, optional period) and answer a sales report with rows and totals.
 */
export const salesReportFields: INodeProperties[] = [
	selectionTypeField,
	...periodFields({ limit: 'none', required: false, subject: 'Estates whose chosen date lies' }),
	outputField,
];

const salesReportSteps: RequestStep[] = [choiceStep(SELECTION_TYPE), periodStep({ limit: 'none', required: false })];

export function salesReportRequest(path: string): BrokerOperation {
	return { method: 'GET', path, customerIdQuery: 'customerId', preSend: salesReportSteps, postReceive: [reportOutput(['rows'])] };
}
