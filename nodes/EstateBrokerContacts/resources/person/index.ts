import { defineResource } from '../../../shared/descriptions';
import { getPerson } from './get';
import { getManyPersons } from './getMany';
import { upsertPerson } from './upsert';

export const person = defineResource('Person', 'A private person in the contact register', [upsertPerson, getPerson, getManyPersons], upsertPerson.option.value as string);
