import type { IExecuteSingleFunctions } from 'n8n-workflow';

import { defineOperation } from '../../../shared/descriptions';
import { bidIdField } from '../../helpers/bidFields';

export const annulBid = defineOperation({
	resource: 'bid',
	value: 'annul',
	name: 'Annul',
	action: 'Annul a bid',
	description:
		'Withdraw a bid so it no longer counts. The item says whether it was annulled now (false when it already was).',
	request: {
		method: 'DELETE',
		path: '/CRM/Bid/{customerId}/{bidId}',
		pathLabels: { bidId: 'Bid ID' },
		output: {
			kind: 'value',
			key: 'annulled',
			extra(this: IExecuteSingleFunctions) {
				return { bidId: String(this.getNodeParameter('bidId', '')).trim() };
			},
		},
	},
	fields: [bidIdField('The bid to annul')],
});
