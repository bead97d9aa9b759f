import { defineResource } from '../../../shared/descriptions';
import { getEstate } from './get';
import { getAllEstates } from './getAll';

export const estateResource = defineResource(
	'Estate',
	'Published estates: the homes the office markets on its website and portals',
	[getEstate, getAllEstates],
);
