import { listingGetManyOperation } from '../../../shared/descriptions';
import { listingGetAll } from '../../../shared/steps';

export const getAllProjects = listingGetManyOperation('project', {
	resource: 'project',
	action: 'Get many published projects',
	description:
		"List the office's published new-build projects, each as its whole record or its ID and change time",
	pagination: listingGetAll('project'),
});
