import type { IExecuteSingleFunctions, IHttpRequestOptions } from 'n8n-workflow';

import { defineOperation, queryField } from '../../../shared/descriptions';
import { checkDateRange } from '../../../shared/limits';

async function checkDates(this: IExecuteSingleFunctions, request: IHttpRequestOptions) {
	const qs = { ...(request.qs ?? {}) };
	const range = checkDateRange(
		this.getNode(),
		{ from: qs.dateFrom, to: qs.dateTo, fromField: 'From', toField: 'To', limit: 'none' },
		this.getItemIndex(),
	);
	delete qs.dateFrom;
	delete qs.dateTo;
	return { ...request, qs: { ...qs, ...(range.from ? { dateFrom: range.from } : {}), ...(range.to ? { dateTo: range.to } : {}) } };
}

export const getPresentAccommodationStatistics = defineOperation({
	resource: 'presentAccommodation',
	value: 'getStatistics',
	name: 'Get Statistics',
	action: 'Get present accommodation statistics',
	description: 'Get statistics on what speculators told about their present accommodation on sold properties',
	request: {
		method: 'GET',
		path: '/CRM/Contact/{customerId}/PresentAccomodation/Statistics',
		prepare: [checkDates],
	},
	fields: [
		{
			displayName: 'Filters',
			name: 'filters',
			type: 'collection',
			placeholder: 'Add Filter',
			default: {},
			options: [
				queryField('userId', {
					displayName: 'Agent Name or ID',
					name: 'userId',
					type: 'options',
					typeOptions: { loadOptionsMethod: 'getUsers' },
					default: '',
					description: 'Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>',
				}),
				queryField('dateFrom', { displayName: 'From', name: 'dateFrom', type: 'dateTime', default: '', description: 'Start of the period' }),
				queryField('dateTo', { displayName: 'To', name: 'dateTo', type: 'dateTime', default: '', description: 'End of the period' }),
			],
		},
	],
});
