import { bodyField, defineOperation } from '../../../shared/descriptions';
import { bidDataFields, bidderIdField, bidPlacement, estateIdField } from '../../helpers/bidFields';

/**
 * VerifiedBidData is not public: the sandbox assumes BidData plus the bidder's identity
 * number, how it was verified and a reference of that verification (sandbox/README.md).
 */
export const placeVerifiedBid = defineOperation({
	resource: 'bid',
	value: 'placeVerified',
	name: 'Place Verified',
	action: 'Place a verified bid',
	description:
		'Register a bid whose bidder proved their identity (e.g. with an electronic ID). The item is the stored bid with its new ID.',
	request: bidPlacement('/CRM/Bid/Verified/{customerId}/{estateId}/{contactId}', 'VerifiedBidData'),
	fields: [
		estateIdField,
		bidderIdField,
		bodyField('socialSecurityNumber', {
			displayName: 'Social Security Number',
			name: 'socialSecurityNumber',
			type: 'string',
			default: '',
			required: true,
			placeholder: '19800101-1234',
			description: "The bidder's personal (or organisation) number, as verified",
		}),
		bodyField('verificationMethod', {
			displayName: 'Verification Method',
			name: 'verificationMethod',
			type: 'string',
			default: 'BankID',
			description: 'How the identity was verified',
		}),
		bodyField('reference', {
			displayName: 'Verification Reference',
			name: 'reference',
			type: 'string',
			default: '',
			description: 'Reference of the verification, e.g. the electronic-ID order reference',
		}),
		...bidDataFields,
	],
});
