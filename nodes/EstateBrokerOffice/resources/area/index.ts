import type { ResourceDefinition } from '../../../shared/descriptions';
import { getAllAreas } from './getAll';

export const areaResource: ResourceDefinition = {
	name: 'Area',
	value: 'area',
	description: 'Districts the office works in, with their outlines',
	operations: [getAllAreas],
};
