import { defineOperation } from '../../../shared/descriptions';
import { salesReportFields, salesReportRequest } from '../../helpers/sales';

export const getEstatesReport = defineOperation({
	resource: 'sales',
	value: 'getEstatesReport',
	name: 'Get Estates Report',
	action: 'Get the estates report',
	description:
		'Estates of the office or group selected by one of their dates, in the form of the sales report: by office, year and month',
	request: salesReportRequest('/BusinessIntelligence/GetEstatesReport'),
	fields: salesReportFields,
});
