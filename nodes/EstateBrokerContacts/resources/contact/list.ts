import type { INodeProperties } from 'n8n-workflow';

import {
	agentField,
	defineOperation,
	filtersField,
	queryField,
	returnAllFields,
} from '../../../shared/descriptions';
import { dateRangeQuery } from '../../../shared/steps';
import { flattenGroups } from '../../helpers/flatten';
import { simplify } from '../../helpers/simplify';
import {
	returnFullRecordsField,
	simplifyOfWholeRecords,
	wholeRecords,
} from '../../helpers/wholeRecords';

const dateFilter = (
	wireName: string,
	displayName: string,
	name: string,
	description: string,
): INodeProperties =>
	queryField(wireName, { displayName, name, type: 'dateTime', default: '', description });

/** Each pair of date filters checked in order and sent as UTC ISO 8601. */
const checkDates = [
	['criteria.createdAt', 'Created'],
	['criteria.changedAt', 'Changed'],
].map(([prefix, label]) =>
	dateRangeQuery({
		fromKey: `${prefix}From`,
		toKey: `${prefix}To`,
		fromField: `${label} After`,
		toField: `${label} Before`,
		limit: 'none',
	}),
);

const filters: INodeProperties = filtersField([
	queryField('criteria.agentId', agentField({ name: 'agentId' })),
	queryField('criteria.contactScheduledOrderType', {
		displayName: 'Active Service',
		name: 'contactScheduledOrderType',
		type: 'options',
		options: [
			{
				name: 'Boneo Search Profile',
				value: 'BoneoSearchProfile',
				description: 'Contacts with an active search-profile mailing',
			},
			{
				name: 'Estate Value',
				value: 'EstateValue',
				description: 'Contacts with an active estate valuation mailing',
			},
			{
				name: 'Final Prices in Area',
				value: 'FinalPricesInArea',
				description: 'Contacts with an active final-prices mailing',
			},
		],
		default: 'EstateValue',
		description: 'Only contacts with this type of active contact service',
	}),
	dateFilter(
		'criteria.changedAtFrom',
		'Changed After',
		'changedAtFrom',
		'Only contacts changed at or after this time',
	),
	dateFilter(
		'criteria.changedAtTo',
		'Changed Before',
		'changedAtTo',
		'Only contacts changed at or before this time',
	),
	dateFilter(
		'criteria.createdAtFrom',
		'Created After',
		'createdAtFrom',
		'Only contacts created at or after this time',
	),
	dateFilter(
		'criteria.createdAtTo',
		'Created Before',
		'createdAtTo',
		'Only contacts created at or before this time',
	),
	queryField('criteria.customFieldName', {
		displayName: 'Custom Field Name',
		name: 'customFieldName',
		type: 'string',
		default: '',
		description: 'Only contacts that have this custom field',
	}),
	queryField('criteria.customFieldValue', {
		displayName: 'Custom Field Value',
		name: 'customFieldValue',
		type: 'string',
		default: '',
		description: 'Only contacts whose custom field has this value',
	}),
	queryField('criteria.leadScore', {
		displayName: 'Lead Score',
		name: 'leadScore',
		type: 'number',
		typeOptions: { minValue: 0, maxValue: 5 },
		default: 0,
		description: 'Only contacts with this many stars',
	}),
	queryField('criteria.newsletterListId', {
		displayName: 'Newsletter List ID',
		name: 'newsletterListId',
		type: 'string',
		default: '',
		description: 'Only contacts on this newsletter list',
	}),
]);

export const listContacts = defineOperation({
	resource: 'contact',
	value: 'list',
	name: 'List',
	action: 'List contacts',
	description:
		'List the contacts of the office that match the filters, one item per contact: the whole record, or its ID, type and change time',
	request: {
		method: 'GET',
		path: '/CRM/Contact/{customerId}',
		preSend: checkDates,
		postReceive: [
			flattenGroups({ persons: 'Person', companies: 'Company', deceasedEstates: 'DeceasedEstate' }),
			wholeRecords,
			simplify,
		],
	},
	fields: [...returnAllFields(), returnFullRecordsField, simplifyOfWholeRecords, filters],
});
