import { defineOperation } from '../../../shared/descriptions';
import { bidIdField, bidNumbers } from '../../helpers/bidFields';

export const getBid = defineOperation({
	resource: 'bid',
	value: 'get',
	name: 'Get',
	action: 'Get a bid by bid ID',
	description:
		'Read one bid: amount, bidder, property, time, condition and whether it is hidden or annulled',
	request: {
		method: 'GET',
		path: '/CRM/Bid/{customerId}/{bidId}',
		pathLabels: { bidId: 'Bid ID' },
		postReceive: [bidNumbers],
	},
	fields: [bidIdField('The bid to read')],
});
