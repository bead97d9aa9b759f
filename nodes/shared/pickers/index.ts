/**
 * Record pickers (resource locators) and the searches behind their lists. Spread `listSearch`
 * into a node's `methods.listSearch`.
 */
import { searchBids } from './bids';
import { searchCompanies, searchContacts, searchDeceasedEstates, searchPersons } from './contacts';

export { bidEntry } from './bids';
export { contactEntry } from './contacts';
export { recordPicker } from './fields';

export const listSearch = { searchBids, searchCompanies, searchContacts, searchDeceasedEstates, searchPersons };
