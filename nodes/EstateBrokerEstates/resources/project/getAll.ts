import {
	defineOperation,
	includeField,
	listingFiltersField,
	listingSimplifyField,
	returnAllFields,
	returnFullRecordsOf,
} from '../../../shared/descriptions';
import { LISTINGS, SIMPLIFY_KEEPS } from '../../../shared/listings';
import { listingGetAll } from '../../../shared/steps';

/** Shown with Return Full Records only: a list row is an ID and a change time. */
const WHOLE = { show: { returnFullRecords: [true] } };

export const getAllProjects = defineOperation({
	resource: 'project',
	value: 'getAll',
	name: 'Get Many',
	action: 'Get many published projects',
	description:
		"List the office's published new-build projects, each as its whole record or its ID and change time",
	request: {
		method: 'GET',
		path: LISTINGS.project.list,
		pagination: listingGetAll('project'),
	},
	fields: [
		...returnAllFields(),
		returnFullRecordsOf('project'),
		{ ...includeField('project'), displayOptions: WHOLE },
		listingSimplifyField(SIMPLIFY_KEEPS.project!, WHOLE.show),
		listingFiltersField('project'),
	],
});
