import type { IDataObject, ILoadOptionsFunctions, INodePropertyOptions } from 'n8n-workflow';

import { send, recordsOf } from '../wire';
import { sortedOptions } from './sortedOptions';

type CategoryList = 'personCategories' | 'companyCategories';

async function categoryOptions(
	context: ILoadOptionsFunctions,
	lists: CategoryList[],
): Promise<INodePropertyOptions[]> {
	const body = (
		await send(context, {
			method: 'GET',
			path: '/Category/GetCategories',
			customerIdQuery: 'customerId',
		})
	).body as IDataObject;
	const options = lists.flatMap((list) =>
		recordsOf(body, list).map((category) => ({
			name: String(category.name ?? category.id),
			value: String(category.id),
			description: list === 'personCategories' ? 'Person category' : 'Company category',
		})),
	);
	return sortedOptions(options);
}

/** Person categories of the customer (GET /Category/GetCategories). */
export async function getPersonCategories(
	this: ILoadOptionsFunctions,
): Promise<INodePropertyOptions[]> {
	return await categoryOptions(this, ['personCategories']);
}

export async function getCompanyCategories(
	this: ILoadOptionsFunctions,
): Promise<INodePropertyOptions[]> {
	return await categoryOptions(this, ['companyCategories']);
}
