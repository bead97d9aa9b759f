import type { INodeProperties } from 'n8n-workflow';

/**
 * A record picker (n8n's resource locator): From list, searched through the service, by
 * default; By ID for an ID at hand or from an expression. Saved workflows that hold a plain ID
 * keep working: n8n passes a plain value through, and the operations read the picked value.
 */
export function recordPicker(field: { displayName: string; name: string; description: string; searchListMethod: string; placeholder: string; required?: boolean }): INodeProperties {
	return {
		displayName: field.displayName,
		name: field.name,
		type: 'resourceLocator',
		default: { mode: 'list', value: '' },
		required: field.required ?? true,
		description: field.description,
		modes: [
			{
				displayName: 'From List',
				name: 'list',
				type: 'list',
				placeholder: `Select a ${field.displayName.toLowerCase()}...`,
				typeOptions: { searchListMethod: field.searchListMethod, searchable: true },
			},
			{ displayName: 'By ID', name: 'id', type: 'string', placeholder: field.placeholder },
		],
	};
}
