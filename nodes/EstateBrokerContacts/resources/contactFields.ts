import type { INodeProperties } from 'n8n-workflow';

import {
	additionalFieldsField,
	agentField as sharedAgentField,
	bodyField,
	coordinateParameter,
} from '../../shared/descriptions';
import { recordPicker } from '../../shared/pickers';

/**
 * Fields persons and companies share (docs/spec/models.md: UpdatePerson, UpdateCompany). Each
 * upsert puts its identifying fields on top and these under Additional Fields.
 */

export type ContactKind = 'person' | 'company';

export function matchingContactIdField(kind: ContactKind): INodeProperties {
	return bodyField(
		'contactId',
		recordPicker({
			displayName: kind === 'person' ? 'Person to Update' : 'Company to Update',
			name: 'contactId',
			required: false,
			searchListMethod: kind === 'person' ? 'searchPersons' : 'searchCompanies',
			placeholder: 'C000123',
			description: `The ${kind} to update. When given, that ${kind} is updated and no other match is tried; left empty, the rules below find or create one.`,
		}),
	);
}

/** The model's email is { emailAddress, emailAddress2 }. */
export const emailField: INodeProperties = bodyField('email.emailAddress', {
	displayName: 'Email',
	name: 'email',
	type: 'string',
	default: '',
	placeholder: 'name@email.com',
	description: 'Email address; also used to find an existing contact',
});

const secondEmailField: INodeProperties = bodyField('email.emailAddress2', {
	displayName: 'Second Email',
	name: 'emailAddress2',
	type: 'string',
	default: '',
	placeholder: 'name@email.com',
	description: 'Another email address of the contact',
});

function phoneField(name: string, displayName: string, description: string): INodeProperties {
	return bodyField(name, { displayName, name, type: 'string', default: '', description });
}

export const phoneFields = {
	cellPhone: phoneField('cellPhone', 'Mobile Phone', 'Mobile phone number'),
	otherPhone: phoneField('otherPhone', 'Other Phone', 'Any other phone number'),
	telePhone: phoneField('telePhone', 'Home Phone', 'Home (landline) phone number'),
	workPhone: phoneField('workPhone', 'Work Phone', 'Work phone number'),
};

export const addressField: INodeProperties = {
	displayName: 'Address',
	name: 'address',
	type: 'fixedCollection',
	default: {},
	placeholder: 'Add Address',
	options: [
		{
			displayName: 'Address',
			name: 'value',
			values: [
				bodyField('address.city', {
					displayName: 'City',
					name: 'city',
					type: 'string',
					default: '',
				}),
				bodyField('address.countryCode', {
					displayName: 'Country Code',
					name: 'countryCode',
					type: 'string',
					default: 'SE',
					description: 'Two-letter country code (ISO 3166-1), e.g. NO; may be left out for Sweden',
				}),
				bodyField('address.streetAddress', {
					displayName: 'Street Address',
					name: 'streetAddress',
					type: 'string',
					default: '',
				}),
				bodyField('address.zipCode', {
					displayName: 'Zip Code',
					name: 'zipCode',
					type: 'string',
					default: '',
				}),
			],
		},
	],
};

/**
 * A contact's or a present accommodation's WGS 84 point, sent as `coordinate` with the names of
 * the record's model: `latitud`/`longitud` in UpdatePerson and UpdateCompany,
 * `latitude`/`longitude` in CrmPresentAccomodation.
 */
export function coordinateField(
	latitude: 'latitud' | 'latitude',
	longitude: 'longitud' | 'longitude',
): INodeProperties {
	return {
		displayName: 'Coordinate',
		name: 'coordinate',
		type: 'fixedCollection',
		default: {},
		placeholder: 'Add Coordinate',
		options: [
			{
				displayName: 'Coordinate',
				name: 'value',
				values: [
					bodyField(`coordinate.${latitude}`, coordinateParameter('latitude', latitude)),
					bodyField(`coordinate.${longitude}`, coordinateParameter('longitude', longitude)),
				],
			},
		],
	};
}

/** The service takes one custom field per call ({ name, value }); built by the body step (helpers/contactBody). */
const customFieldField: INodeProperties = {
	displayName: 'Custom Field',
	name: 'customField',
	type: 'fixedCollection',
	default: {},
	placeholder: 'Add Custom Field',
	options: [
		{
			displayName: 'Field',
			name: 'field',
			values: [
				{
					displayName: 'Name',
					name: 'name',
					type: 'string',
					default: '',
					description: 'Name of the custom field, e.g. Källa',
				},
				{ displayName: 'Value', name: 'value', type: 'string', default: '' },
			],
		},
	],
};

function categoriesField(kind: ContactKind): INodeProperties {
	return bodyField('categoryIds', {
		displayName: 'Category Names or IDs',
		name: 'categoryIds',
		type: 'multiOptions',
		typeOptions: {
			loadOptionsMethod: kind === 'person' ? 'getPersonCategories' : 'getCompanyCategories',
		},
		default: [],
		description:
			'Choose from the list, or specify IDs using an <a href="https://docs.n8n.io/code/expressions/">expression</a>',
	});
}

export const agentField: INodeProperties = bodyField('userId', sharedAgentField());

/** Fields only a person has (UpdateCompany lacks them). */
export const personOnlyFields: INodeProperties[] = [
	bodyField('approval', {
		displayName: 'Approval',
		name: 'approval',
		type: 'boolean',
		default: false,
		description: 'Whether the contact has approved being stored and contacted',
	}),
	bodyField('approvalDate', {
		displayName: 'Approval Date',
		name: 'approvalDate',
		type: 'dateTime',
		default: '',
		description: 'When the approval was given',
	}),
	bodyField('gdprApprovalDate', {
		displayName: 'GDPR Approval Date',
		name: 'gdprApprovalDate',
		type: 'dateTime',
		default: '',
		description: 'When the contact accepted the privacy terms',
	}),
	bodyField('isForeignSocialSecurityNumber', {
		displayName: 'Foreign Personal Number',
		name: 'isForeignSocialSecurityNumber',
		type: 'boolean',
		default: false,
		description: 'Whether the social security (personal identity) number was issued abroad',
	}),
	bodyField('obtainThrough', {
		displayName: 'Obtained Through',
		name: 'obtainThrough',
		type: 'options',
		options: [
			{ name: 'Agreement', value: 'Agreement' },
			{ name: 'Email', value: 'Email' },
			{ name: 'Interest Application', value: 'Interest' },
			{ name: 'Not Asked', value: 'NotAsked' },
			{ name: 'Other', value: 'Other' },
			{ name: 'Phone', value: 'Phone' },
			{ name: 'Visit', value: 'Visit' },
		],
		default: 'Interest',
		description: 'How the contact was informed of how their data is kept',
	}),
];

const sharedFields: INodeProperties[] = [
	addressField,
	coordinateField('latitud', 'longitud'),
	customFieldField,
	bodyField('leadScore', {
		displayName: 'Lead Score',
		name: 'leadScore',
		type: 'number',
		typeOptions: { minValue: 0, maxValue: 5 },
		default: 0,
		description: 'Stars from 0 to 5',
	}),
	bodyField('note', {
		displayName: 'Note',
		name: 'note',
		type: 'string',
		typeOptions: { rows: 3 },
		default: '',
	}),
	secondEmailField,
	bodyField('task', {
		displayName: 'Task (JSON)',
		name: 'task',
		type: 'json',
		default: '{}',
		description: 'A follow-up task for the agent, as the service expects it',
	}),
	agentField,
	bodyField('wishAdvertising', {
		displayName: 'Wants Advertising',
		name: 'wishAdvertising',
		type: 'boolean',
		default: false,
		description: 'Whether the contact wants to receive advertising',
	}),
];

/** Additional Fields of a person or company upsert: the shared fields plus the kind's own, sorted by name. */
export function additionalContactFields(
	kind: ContactKind,
	own: INodeProperties[],
): INodeProperties {
	return additionalFieldsField(
		[...sharedFields, categoriesField(kind), ...own].sort((a, b) =>
			a.displayName.localeCompare(b.displayName),
		),
	);
}
