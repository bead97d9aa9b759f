import type { IExecuteSingleFunctions } from 'n8n-workflow';

import { defineOperation } from '../../../shared/descriptions';

export const optOutContactOrder = defineOperation({
	resource: 'contactOrder',
	value: 'optOut',
	name: 'Opt Out',
	action: 'Opt out of a contact order',
	description:
		'Stop a mailing a contact receives (a contact service such as estate value or final prices in the area). Run it on a list of items to opt out of many at once; repeating it is harmless.',
	request: {
		method: 'PUT',
		path: '/Advertising/Message/{customerId}/ContactOrder/{contactOrderId}/OptOut',
		pathLabels: { contactOrderId: 'Contact Order ID' },
		output: {
			kind: 'acknowledge',
			item(this: IExecuteSingleFunctions) {
				return {
					optedOut: true,
					contactOrderId: String(this.getNodeParameter('contactOrderId', '')).trim(),
				};
			},
		},
	},
	// One call per item: run as n8n's custom operation, its fields' routing applied there (engine/eachItem.ts).
	eachItem: { written: 'opt-outs' },
	fields: [
		{
			displayName: 'Contact Order ID',
			name: 'contactOrderId',
			type: 'string',
			default: '',
			required: true,
			placeholder: 'CO00012',
			description: 'The mailing to stop',
		},
	],
});
