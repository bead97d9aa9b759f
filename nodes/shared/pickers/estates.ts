import type {
	IDataObject,
	ILoadOptionsFunctions,
	INodeListSearchItems,
	INodeListSearchResult,
} from 'n8n-workflow';

import { send, recordsOf } from '../wire';
import { filteredPage } from './filteredPage';

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/** Where an estate is, as people say it: "Storgatan 12, 114 35". */
function placeOf(estate: IDataObject): string {
	const address = (estate.address ?? {}) as IDataObject;
	return [text(address.streetAddress), text(address.zipCode)].filter(Boolean).join(', ');
}

/** The agent responsible for an estate of the sales report: the one marked responsible, else the first. */
export function responsibleAgent(estate: IDataObject): IDataObject | undefined {
	const agents = recordsOf(estate.agents);
	return (
		agents.find((agent) => agent.responsible === true || agent.responsible === 'true') ?? agents[0]
	);
}

/** "Storgatan 12, 114 35 (Condominium, ForSale, Sara Holmberg)": the address, then the kind, the status and the responsible agent; the estate number as description. */
export function estateEntry(estate: IDataObject): INodeListSearchItems {
	const agent = responsibleAgent(estate);
	const detail = [
		(estate.type as IDataObject | undefined)?.text,
		(estate.status as IDataObject | undefined)?.text,
		agent?.name,
	]
		.map(text)
		.filter(Boolean)
		.join(', ');
	return {
		name: `${placeOf(estate) || String(estate.id)}${detail ? ` (${detail})` : ''}`,
		value: String(estate.id),
		...(text(estate.estateNumber)
			? { description: `Estate number ${text(estate.estateNumber)}` }
			: {}),
	};
}

/** The sales report of every estate of the customer (office or group), by office: { customerId, officeName, years }. */
export async function officeSaleReports(context: ILoadOptionsFunctions): Promise<IDataObject[]> {
	const body = (
		await send(context, {
			method: 'GET',
			path: '/BusinessIntelligence/GetSalesReport',
			customerIdQuery: 'customerId',
			qs: { selectionType: 'Create' },
		})
	).body;
	return recordsOf(body, 'officeSaleReports');
}

/**
 * The office's estates, last changed first. The service lists estates only in its sales report
 * (GET /BusinessIntelligence/GetSalesReport): asked by the day each was created, with no
 * period, it holds every estate of the office, for sale or not, with its address and agents.
 */
async function officeEstates(context: ILoadOptionsFunctions): Promise<IDataObject[]> {
	return (await officeSaleReports(context))
		.flatMap((office) => recordsOf(office.years))
		.flatMap((year) => recordsOf(year.months))
		.flatMap((month) => recordsOf(month.estateSaleReports))
		.filter((estate) => estate.id !== undefined && estate.id !== null)
		.sort(
			(a, b) =>
				String(b.changedAt ?? '').localeCompare(String(a.changedAt ?? '')) ||
				String(a.id).localeCompare(String(b.id)),
		);
}

/** The estates' addresses by ID, for lists of other records; none when the account may not read the sales report. */
export async function estateAddresses(
	context: ILoadOptionsFunctions,
): Promise<Map<string, string>> {
	try {
		return new Map(
			(await officeEstates(context)).map((estate) => [String(estate.id), placeOf(estate)]),
		);
	} catch {
		// The addresses only make a list read better; the list itself does not depend on them.
		return new Map();
	}
}

/** An estate picker's list: typed text keeps the estates whose address, kind, status, agent or estate number holds it. */
export async function searchEstates(
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	return filteredPage((await officeEstates(this)).map(estateEntry), filter, paginationToken);
}
