import type { INodeProperties } from 'n8n-workflow';

import { filtersField, returnAllFields } from '../../shared/descriptions';

/** Return All / Limit and a Filters collection holding the one filter a list of this node takes. */
export function listFields(filter: INodeProperties): INodeProperties[] {
	return [...returnAllFields(), filtersField([filter])];
}
