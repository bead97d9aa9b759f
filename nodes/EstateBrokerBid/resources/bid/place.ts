import { defineOperation } from '../../../shared/descriptions';
import { bidDataFields, bidderIdField, bidPlacement, estateIdField } from '../../helpers/bidFields';

export const placeBid = defineOperation({
	resource: 'bid',
	value: 'place',
	name: 'Place',
	action: 'Place a bid',
	description:
		'Register a bid by a contact on a property. The item is the stored bid with its new ID.',
	request: bidPlacement('/CRM/Bid/{customerId}/{estateId}/{contactId}', 'BidData'),
	fields: [estateIdField, bidderIdField, ...bidDataFields],
});
