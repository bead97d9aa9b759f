import { defineResource } from '../../../shared/descriptions';
import { getAllCategories } from './getAll';

export const category = defineResource(
	'Category',
	'Categories that sort contacts (e.g. buyer, seller)',
	[getAllCategories],
	getAllCategories.option.value as string,
);
