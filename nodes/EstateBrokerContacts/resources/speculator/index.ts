import { defineResource } from '../../../shared/descriptions';
import { getSpeculator } from './get';
import { getManySpeculators } from './getMany';

export const speculator = defineResource('Speculator', "Speculator (Swedish spekulant): a prospective buyer. Here: a contact's interest in properties", [getSpeculator, getManySpeculators], getSpeculator.option.value as string);
