/**
 * Record pickers (resource locators) and the searches behind their lists. Spread `listSearch`
 * into a node's `methods.listSearch`. May import: loaders, listings, wire, account, rules.
 */
import { searchAgents } from './agents';
import { searchAreas, searchFocusAreas } from './areas';
import { searchBids } from './bids';
import { searchCompanies, searchContacts, searchDeceasedEstates, searchPersons } from './contacts';
import { searchEstates } from './estates';
import {
	searchListedAgents,
	searchListedOffices,
	searchPublishedAreas,
	searchPublishedEstates,
	searchPublishedProjects,
} from './listings';
import { searchOffices } from './offices';

export { bidEntry } from './bids';
export { contactEntry, contactRecords, type ContactType } from './contacts';
export { estateEntry, responsibleAgent } from './estates';
export { recordPicker } from './recordPicker';

export const listSearch = {
	searchAgents,
	searchAreas,
	searchBids,
	searchCompanies,
	searchContacts,
	searchDeceasedEstates,
	searchEstates,
	searchFocusAreas,
	searchListedAgents,
	searchListedOffices,
	searchOffices,
	searchPersons,
	searchPublishedAreas,
	searchPublishedEstates,
	searchPublishedProjects,
};
