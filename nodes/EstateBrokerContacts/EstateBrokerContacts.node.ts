import { actionNode } from '../shared/descriptions';
import { category } from './resources/category';
import { company } from './resources/company';
import { contact } from './resources/contact';
import { deceasedEstate } from './resources/deceasedEstate';
import { person } from './resources/person';
import { presentAccommodation } from './resources/presentAccommodation';
import { searchProfile } from './resources/searchProfile';
import { speculator } from './resources/speculator';

export class EstateBrokerContacts extends actionNode({
	displayName: 'Estate Broker Contacts',
	name: 'estateBrokerContacts',
	icon: { light: 'file:estateBrokerContacts.svg', dark: 'file:estateBrokerContacts.dark.svg' },
	description:
		'Find, create and update contacts of the brokerage system: persons, companies, housing, search profiles and categories',
	resources: [
		contact,
		person,
		company,
		deceasedEstate,
		presentAccommodation,
		speculator,
		searchProfile,
		category,
	],
}) {}
