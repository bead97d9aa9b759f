import { defineOperation } from '../../../shared/descriptions';
import { bidDataFields, bidDataSteps, bidderIdField, estateIdField, readBackPlacedBid } from '../../helpers/bidFields';

export const placeBid = defineOperation({
	resource: 'bid',
	value: 'place',
	name: 'Place',
	action: 'Place a bid',
	description: 'Register a bid by a contact on a property. The item is the stored bid with its new ID.',
	request: {
		method: 'POST',
		path: '/CRM/Bid/{customerId}/{estateId}/{contactId}',
		pathLabels: { estateId: 'Estate ID', contactId: 'Contact ID' },
		bodyRoot: 'BidData',
		preSend: bidDataSteps,
		postReceive: [readBackPlacedBid],
		output: { kind: 'value', key: 'bidId' },
	},
	fields: [estateIdField, bidderIdField, ...bidDataFields],
});
