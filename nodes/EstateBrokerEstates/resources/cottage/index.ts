import type { ResourceDefinition } from '../../../shared/descriptions';
import { createCottage } from './create';
import { updateCottage } from './update';

export const cottageResource: ResourceDefinition = {
	name: 'Cottage',
	value: 'cottage',
	description: 'Houses and holiday homes on their own plot',
	operations: [createCottage, updateCottage],
};
