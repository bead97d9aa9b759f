import type { ILoadOptionsFunctions, INodeListSearchResult } from 'n8n-workflow';

import { agentOptions } from '../loaders';
import { filteredPage } from './filteredPage';

/** The office's agents by name (the user list has logins only; names from the live-data report), narrowed by name, login or title. */
export async function searchAgents(
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	return filteredPage(await agentOptions(this), filter, paginationToken);
}
