import { defineResource } from '../../../shared/descriptions';
import { getAllOfficeGroups } from './getAll';

export const officeGroupResource = defineResource(
	'Office Group',
	'Groups of offices set up in the CRM (needs the CRM rights of the credential)',
	[getAllOfficeGroups],
);
