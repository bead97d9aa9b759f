import type { ILoadOptionsFunctions, INodeListSearchResult } from 'n8n-workflow';

import { sortedOptions } from '../loaders';
import { officeSaleReports } from './estates';
import { filteredPage } from './filteredPage';

/**
 * The offices the node's Customer ID covers (one office, or the offices of a group), by name.
 * The service has no list of offices; its sales report names each office that has estates.
 */
export async function searchOffices(
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	const offices = new Map(
		(await officeSaleReports(this))
			.filter((office) => typeof office.customerId === 'string' && office.customerId !== '')
			.map((office) => [String(office.customerId), office.officeName]),
	);
	const entries = [...offices].map(([customerId, name]) => ({
		name:
			typeof name === 'string' && name.trim() !== ''
				? `${name.trim()} (${customerId})`
				: customerId,
		value: customerId,
	}));
	return filteredPage(sortedOptions(entries), filter, paginationToken);
}
