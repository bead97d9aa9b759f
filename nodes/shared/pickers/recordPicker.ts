import type { INodeProperties } from 'n8n-workflow';

/**
 * What By ID accepts: one ID, without spaces or commas (a list of IDs goes in an IDs field).
 * The service's IDs are opaque, so nothing more is asked of them. Empty passes: an optional
 * picker may stay empty, and n8n names a required one that is.
 */
const ONE_ID = '[^\\s,]*';

export interface RecordPickerField {
	displayName: string;
	name: string;
	description: string;
	searchListMethod: string;
	/** An ID of the kind, shown in By ID (C000123). */
	placeholder: string;
	/** True unless said otherwise: a filter or an additional field is optional. */
	required?: boolean;
	hint?: string;
}

/** "an estate", "an agent", "a bid": the article the sound of the word asks for. */
export function withArticle(noun: string): string {
	return `${/^[aeio]/i.test(noun) ? 'an' : 'a'} ${noun}`;
}

/**
 * A record picker (n8n's resource locator): From list, searched through the service, by
 * default; By ID for an ID at hand or from an expression. A plain ID in the field's stored
 * value (typed, or a dropdown's value) works as well: n8n passes a plain value through, and
 * the operations read it with pickedValue.
 */
export function recordPicker(field: RecordPickerField): INodeProperties {
	return {
		displayName: field.displayName,
		name: field.name,
		type: 'resourceLocator',
		default: { mode: 'list', value: '' },
		required: field.required ?? true,
		description: field.description,
		...(field.hint ? { hint: field.hint } : {}),
		modes: [
			{
				displayName: 'From List',
				name: 'list',
				type: 'list',
				placeholder: `Select ${withArticle(field.displayName.toLowerCase())}...`,
				typeOptions: { searchListMethod: field.searchListMethod, searchable: true },
			},
			{
				displayName: 'By ID',
				name: 'id',
				type: 'string',
				placeholder: field.placeholder,
				validation: [
					{
						type: 'regex',
						properties: {
							regex: ONE_ID,
							errorMessage: `One ${field.displayName.toLowerCase()} ID, without spaces or commas (e.g. ${field.placeholder})`,
						},
					},
				],
			},
		],
	};
}
