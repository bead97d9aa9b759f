import { defineResource } from '../../../shared/descriptions';
import { getOffice } from './get';
import { getAllOffices } from './getAll';

export const officeResource = defineResource(
	'Office',
	'Offices as they are published (their own office ID FIR…, and customer ID M…)',
	[getOffice, getAllOffices],
);
