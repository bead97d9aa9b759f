import type { INodeProperties } from 'n8n-workflow';

/** The reference Initiate gives; status and cancel take it in the path. */
export function referenceField(description: string): INodeProperties {
	return {
		displayName: 'Reference',
		name: 'reference',
		type: 'string',
		default: '={{ $json.reference }}',
		required: true,
		placeholder: 'e.g. 3f2a7c1e-…',
		description,
	};
}
