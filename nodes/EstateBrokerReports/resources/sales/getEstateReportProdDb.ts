import { defineOperation } from '../../../shared/descriptions';
import { salesReportFields, salesReportRequest } from '../../helpers/sales';

export const getEstateReportProdDb = defineOperation({
	resource: 'sales',
	value: 'getEstateReportProdDb',
	name: 'Get Estate Report (Production Database)',
	action: 'Get the estate report from the production database',
	description:
		'The sales report taken from the production database: the same selection, rows and totals as Get Sales Report',
	request: salesReportRequest('/BusinessIntelligence/GetEstateReportProdDb'),
	fields: salesReportFields,
});
