import { defineResource } from '../../../shared/descriptions';
import { getCompany } from './get';
import { getAllCompanies } from './getAll';
import { upsertCompany } from './upsert';

export const company = defineResource(
	'Company',
	'A company in the contact register',
	[upsertCompany, getCompany, getAllCompanies],
	upsertCompany.option.value as string,
);
