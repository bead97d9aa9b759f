import type { IExecuteSingleFunctions, IHttpRequestOptions, INodeExecutionData } from 'n8n-workflow';

import { defineOperation, returnAllFields } from '../../../shared/descriptions';
import type { SendCall } from '../../../shared/transport';
import { flattenGroups } from '../../helpers/flatten';

const oneItemPerCategory = flattenGroups({ personCategories: 'Person', companyCategories: 'Company' });

/** Categories of the chosen kind only (both by default). */
async function categoriesOfKind(this: IExecuteSingleFunctions, request: IHttpRequestOptions, send: SendCall): Promise<INodeExecutionData[]> {
	const kind = this.getNodeParameter('appliesTo', 'all') as string;
	const items = await oneItemPerCategory.call(this, request, send);
	return kind === 'all' ? items : items.filter((item) => item.json.type === kind);
}

export const getAllCategories = defineOperation({
	resource: 'category',
	value: 'getAll',
	name: 'Get Many',
	action: 'Get many categories',
	description: 'Get the categories contacts can be sorted into, one item per category with its type',
	request: {
		method: 'GET',
		path: '/Category/GetCategories',
		customerIdQuery: 'customerId',
		sendCalls: categoriesOfKind,
	},
	fields: [
		{
			displayName: 'Applies To',
			name: 'appliesTo',
			type: 'options',
			options: [
				{ name: 'All', value: 'all', description: 'Person and company categories' },
				{ name: 'Company', value: 'Company', description: 'Company categories only' },
				{ name: 'Person', value: 'Person', description: 'Person categories only' },
			],
			default: 'all',
			description: 'Which kind of contact the categories are for',
		},
		...returnAllFields(),
	],
});
