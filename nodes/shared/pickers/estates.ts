import type { IDataObject, ILoadOptionsFunctions, INodeListSearchItems, INodeListSearchResult } from 'n8n-workflow';

import { recordsOf } from '../loaders/request';
import { brokerRequest } from '../transport';
import { filteredPage } from './list';

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/** "Storgatan 12, 114 35 (ForSale, Sara Holmberg)": the address, then the status and the responsible agent; the estate number as description. */
export function estateEntry(estate: IDataObject): INodeListSearchItems {
	const address = (estate.address ?? {}) as IDataObject;
	const place = [text(address.streetAddress), text(address.zipCode)].filter(Boolean).join(', ');
	const agents = Array.isArray(estate.agents) ? (estate.agents as IDataObject[]) : [];
	const agent = agents.find((candidate) => candidate?.responsible === true) ?? agents[0];
	const detail = [text((estate.status as IDataObject | undefined)?.text), text(agent?.name)].filter(Boolean).join(', ');
	return {
		name: `${place || String(estate.id)}${detail ? ` (${detail})` : ''}`,
		value: String(estate.id),
		...(text(estate.estateNumber) ? { description: `Estate number ${text(estate.estateNumber)}` } : {}),
	};
}

/**
 * The office's estates, last changed first. The service lists estates only in its sales report
 * (GET /BusinessIntelligence/GetSalesReport): asked by the day each was created, with no
 * period, it holds every estate of the office, for sale or not, with its address and agents.
 * Typed text keeps the estates whose address, agent, status or estate number holds it.
 */
export async function searchEstates(this: ILoadOptionsFunctions, filter?: string, paginationToken?: string): Promise<INodeListSearchResult> {
	const body = await brokerRequest.call(this, { method: 'GET', path: '/BusinessIntelligence/GetSalesReport', customerIdQuery: 'customerId', qs: { selectionType: 'Create' } });
	const estates = recordsOf(body, 'officeSaleReports')
		.flatMap((office) => recordsOf(office.years))
		.flatMap((year) => recordsOf(year.months))
		.flatMap((month) => recordsOf(month.estateSaleReports))
		.filter((estate) => estate.id !== undefined && estate.id !== null)
		.sort((a, b) => String(b.changedAt ?? '').localeCompare(String(a.changedAt ?? '')) || String(a.id).localeCompare(String(b.id)));
	return filteredPage(estates.map(estateEntry), filter, paginationToken);
}
