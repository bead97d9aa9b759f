import { defineOperation, returnAllFields } from '../../../shared/descriptions';
import type { AnswerStep } from '../../../shared/engine';
import { flattenGroups } from '../../helpers/flatten';

const oneItemPerCategory = flattenGroups({
	personCategories: 'Person',
	companyCategories: 'Company',
});

/** Categories of the chosen kind only (both by default). */
const categoriesOfKind: AnswerStep = async function (items) {
	const kind = this.getNodeParameter('appliesTo', 'all') as string;
	return kind === 'all' ? items : items.filter((item) => item.json.type === kind);
};

export const getAllCategories = defineOperation({
	resource: 'category',
	value: 'getAll',
	name: 'Get Many',
	action: 'Get many categories',
	description:
		'Get the categories contacts can be sorted into, one item per category with its type',
	request: {
		method: 'GET',
		path: '/Category/GetCategories',
		customerIdQuery: 'customerId',
		postReceive: [oneItemPerCategory, categoriesOfKind],
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
