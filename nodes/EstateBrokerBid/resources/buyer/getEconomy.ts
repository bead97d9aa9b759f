import type { INodeProperties } from 'n8n-workflow';

import { defineOperation } from '../../../shared/descriptions';

const buyerFields: INodeProperties[] = [
	{
		displayName: 'Contact ID',
		name: 'contactId',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'C000123',
		description: 'The buyer',
	},
	{
		displayName: 'Estate ID',
		name: 'estateId',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'E00042',
		description: 'The property the buyer is buying or bidding on',
	},
];

export const getBuyerEconomy = defineOperation({
	resource: 'buyer',
	value: 'getEconomy',
	name: 'Get Economy',
	action: "Get a buyer's economy",
	description: "Read a buyer's bank and insurance details for a property, with the latest loan promise",
	request: {
		method: 'GET',
		path: '/CRM/Buyer/{customerId}/{contactId}/Estate/{estateId}/Economy',
		pathLabels: { contactId: 'Contact ID', estateId: 'Estate ID' },
	},
	fields: buyerFields,
});
