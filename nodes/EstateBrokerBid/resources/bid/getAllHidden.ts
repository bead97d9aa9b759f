import { defineOperation } from '../../../shared/descriptions';
import { bidListFields, bidListRequest } from '../../helpers/bidList';

export const getAllHiddenBids = defineOperation({
	resource: 'bid',
	value: 'getAllHidden',
	name: 'Get Many Hidden',
	action: 'Get many hidden bids, newest first',
	description:
		'List the hidden bids (those not shown to other bidders), newest first, optionally only those on one property or by one contact',
	request: bidListRequest('/CRM/HiddenBids/{customerId}'),
	fields: bidListFields(),
});
