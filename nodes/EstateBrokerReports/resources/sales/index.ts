import type { ResourceDefinition } from '../../../shared/descriptions';
import { getEstateReportProdDb } from './getEstateReportProdDb';
import { getEstatesReport } from './getEstatesReport';
import { getSalesReportForEstate } from './getForEstate';
import { getSalesReport } from './getReport';
import { getSoldEstates } from './getSoldEstates';

export const salesResource: ResourceDefinition = {
	name: 'Sales Report',
	value: 'sales',
	description: 'Estates with their prices and commission, selected by date; the sale of one estate; sold estates',
	operations: [getSalesReport, getEstateReportProdDb, getEstatesReport, getSalesReportForEstate, getSoldEstates],
	defaultOperation: 'getReport',
};
