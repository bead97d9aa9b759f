import { defineOperation } from '../../../shared/descriptions';
import { salesReportFields, salesReportRequest } from '../../helpers/sales';

export const getSalesReport = defineOperation({
	resource: 'sales',
	value: 'getReport',
	name: 'Get Sales Report',
	action: 'Get the sales report',
	description:
		'Estates of the office or group selected by one of their dates, with price, final price and commission per estate, and totals (estates, sold estates, sales volume, commission)',
	request: salesReportRequest('/BusinessIntelligence/GetSalesReport'),
	fields: salesReportFields,
});
