import type { ResourceDefinition } from '../../../shared/descriptions';
import { getDeceasedEstate } from './get';
import { getManyDeceasedEstates } from './getMany';

export const deceasedEstate: ResourceDefinition = {
	name: 'Deceased Estate',
	value: 'deceasedEstate',
	description: 'The estate of a deceased person, handled as a contact',
	operations: [getDeceasedEstate, getManyDeceasedEstates],
	defaultOperation: getDeceasedEstate.option.value as string,
};
