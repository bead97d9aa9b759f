import { defineResource } from '../../../shared/descriptions';
import { findContactsByPhoneNumber } from './findByPhoneNumber';
import { getContact } from './get';
import { getAllContacts } from './getAll';
import { listContacts } from './list';
import { searchContacts } from './search';
import { searchContactsBySocialNumber } from './searchBySocialNumber';

export const contact = defineResource(
	'Contact',
	'Any contact (person, company or deceased estate): find, list and read',
	[
		getContact,
		getAllContacts,
		listContacts,
		searchContacts,
		searchContactsBySocialNumber,
		findContactsByPhoneNumber,
	],
	searchContacts.option.value as string,
);
