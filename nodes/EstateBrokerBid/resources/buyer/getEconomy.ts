import type { INodeProperties } from 'n8n-workflow';

import { contactIdField, defineOperation, estateIdField } from '../../../shared/descriptions';

const buyerFields: INodeProperties[] = [
	contactIdField('The buyer'),
	estateIdField('The property the buyer is buying or bidding on'),
];

export const getBuyerEconomy = defineOperation({
	resource: 'buyer',
	value: 'getEconomy',
	name: 'Get Economy',
	action: "Get a buyer's economy",
	description:
		"Read a buyer's bank (name, clearing and account number) and insurance company for a property",
	request: {
		method: 'GET',
		path: '/CRM/Buyer/{customerId}/{contactId}/Estate/{estateId}/Economy',
		pathLabels: { contactId: 'Contact ID', estateId: 'Estate ID' },
	},
	fields: buyerFields,
});
