import { listingGetManyOperation } from '../../../shared/descriptions';
import { listingGetAll } from '../../../shared/steps';

export const getAllAgents = listingGetManyOperation('agent', {
	resource: 'agent',
	action: 'Get many agents',
	description:
		'List the agents the office shows on its website (active, public users), each as their whole record or their ID and change time',
	pagination: listingGetAll('agent'),
});
