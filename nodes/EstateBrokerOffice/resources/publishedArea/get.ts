import { listingGetOperation } from '../../../shared/descriptions';
import { listingGet } from '../../../shared/steps';

export const getPublishedArea = listingGetOperation('area', {
	resource: 'publishedArea',
	action: 'Get a published area',
	description:
		'Read one published area (a neighbourhood the office advertises): name, municipality code, map outline, surroundings, picture references',
	pagination: listingGet('area'),
});
