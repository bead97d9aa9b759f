import { defineResource } from '../../../shared/descriptions';
import { getCompany } from './get';
import { getManyCompanies } from './getMany';
import { upsertCompany } from './upsert';

export const company = defineResource('Company', 'A company in the contact register', [upsertCompany, getCompany, getManyCompanies], upsertCompany.option.value as string);
