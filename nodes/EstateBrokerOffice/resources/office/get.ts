import { listingGetOperation } from '../../../shared/descriptions';
import { listingGet } from '../../../shared/steps';

export const getOffice = listingGetOperation('office', {
	resource: 'office',
	action: 'Get an office',
	description:
		'Read one office by its office ID (FIR…, not its customer ID M…): name, address, phone, email, coordinates',
	pagination: listingGet('office'),
});
