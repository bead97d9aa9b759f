import { defineResource } from '../../../shared/descriptions';
import { getSpeculator } from './get';
import { getAllSpeculators } from './getAll';

export const speculator = defineResource(
	'Speculator',
	"Speculator (Swedish spekulant): a prospective buyer. Here: a contact's interest in properties",
	[getSpeculator, getAllSpeculators],
	getSpeculator.option.value as string,
);
