import { defineResource } from '../../../shared/descriptions';
import { getAllAreas } from './getAll';

export const areaResource = defineResource(
	'Area',
	'Districts the office works in, with their outlines',
	[getAllAreas],
);
