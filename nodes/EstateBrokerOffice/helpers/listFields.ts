import type { INodeProperties } from 'n8n-workflow';

import { returnAllFields } from '../../shared/descriptions';

/** Return All / Limit and a Filters collection holding the one filter a list of this node takes. */
export function listFields(filter: INodeProperties): INodeProperties[] {
	return [
		...returnAllFields(),
		{
			displayName: 'Filters',
			name: 'filters',
			type: 'collection',
			placeholder: 'Add Filter',
			default: {},
			options: [filter],
		},
	];
}
