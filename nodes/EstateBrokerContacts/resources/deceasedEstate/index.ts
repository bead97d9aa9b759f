import { defineResource } from '../../../shared/descriptions';
import { getDeceasedEstate } from './get';
import { getAllDeceasedEstates } from './getAll';

export const deceasedEstate = defineResource(
	'Deceased Estate',
	'The estate of a deceased person, handled as a contact',
	[getDeceasedEstate, getAllDeceasedEstates],
	getDeceasedEstate.option.value as string,
);
