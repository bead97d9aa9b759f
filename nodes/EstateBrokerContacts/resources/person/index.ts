import { defineResource } from '../../../shared/descriptions';
import { getPerson } from './get';
import { getAllPersons } from './getAll';
import { upsertPerson } from './upsert';

export const person = defineResource(
	'Person',
	'A private person in the contact register',
	[upsertPerson, getPerson, getAllPersons],
	upsertPerson.option.value as string,
);
