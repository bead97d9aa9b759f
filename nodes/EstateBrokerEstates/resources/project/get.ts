import { listingGetOperation } from '../../../shared/descriptions';
import { listingGet } from '../../../shared/steps';

export const getProject = listingGetOperation('project', {
	resource: 'project',
	action: 'Get a published project',
	description:
		'Read one published new-build project: name, status, address, price ranges, sale texts, picture references',
	pagination: listingGet('project'),
});
