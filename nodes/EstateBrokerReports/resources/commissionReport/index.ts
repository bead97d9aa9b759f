import { defineResource } from '../../../shared/descriptions';
import { getCommissionByOffice } from './getByOffice';
import { getCommissionByOfficeAndMonth } from './getByOfficeAndMonth';
import { getCommissionByUser } from './getByUser';

export const commissionReportResource = defineResource(
	'Commission Report',
	'Sales and commission per office, month or agent',
	[getCommissionByOffice, getCommissionByOfficeAndMonth, getCommissionByUser],
	'getByOffice',
);
