import { defineResource } from '../../../shared/descriptions';
import { getEstateReportProdDb } from './getEstateReportProdDb';
import { getEstatesReport } from './getEstatesReport';
import { getSalesReportForEstate } from './getForEstate';
import { getSalesReport } from './getReport';
import { getSoldEstates } from './getSoldEstates';

export const salesResource = defineResource(
	'Sales Report',
	'Estates with their prices and commission, selected by date; the sale of one estate; sold estates',
	[
		getSalesReport,
		getEstateReportProdDb,
		getEstatesReport,
		getSalesReportForEstate,
		getSoldEstates,
	],
	'getReport',
);
