import type { ResourceDefinition } from '../../../shared/descriptions';
import { createCondominium } from './create';
import { updateCondominium } from './update';

export const condominiumResource: ResourceDefinition = {
	name: 'Condominium',
	value: 'condominium',
	description: 'Flats in a housing cooperative or owned apartments',
	operations: [createCondominium, updateCondominium],
};
