import type { IDataObject, ILoadOptionsFunctions, INodeListSearchResult } from 'n8n-workflow';

import { areaOptions, sortedOptions } from '../loaders';
import { send, recordsOf } from '../wire';
import { filteredPage } from './filteredPage';

/** The office's areas (districts it works in) by name, archived ones left out, narrowed by name or description. */
export async function searchAreas(
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	return filteredPage(await areaOptions(this), filter, paginationToken);
}

/** The focus areas drawn for the office (GET /Area/FocusArea; GetFocusAreaResponse is assumed: id or focusAreaId, areaName), by name. */
export async function searchFocusAreas(
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	const body = (
		await send(this, {
			method: 'GET',
			path: '/Area/FocusArea',
			customerIdQuery: 'request.customerId',
		})
	).body;
	const entries = sortedOptions(
		recordsOf(body)
			.map((area): IDataObject => ({ ...area, id: area.id ?? area.focusAreaId }))
			.filter((area) => area.id !== undefined && area.id !== null)
			.map((area) => ({
				name: String(area.areaName ?? area.id),
				value: String(area.id),
				...(area.municipalityCode
					? { description: `Municipality ${String(area.municipalityCode)}` }
					: {}),
			})),
	);
	return filteredPage(entries, filter, paginationToken);
}
