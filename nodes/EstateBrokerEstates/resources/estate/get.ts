import { listingGetOperation } from '../../../shared/descriptions';
import { listingGet } from '../../../shared/steps';

export const getEstate = listingGetOperation('estate', {
	resource: 'estate',
	action: 'Get a published estate',
	description:
		'Read one published estate (a home the office markets): address, price, sale texts, buildings, viewings, picture references; its pictures as binary data on request',
	pagination: listingGet('estate'),
});
