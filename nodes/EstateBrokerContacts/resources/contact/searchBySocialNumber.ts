import type { IExecuteSingleFunctions, IHttpRequestOptions } from 'n8n-workflow';

import { defineOperation, maxSizeField, queryField } from '../../../shared/descriptions';
import { checkMaxSize } from '../../../shared/rules';
import { requiredQuery } from '../../../shared/steps';

async function checkMatches(this: IExecuteSingleFunctions, request: IHttpRequestOptions) {
	const maxSize = checkMaxSize(this.getNode(), this.getNodeParameter('maxSize', ''), 'Max Size', this.getItemIndex());
	return { ...request, qs: { ...request.qs, 'criteria.maxSize': maxSize } };
}

export const searchContactsBySocialNumber = defineOperation({
	resource: 'contact',
	value: 'searchBySocialNumber',
	name: 'Search by Social Number',
	action: 'Search contacts by social number',
	description: 'Find contacts by personal identity number or organisation number',
	request: {
		method: 'GET',
		path: '/CRM/Contact/{customerId}/search/SocialNumber',
		preSend: [requiredQuery({ 'criteria.socialNumber': 'Social Number' }), checkMatches],
		output: { kind: 'records', property: 'matches' },
	},
	fields: [
		queryField('criteria.socialNumber', {
			displayName: 'Social Number',
			name: 'socialNumber',
			type: 'string',
			default: '',
			required: true,
			placeholder: '19800101-1234',
			description: 'Personal identity number of a person or organisation number of a company',
		}),
		maxSizeField(),
	],
});
