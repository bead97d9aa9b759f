import { inputError } from '../../../shared/rules';

import { itemsOfLists } from '../../helpers/sales';
import { defineOperation, estateIdField, queryField } from '../../../shared/descriptions';
import type { RequestStep } from '../../../shared/engine';

const BY = {
	id: { key: 'estateId', label: 'Estate ID' },
	number: { key: 'estateNumber', label: 'Estate Number' },
} as const;

/** The estate is named by its ID or its estate number: the chosen one must be given, and only it is sent. */
const namedEstate: RequestStep = async function (request) {
	const by = this.getNodeParameter('estateBy', 'id') === 'number' ? BY.number : BY.id;
	const qs = { ...(request.qs ?? {}) };
	const value = String(qs[by.key] ?? '').trim();
	if (value === '') {
		throw inputError(this, `${by.label} is required`, 'Give the estate the report is about.');
	}
	delete qs.estateId;
	delete qs.estateNumber;
	return { ...request, qs: { ...qs, [by.key]: value } };
};

export const getSalesReportForEstate = defineOperation({
	resource: 'sales',
	value: 'getForEstate',
	name: 'Get for Estate',
	action: 'Get the sales report for an estate',
	description:
		'How the sale of one estate went: status, starting and final price, commission and the agents sharing it, contract and access days. One item per estate of the report.',
	request: {
		method: 'GET',
		path: '/BusinessIntelligence/GetSalesReportForEstate',
		customerIdQuery: 'customerId',
		preSend: [namedEstate],
		postReceive: [itemsOfLists(['estates'])],
	},
	fields: [
		{
			displayName: 'Find Estate By',
			name: 'estateBy',
			type: 'options',
			options: [
				{ name: 'Estate ID', value: 'id' },
				{
					name: 'Estate Number',
					value: 'number',
					description: 'The number the office shows on documents and adverts',
				},
			],
			default: 'id',
		},
		queryField('estateId', {
			...estateIdField('The estate the report is about'),
			displayOptions: { show: { estateBy: ['id'] } },
		}),
		queryField('estateNumber', {
			displayName: 'Estate Number',
			name: 'estateNumber',
			type: 'string',
			default: '',
			required: true,
			placeholder: '30011-0017',
			description: 'The estate the report is about',
			displayOptions: { show: { estateBy: ['number'] } },
		}),
	],
});
