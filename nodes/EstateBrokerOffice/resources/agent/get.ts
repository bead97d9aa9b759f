import { listingGetOperation } from '../../../shared/descriptions';
import { listingGet } from '../../../shared/steps';

export const getAgent = listingGetOperation('agent', {
	resource: 'agent',
	action: 'Get an agent',
	description:
		'Read one agent as the office shows them on its website: name, title, email, phones, offices, reviews; the portrait as binary data on request',
	pagination: listingGet('agent'),
});
