import type { IDataObject, INodeProperties } from 'n8n-workflow';

import { inputError, numbersOfModel } from '../../shared/rules';
import {
	additionalFieldsField,
	bodyField,
	contactIdField,
	estateIdField as sharedEstateIdField,
} from '../../shared/descriptions';
import { type OperationRequest, type RequestStep } from '../../shared/engine';
import { recordPicker } from '../../shared/pickers';
import { isoDateBodyFields, readBack } from '../../shared/steps';

export function bidIdField(description: string): INodeProperties {
	return recordPicker({
		displayName: 'Bid',
		name: 'bidId',
		description: `${description}. The list shows the bids on the estate chosen, else all visible bids.`,
		searchListMethod: 'searchBids',
		placeholder: 'B000123',
	});
}

export const estateIdField: INodeProperties = sharedEstateIdField('The property the bid is for');

export const bidderIdField: INodeProperties = contactIdField('The contact who bids');

/** BidData (records.md): the amount is text, kept exactly as given; the rest is optional. */
export const bidDataFields: INodeProperties[] = [
	bodyField('amount', {
		displayName: 'Amount',
		name: 'amount',
		type: 'string',
		default: '',
		required: true,
		placeholder: '2450000',
		description: 'The amount bid, sent exactly as written',
	}),
	additionalFieldsField([
		bodyField('alias', {
			displayName: 'Alias',
			name: 'alias',
			type: 'string',
			default: '',
			placeholder: 'Budgivare 3',
			description: 'Name shown to other bidders; the service picks one when left out',
		}),
		bodyField('createdAt', {
			displayName: 'Bid Time',
			name: 'createdAt',
			type: 'dateTime',
			default: '',
			description: 'When the bid was made; now when left out',
		}),
		bodyField('condition', {
			displayName: 'Condition',
			name: 'condition',
			type: 'string',
			default: '',
			placeholder: 'Subject to a loan promise',
			description: 'Condition the bid depends on, if any',
		}),
		bodyField('isHidden', {
			displayName: 'Hidden',
			name: 'isHidden',
			type: 'boolean',
			default: false,
			description: 'Whether the bid is hidden from other bidders',
		}),
	]),
];

/** An expression may give the amount as a number; the service takes it as text. Empty is refused. */
const amountAsText: RequestStep = async function (request) {
	const body = request.body as IDataObject;
	const amount =
		body.amount === undefined || body.amount === null ? '' : String(body.amount).trim();
	if (amount === '') {
		throw inputError(this, 'Amount is required', 'Give the amount of the bid, e.g. 2450000');
	}
	body.amount = amount;
	return request;
};

const bidDataSteps: RequestStep[] = [amountAsText, isoDateBodyFields({ createdAt: 'Bid Time' })];

/** Every bid the node outputs, its amount a number (an IF node compares it; records.md: text on the wire), by the bid's model. */
export const bidNumbers = numbersOfModel('Bid_Bid');

/** Placing answers with the new bid id only; the item is the bid as the service stored it. */
const readBackPlacedBid = readBack({
	answerKey: 'bidId',
	idKey: 'bidId',
	readPath: '/CRM/Bid/{customerId}/{id}',
	what: 'bid',
});

/** Placing a bid, verified or not: the body checked, the new bid read back as the item. */
export function bidPlacement(
	path: string,
	bodyRoot: 'BidData' | 'VerifiedBidData',
): OperationRequest {
	return {
		method: 'POST',
		path,
		pathLabels: { estateId: 'Estate ID', contactId: 'Contact ID' },
		bodyRoot,
		preSend: bidDataSteps,
		postReceive: [readBackPlacedBid, bidNumbers],
		output: { kind: 'value', key: 'bidId' },
	};
}
