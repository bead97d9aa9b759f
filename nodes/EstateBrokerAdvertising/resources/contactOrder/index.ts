import { defineResource } from '../../../shared/descriptions';
import { optOutContactOrder } from './optOut';

export const contactOrderResource = defineResource(
	'Contact Order',
	'Mailings (contact services) a contact receives',
	[optOutContactOrder],
	'optOut',
);
