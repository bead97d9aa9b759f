import type { IExecuteSingleFunctions, IHttpRequestOptions } from 'n8n-workflow';

import { defineOperation, maxSizeField, queryField } from '../../../shared/descriptions';
import { checkMaxSize, checkSearchTerm } from '../../../shared/rules';
import { simplify } from '../../helpers/simplify';
import {
	returnFullRecordsField,
	simplifyOfWholeRecords,
	wholeRecords,
} from '../../helpers/wholeRecords';

async function checkSearch(this: IExecuteSingleFunctions, request: IHttpRequestOptions) {
	const node = this.getNode();
	const itemIndex = this.getItemIndex();
	const term = checkSearchTerm(node, this.getNodeParameter('term', ''), 'Search Term', itemIndex);
	const maxSize = checkMaxSize(node, this.getNodeParameter('maxSize', ''), 'Max Size', itemIndex);
	return { ...request, qs: { ...request.qs, 'criteria.term': term, 'criteria.maxSize': maxSize } };
}

export const searchContacts = defineOperation({
	resource: 'contact',
	value: 'search',
	name: 'Search',
	action: 'Search contacts',
	description:
		'Find contacts by free text (a name, personal number, email or phone number), one item per contact found: the whole record, or its ID, type and score',
	request: {
		method: 'GET',
		path: '/CRM/Contact/{customerId}/Search',
		preSend: [checkSearch],
		output: { kind: 'records', property: 'matches' },
		postReceive: [wholeRecords, simplify],
	},
	fields: [
		queryField('criteria.term', {
			displayName: 'Search Term',
			name: 'term',
			type: 'string',
			default: '',
			required: true,
			placeholder: 'Andersson',
			description: 'At least 5 characters: a name, personal number, email or phone number',
		}),
		maxSizeField(),
		returnFullRecordsField,
		simplifyOfWholeRecords,
	],
});
