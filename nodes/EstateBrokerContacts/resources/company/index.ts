import type { ResourceDefinition } from '../../../shared/descriptions';
import { getCompany } from './get';
import { getManyCompanies } from './getMany';
import { upsertCompany } from './upsert';

export const company: ResourceDefinition = {
	name: 'Company',
	value: 'company',
	description: 'A company in the contact register',
	operations: [upsertCompany, getCompany, getManyCompanies],
	defaultOperation: upsertCompany.option.value as string,
};
