import { defineResource } from '../../../shared/descriptions';
import { getDeceasedEstate } from './get';
import { getManyDeceasedEstates } from './getMany';

export const deceasedEstate = defineResource('Deceased Estate', 'The estate of a deceased person, handled as a contact', [getDeceasedEstate, getManyDeceasedEstates], getDeceasedEstate.option.value as string);
