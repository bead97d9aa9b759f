import { defineOperation } from '../../../shared/descriptions';
import { salesReportFields, salesReportRequest } from '../../helpers/sales';

export const getSalesReport = defineOperation({
	resource: 'sales',
	value: 'getReport',
	name: 'Get Sales Report',
	action: 'Get the sales report',
	description:
		'Estates of the office or group selected by one of their dates, with status, prices, commission and agents per estate, listed by office, year and month',
	request: salesReportRequest('/BusinessIntelligence/GetSalesReport'),
	fields: salesReportFields,
});
