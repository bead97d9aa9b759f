import type {
	IDataObject,
	IExecuteSingleFunctions,
	IHttpRequestOptions,
	INodeProperties,
} from 'n8n-workflow';

import { isBlank, pickedValue, textOrNumber } from './values';

/** Field types whose value n8n's routing sends as it is: one text, number or choice (a record picker: the ID it holds). */
const SCALAR_TYPES = new Set([
	'string',
	'number',
	'options',
	'dateTime',
	'boolean',
	'color',
	'hidden',
	'resourceLocator',
]);

interface SentField {
	/** Parameter name, then the option name inside a collection. */
	path: [string] | [string, string];
	label: string;
	list: boolean;
	booleans: boolean;
}

function sentAs(property: INodeProperties): boolean {
	const type = property.routing?.send?.type;
	return (
		(type === 'query' || type === 'body') &&
		(SCALAR_TYPES.has(property.type) || property.type === 'multiOptions')
	);
}

function entry(property: INodeProperties, path: SentField['path'], label: string): SentField {
	return {
		path,
		label,
		list: property.type === 'multiOptions',
		booleans: property.type === 'boolean',
	};
}

/** The fields of an operation that n8n's routing puts in the query or body, with their labels. */
function sentFields(fields: INodeProperties[]): SentField[] {
	return fields.flatMap((field) => {
		if (sentAs(field)) return [entry(field, [field.name], field.displayName)];
		if (field.type !== 'collection') return [];
		return ((field.options ?? []) as INodeProperties[])
			.filter(sentAs)
			.map((option) =>
				entry(option, [field.name, option.name], `${field.displayName} › ${option.displayName}`),
			);
	});
}

/**
 * A preSend step: every field n8n's routing sends in the query or body as it is holds text or
 * a number (a list of them for a multi-select), checked before anything is sent. Fields the
 * operation's own steps build are checked by those steps.
 */
export function sentFieldsStep(fields: INodeProperties[]) {
	const checked = sentFields(fields);
	return async function (
		this: IExecuteSingleFunctions,
		request: IHttpRequestOptions,
	): Promise<IHttpRequestOptions> {
		for (const field of checked) {
			const [name, option] = field.path;
			// A field hidden for this item's other choices is absent: null, not n8n's "Could not get parameter".
			const raw = this.getNodeParameter(name, null) as unknown;
			const given =
				option === undefined
					? raw
					: raw && typeof raw === 'object'
						? (raw as IDataObject)[option]
						: undefined;
			const value = pickedValue(given);
			if (isBlank(value) && !Array.isArray(value)) continue;
			for (const part of field.list && Array.isArray(value) ? value : [value])
				textOrNumber(this, part, field.label, undefined, field.booleans);
		}
		return request;
	};
}
