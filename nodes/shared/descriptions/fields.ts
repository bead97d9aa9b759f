import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { LIMITS } from '../rules';
import { recordPicker } from '../pickers';
import {
	MAX_ANSWER_SIZE_MB,
	MAX_ANSWER_SIZE_PARAMETER,
	MESSAGE_FORMAT_PARAMETER,
	REQUEST_OPTIONS_PARAMETER,
	TRIGGER_TIMEOUT_MS,
} from '../wire';

/** The months as a dropdown's options, January 1 to December 12 as the service counts them. */
export const MONTH_OPTIONS: INodePropertyOptions[] = [
	'January',
	'February',
	'March',
	'April',
	'May',
	'June',
	'July',
	'August',
	'September',
	'October',
	'November',
	'December',
].map((name, index) => ({ name, value: index + 1 }));

/** Every operation is scoped by a customer id: the node's own, else the credential's default. */
export const customerIdField: INodeProperties = {
	displayName: 'Customer ID',
	name: 'customerId',
	type: 'string',
	default: '',
	placeholder: 'M30011',
	description:
		"Office (M…) or office group (G…) to work in. Leave empty to use the credential's Customer ID.",
};

/** JSON by default; XML for accounts set up for it. Items look the same either way. */
export const messageFormatField: INodeProperties = {
	displayName: 'Message Format',
	name: MESSAGE_FORMAT_PARAMETER,
	type: 'options',
	options: [
		{ name: 'JSON', value: 'json' },
		{
			name: 'XML',
			value: 'xml',
			description: 'PascalCase XML on the wire; items are the same as with JSON',
		},
	],
	default: 'json',
	description: 'Format of the messages exchanged with the service',
};

/** Request Options › Largest Answer to Read (MB): the package's own option, next to n8n's. */
const maxAnswerSizeOption: INodeProperties = {
	displayName: 'Largest Answer to Read (MB)',
	name: MAX_ANSWER_SIZE_PARAMETER,
	type: 'number',
	typeOptions: { minValue: MAX_ANSWER_SIZE_MB.min, maxValue: MAX_ANSWER_SIZE_MB.max },
	// MAX_ANSWER_SIZE_MB.default, written out: n8n's lint reads the default as written.
	default: 128,
	description:
		'The most data the node reads in one answer from the service, in megabytes, as sent and once unpacked; a larger answer fails the request instead of filling the memory of n8n',
};

/**
 * The action nodes' Request Options: n8n's loader adds its own options (Batching, Ignore SSL
 * Issues, Proxy, Timeout) to a collection of this name, so only the package's option is here.
 */
export const requestOptionsField: INodeProperties = {
	displayName: 'Request Options',
	name: REQUEST_OPTIONS_PARAMETER,
	type: 'collection',
	placeholder: 'Add Option',
	default: {},
	options: [maxAnswerSizeOption],
};

/**
 * The trigger's Request Options. n8n's loader gives every action node (declarative) its own
 * Request Options; a polling node gets none, so the trigger offers the same settings, under the
 * same names and defaults, applied the same way (wire/callState.ts). Batching has
 * no meaning for a poll.
 */
export const triggerRequestOptionsField: INodeProperties = {
	displayName: 'Request Options',
	name: REQUEST_OPTIONS_PARAMETER,
	type: 'collection',
	placeholder: 'Add Option',
	default: {},
	options: [
		{
			displayName: 'Ignore SSL Issues (Insecure)',
			name: 'allowUnauthorizedCerts',
			type: 'boolean',
			noDataExpression: true,
			default: false,
			description: 'Whether to connect even if SSL certificate validation is not possible',
		},
		{
			displayName: 'Proxy',
			name: 'proxy',
			type: 'string',
			default: '',
			placeholder: 'e.g. http://myproxy:3128',
			description:
				'HTTP proxy to use. If authentication is required it can be defined as follow: http://username:password@myproxy:3128.',
		},
		{
			displayName: 'Timeout',
			name: 'timeout',
			type: 'number',
			typeOptions: { minValue: 1 },
			default: TRIGGER_TIMEOUT_MS,
			description:
				'Time in ms for the whole answer, body included, before aborting the request; 10000 when this option is not added',
		},
		maxAnswerSizeOption,
	],
};

/** A query parameter whose wire name has dots (criteria.estateId) stays one flat key. */
export function queryField(
	wireName: string,
	field: Omit<INodeProperties, 'routing'>,
): INodeProperties {
	return {
		...field,
		routing: { send: { type: 'query', property: wireName, propertyInDotNotation: false } },
	} as INodeProperties;
}

/** A body field, sent under its camelCase wire name (nested with dots, e.g. telephone.cell). */
export function bodyField(
	wireName: string,
	field: Omit<INodeProperties, 'routing'>,
): INodeProperties {
	return { ...field, routing: { send: { type: 'body', property: wireName } } } as INodeProperties;
}

/** The Filters collection of a list or report: only the filters a user adds are sent. */
export function filtersField(options: INodeProperties[]): INodeProperties {
	return {
		displayName: 'Filters',
		name: 'filters',
		type: 'collection',
		placeholder: 'Add Filter',
		default: {},
		options,
	};
}

/** The Additional Fields collection of a create or update: optional fields of the record. */
export function additionalFieldsField(options: INodeProperties[]): INodeProperties {
	return {
		displayName: 'Additional Fields',
		name: 'additionalFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		options,
	};
}

/** The Options collection of an operation: settings that change how it works, none of them needed. */
export function optionsField(options: INodeProperties[]): INodeProperties {
	return {
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		options,
	};
}

/** Return All / Limit for list operations; the limit cuts the items after the call. */
export function returnAllFields(): INodeProperties[] {
	return [
		{
			displayName: 'Return All',
			name: 'returnAll',
			type: 'boolean',
			default: false,
			description: 'Whether to return all results or only up to a given limit',
		},
		{
			displayName: 'Limit',
			name: 'limit',
			type: 'number',
			typeOptions: { minValue: 1 },
			default: 50,
			description: 'Max number of results to return',
			displayOptions: { show: { returnAll: [false] } },
			routing: { output: { maxResults: '={{$value}}' } },
		},
	];
}

/** criteria.maxSize of the contact searches: 1 to 1000, 50 by default. */
export function maxSizeField(): INodeProperties {
	return queryField('criteria.maxSize', {
		displayName: 'Max Size',
		name: 'maxSize',
		type: 'number',
		typeOptions: { minValue: LIMITS.maxSize.min, maxValue: LIMITS.maxSize.max },
		default: 50,
		description: `Max number of matches the service returns (${LIMITS.maxSize.min} to ${LIMITS.maxSize.max}, ${LIMITS.maxSize.default} by default)`,
	});
}

/** A list of contact ids: one, a comma-separated list, or an expression returning a list. */
export function contactIdsField(
	description = 'Contact IDs, separated by commas, or an expression that returns a list',
): INodeProperties {
	return {
		displayName: 'Contact IDs',
		name: 'contactIds',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'C000001, C000002',
		description,
	};
}

/**
 * An agent (user) of the customer, picked by name from the service's user list, or by ID. The
 * stored name is `userId` unless the operation's is another (agentId); a plain login ID in the
 * stored value runs as it is.
 */
export function agentField(
	field: { name?: string; required?: boolean; hint?: string; description?: string } = {},
): INodeProperties {
	return recordPicker({
		displayName: 'Agent',
		name: field.name ?? 'userId',
		description: field.description ?? 'The agent (a user of the office)',
		searchListMethod: 'searchAgents',
		placeholder: 'HAN126BD4E4523136890F57E2BB7E76FEC6',
		required: field.required ?? false,
		hint: field.hint,
	});
}

/** The contact an operation works on (the {contactId} of its path): picked from a search of the office's contacts, or by ID. */
export function contactIdField(
	description: string,
	kind: 'Contact' | 'Person' | 'Company' | 'Deceased Estate' = 'Contact',
	required = true,
): INodeProperties {
	const searchListMethod = {
		Contact: 'searchContacts',
		Person: 'searchPersons',
		Company: 'searchCompanies',
		'Deceased Estate': 'searchDeceasedEstates',
	}[kind];
	return recordPicker({
		displayName: kind,
		name: 'contactId',
		description,
		searchListMethod,
		placeholder: 'C000123',
		required,
	});
}

/** The property (estate) an operation works on, the {estateId} of its path, or an estate filter (not required): picked from the office's estates, or by ID. */
export function estateIdField(description: string, required = true): INodeProperties {
	return recordPicker({
		displayName: 'Estate',
		name: 'estateId',
		description,
		searchListMethod: 'searchEstates',
		placeholder: 'OBJ40099_2041100042',
		required,
	});
}
