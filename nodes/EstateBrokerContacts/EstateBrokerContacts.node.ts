import type { INodeType, INodeTypeDescription } from 'n8n-workflow';

import { actionNode } from '../shared/descriptions';
import { category } from './resources/category';
import { company } from './resources/company';
import { contact } from './resources/contact';
import { deceasedEstate } from './resources/deceasedEstate';
import { person } from './resources/person';
import { presentAccommodation } from './resources/presentAccommodation';
import { searchProfile } from './resources/searchProfile';
import { speculator } from './resources/speculator';

export class EstateBrokerContacts implements INodeType {
	/** Built for each node n8n makes: its loader changes a description's properties in place. */
	private readonly shared = actionNode([
		contact,
		person,
		company,
		deceasedEstate,
		presentAccommodation,
		speculator,
		searchProfile,
		category,
	]);

	description: INodeTypeDescription = {
		displayName: 'Estate Broker Contacts',
		name: 'estateBrokerContacts',
		icon: { light: 'file:estateBrokerContacts.svg', dark: 'file:estateBrokerContacts.dark.svg' },
		group: ['transform'],
		version: 1,
		subtitle: this.shared.subtitle,
		description:
			'Find, create and update contacts of the brokerage system: persons, companies, housing, search profiles and categories',
		defaults: { name: 'Estate Broker Contacts' },
		usableAsTool: true,
		...this.shared.description,
	};

	methods = this.shared.methods;

	customOperations = this.shared.customOperations;
}
