import type { IExecuteSingleFunctions, IHttpRequestOptions } from 'n8n-workflow';

import { defineOperation, maxSizeField, queryField } from '../../../shared/descriptions';
import { checkMaxSize, inputError, LIMITS } from '../../../shared/rules';
import { requiredQuery } from '../../../shared/steps';

/** The service takes a social number of 10 to 13 characters (800101-1234 to 19800101-1234), counted as sent. */
async function checkMatches(this: IExecuteSingleFunctions, request: IHttpRequestOptions) {
	const { min, max } = LIMITS.socialNumberLength;
	const socialNumber = String(request.qs?.['criteria.socialNumber'] ?? '');
	if (socialNumber.length < min || socialNumber.length > max) {
		throw inputError(
			this,
			`Social Number must have ${min} to ${max} characters; got ${socialNumber.length}`,
			'A personal identity number such as 19800101-1234 or 800101-1234, or an organisation number such as 556677-8899, without spaces.',
		);
	}
	const maxSize = checkMaxSize(
		this.getNode(),
		this.getNodeParameter('maxSize', ''),
		'Max Size',
		this.getItemIndex(),
	);
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
			description:
				'Personal identity number of a person or organisation number of a company: 10 to 13 characters, such as 19800101-1234',
		}),
		maxSizeField(),
	],
});
