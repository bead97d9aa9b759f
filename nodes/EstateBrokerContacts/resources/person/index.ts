import type { ResourceDefinition } from '../../../shared/descriptions';
import { getPerson } from './get';
import { getManyPersons } from './getMany';
import { upsertPerson } from './upsert';

export const person: ResourceDefinition = {
	name: 'Person',
	value: 'person',
	description: 'A private person in the contact register',
	operations: [upsertPerson, getPerson, getManyPersons],
	defaultOperation: upsertPerson.option.value as string,
};
