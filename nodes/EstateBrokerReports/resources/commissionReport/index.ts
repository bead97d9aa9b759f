import type { ResourceDefinition } from '../../../shared/descriptions';
import { getCommissionByOffice } from './getByOffice';
import { getCommissionByOfficeAndMonth } from './getByOfficeAndMonth';
import { getCommissionByUser } from './getByUser';

export const commissionReportResource: ResourceDefinition = {
	name: 'Commission Report',
	value: 'commissionReport',
	description: 'Sales and commission per office, month or agent',
	operations: [getCommissionByOffice, getCommissionByOfficeAndMonth, getCommissionByUser],
	defaultOperation: 'getByOffice',
};
