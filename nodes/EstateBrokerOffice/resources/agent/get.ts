import {
	defineOperation,
	listingIdField,
	listingSimplifyField,
	pictureOptionsField,
} from '../../../shared/descriptions';
import { LISTINGS, SIMPLIFY_KEEPS } from '../../../shared/listings';
import { listingGet } from '../../../shared/steps';

export const getAgent = defineOperation({
	resource: 'agent',
	value: 'get',
	name: 'Get',
	action: 'Get an agent',
	description:
		'Read one agent as the office shows them on its website: name, title, email, phones, offices, reviews; the portrait as binary data on request',
	request: {
		method: 'GET',
		path: LISTINGS.agent.record,
		pathLabels: { [LISTINGS.agent.idName]: 'Agent' },
		pagination: listingGet('agent', { pictures: true }),
	},
	fields: [
		listingIdField('agent'),
		listingSimplifyField(SIMPLIFY_KEEPS.agent!),
		pictureOptionsField('agent'),
	],
});
