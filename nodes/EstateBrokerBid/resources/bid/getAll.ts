import { defineOperation } from '../../../shared/descriptions';
import { bidListFields, bidListRequest } from '../../helpers/bidList';

export const getAllBids = defineOperation({
	resource: 'bid',
	value: 'getAll',
	name: 'Get Many',
	action: 'Get many visible bids, newest first',
	description:
		'List the visible bids, newest first, optionally only those on one property or by one contact. Annulled bids are not listed.',
	request: bidListRequest('/CRM/Bids/{customerId}'),
	fields: bidListFields(),
});
