import {
	defineOperation,
	includeField,
	listingIdField,
	listingSimplifyField,
} from '../../../shared/descriptions';
import { LISTINGS, SIMPLIFY_KEEPS } from '../../../shared/listings';
import { listingGet } from '../../../shared/steps';

export const getProject = defineOperation({
	resource: 'project',
	value: 'get',
	name: 'Get',
	action: 'Get a published project',
	description:
		'Read one published new-build project: name, status, address, price ranges, sale texts, picture references',
	request: {
		method: 'GET',
		path: LISTINGS.project.record,
		pathLabels: { [LISTINGS.project.idName]: 'Project' },
		pagination: listingGet('project'),
	},
	fields: [
		listingIdField('project'),
		includeField('project'),
		listingSimplifyField(SIMPLIFY_KEEPS.project!),
	],
});
