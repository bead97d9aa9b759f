import type { ResourceDefinition } from '../../../shared/descriptions';
import { getAllCategories } from './getAll';

export const category: ResourceDefinition = {
	name: 'Category',
	value: 'category',
	description: 'Categories that sort contacts (e.g. buyer, seller)',
	operations: [getAllCategories],
	defaultOperation: getAllCategories.option.value as string,
};
