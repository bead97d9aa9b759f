import type { INodeType, INodeTypeDescription } from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import {
	customerIdField,
	messageFormatField,
	nodeCustomOperations,
	nodeProperties,
	nodeSubtitle,
	requestOptionsField,
} from '../shared/descriptions';
import { loadOptions } from '../shared/loaders';
import { listSearch } from '../shared/pickers';
import { BROKER_REQUEST_DEFAULTS } from '../shared/engine';
import { category } from './resources/category';
import { company } from './resources/company';
import { contact } from './resources/contact';
import { deceasedEstate } from './resources/deceasedEstate';
import { person } from './resources/person';
import { presentAccommodation } from './resources/presentAccommodation';
import { searchProfile } from './resources/searchProfile';
import { speculator } from './resources/speculator';

const RESOURCES = [
	contact,
	person,
	company,
	deceasedEstate,
	presentAccommodation,
	speculator,
	searchProfile,
	category,
];

export class EstateBrokerContacts implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Estate Broker Contacts',
		name: 'estateBrokerContacts',
		icon: { light: 'file:estateBrokerContacts.svg', dark: 'file:estateBrokerContacts.dark.svg' },
		group: ['transform'],
		version: 1,
		subtitle: nodeSubtitle(RESOURCES),
		description:
			'Find, create and update contacts of the brokerage system: persons, companies, housing, search profiles and categories',
		defaults: { name: 'Estate Broker Contacts' },
		usableAsTool: true,
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'estateBrokerApi', required: true }],
		requestDefaults: BROKER_REQUEST_DEFAULTS,
		properties: [
			...nodeProperties(RESOURCES),
			customerIdField,
			messageFormatField,
			requestOptionsField,
		],
	};

	methods = { loadOptions, listSearch };

	/** Reads by id run once for all items, their ids gathered into calls of 20 (README, "Why Get Many is a custom operation"). */
	customOperations = nodeCustomOperations(RESOURCES);
}
