import type { IExecuteSingleFunctions, IHttpRequestOptions, INodeProperties } from 'n8n-workflow';

import { agentField, defineOperation, queryField, returnAllFields } from '../../../shared/descriptions';
import { checkDateRange } from '../../../shared/limits';
import { flattenGroups } from '../../helpers/flatten';

const dateFilter = (wireName: string, displayName: string, name: string, description: string): INodeProperties =>
	queryField(wireName, { displayName, name, type: 'dateTime', default: '', description });

/** Date filters go out as UTC ISO 8601, each pair in order. */
async function checkDates(this: IExecuteSingleFunctions, request: IHttpRequestOptions) {
	const node = this.getNode();
	const itemIndex = this.getItemIndex();
	const qs = { ...(request.qs ?? {}) };
	for (const [prefix, label] of [
		['criteria.createdAt', 'Created'],
		['criteria.changedAt', 'Changed'],
	]) {
		const range = checkDateRange(
			node,
			{ from: qs[`${prefix}From`], to: qs[`${prefix}To`], fromField: `${label} After`, toField: `${label} Before`, limit: 'none' },
			itemIndex,
		);
		if (range.from) qs[`${prefix}From`] = range.from;
		else delete qs[`${prefix}From`];
		if (range.to) qs[`${prefix}To`] = range.to;
		else delete qs[`${prefix}To`];
	}
	return { ...request, qs };
}

const filters: INodeProperties = {
	displayName: 'Filters',
	name: 'filters',
	type: 'collection',
	placeholder: 'Add Filter',
	default: {},
	options: [
		queryField('criteria.agentId', agentField({ name: 'agentId' })),
		queryField('criteria.contactScheduledOrderType', {
			displayName: 'Active Service',
			name: 'contactScheduledOrderType',
			type: 'options',
			options: [
				{ name: 'Boneo Search Profile', value: 'BoneoSearchProfile', description: 'Contacts with an active search-profile mailing' },
				{ name: 'Estate Value', value: 'EstateValue', description: 'Contacts with an active estate valuation mailing' },
				{ name: 'Final Prices in Area', value: 'FinalPricesInArea', description: 'Contacts with an active final-prices mailing' },
			],
			default: 'EstateValue',
			description: 'Only contacts with this type of active contact service',
		}),
		dateFilter('criteria.changedAtFrom', 'Changed After', 'changedAtFrom', 'Only contacts changed at or after this time'),
		dateFilter('criteria.changedAtTo', 'Changed Before', 'changedAtTo', 'Only contacts changed at or before this time'),
		dateFilter('criteria.createdAtFrom', 'Created After', 'createdAtFrom', 'Only contacts created at or after this time'),
		dateFilter('criteria.createdAtTo', 'Created Before', 'createdAtTo', 'Only contacts created at or before this time'),
		queryField('criteria.customFieldName', { displayName: 'Custom Field Name', name: 'customFieldName', type: 'string', default: '', description: 'Only contacts that have this custom field' }),
		queryField('criteria.customFieldValue', { displayName: 'Custom Field Value', name: 'customFieldValue', type: 'string', default: '', description: 'Only contacts whose custom field has this value' }),
		queryField('criteria.leadScore', { displayName: 'Lead Score', name: 'leadScore', type: 'number', typeOptions: { minValue: 0, maxValue: 5 }, default: 0, description: 'Only contacts with this many stars' }),
		queryField('criteria.newsletterListId', { displayName: 'Newsletter List ID', name: 'newsletterListId', type: 'string', default: '', description: 'Only contacts on this newsletter list' }),
	],
};

export const listContacts = defineOperation({
	resource: 'contact',
	value: 'list',
	name: 'List',
	action: 'List contacts',
	description: 'List the contacts of the office that match the filters, one item per contact with its type',
	request: {
		method: 'GET',
		path: '/CRM/Contact/{customerId}',
		prepare: [checkDates],
		sendCalls: flattenGroups({ persons: 'Person', companies: 'Company', deceasedEstates: 'DeceasedEstate' }),
	},
	fields: [...returnAllFields(), filters],
});
