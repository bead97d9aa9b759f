import type { ResourceDefinition } from '../../../shared/descriptions';
import { findContactsByPhoneNumber } from './findByPhoneNumber';
import { getContact } from './get';
import { getManyContacts } from './getMany';
import { listContacts } from './list';
import { searchContacts } from './search';
import { searchContactsBySocialNumber } from './searchBySocialNumber';

export const contact: ResourceDefinition = {
	name: 'Contact',
	value: 'contact',
	description: 'Any contact (person, company or deceased estate): find, list and read',
	operations: [getContact, getManyContacts, listContacts, searchContacts, searchContactsBySocialNumber, findContactsByPhoneNumber],
	defaultOperation: searchContacts.option.value as string,
};
