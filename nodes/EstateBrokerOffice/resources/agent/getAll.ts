import {
	defineOperation,
	listingFiltersField,
	listingSimplifyField,
	pictureOptionsField,
	returnAllFields,
	returnFullRecordsOf,
} from '../../../shared/descriptions';
import { LISTINGS, SIMPLIFY_KEEPS } from '../../../shared/listings';
import { listingGetAll } from '../../../shared/steps';

/** Shown with Return Full Records only: a list row is an ID and a change time. */
const WHOLE = { show: { returnFullRecords: [true] } };

export const getAllAgents = defineOperation({
	resource: 'agent',
	value: 'getAll',
	name: 'Get Many',
	action: 'Get many agents',
	description:
		'List the agents the office shows on its website (active, public users), each as their whole record or their ID and change time',
	request: {
		method: 'GET',
		path: LISTINGS.agent.list,
		pagination: listingGetAll('agent', { pictures: true }),
	},
	fields: [
		...returnAllFields(),
		returnFullRecordsOf('agent'),
		listingSimplifyField(SIMPLIFY_KEEPS.agent!, WHOLE.show),
		listingFiltersField('agent'),
		pictureOptionsField('agent', WHOLE.show),
	],
});
