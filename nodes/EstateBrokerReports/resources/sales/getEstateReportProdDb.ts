import { defineOperation } from '../../../shared/descriptions';
import { salesReportFields, salesReportRequest } from '../../helpers/sales';

export const getEstateReportProdDb = defineOperation({
	resource: 'sales',
	value: 'getEstateReportProdDb',
	name: 'Get Estate Report (Production Database)',
	action: 'Get the estate report from the production database',
	description:
		'The sales report taken from the production database: the same selection as Get Sales Report, with fewer details per estate (no currency or change history)',
	request: salesReportRequest('/BusinessIntelligence/GetEstateReportProdDb'),
	fields: salesReportFields,
});
