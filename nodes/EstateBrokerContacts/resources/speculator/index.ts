import { defineResource } from '../../../shared/descriptions';
import { getSpeculator } from './get';
import { getManySpeculators } from './getMany';

export const speculator = defineResource('Speculator', "A contact's interest in properties as a prospective buyer", [getSpeculator, getManySpeculators], getSpeculator.option.value as string);
