import { defineResource } from '../../../shared/descriptions';
import { createCottage } from './create';
import { updateCottage } from './update';

export const cottageResource = defineResource(
	'Cottage',
	'Houses and holiday homes on their own plot',
	[createCottage, updateCottage],
);
