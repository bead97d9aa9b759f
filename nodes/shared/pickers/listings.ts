import type {
	IDataObject,
	ILoadOptionsFunctions,
	INodeListSearchItems,
	INodeListSearchResult,
} from 'n8n-workflow';

import { codeWords, type ListingKind, readListingPage } from '../listings';
import { textOf } from '../rules';
import { folded } from './folded';
import { listingLabels } from './listingLabels';

/**
 * Rows of a list read per page of a picker: each is then read by id for its name, so a page
 * costs 1 + 20 calls; read again while its rows' change times stand, 1 (listingLabels.ts).
 */
const ROWS_PER_SEARCH_PAGE = 20;

/** List pages read at most in one search when typed text matched nothing yet: a search's calls stay bounded. */
const PAGES_PER_SEARCH = 3;

const text = (value: unknown) => textOf(value)?.trim() ?? '';
const joined = (parts: unknown[], separator = ', ') =>
	parts.map(text).filter(Boolean).join(separator);
const nameOf = (value: unknown) => text((value as IDataObject | null | undefined)?.name);

/**
 * A coded value `{ id, name }` as the editor shows it: the code in English words, the
 * service's own (Swedish) word beside it when it says something else ("For Sale (Till salu)",
 * "Housing Cooperative (Bostadsrätt)"); the word alone when there is no code.
 */
function codedName(value: unknown): string {
	const code = text((value as IDataObject | null | undefined)?.id);
	const word = nameOf(value);
	if (!code) return word;
	const english = codeWords(code);
	return word && folded(word) !== folded(english) ? `${english} (${word})` : english;
}

/** How each kind of listed record reads in a picker. */
const ENTRY: Record<ListingKind, (record: IDataObject) => { name: string; description?: string }> =
	{
		estate: (estate) => {
			const address = (estate.address ?? {}) as IDataObject;
			const detail = joined([codedName(estate.type), codedName(estate.status)]);
			const place = joined([address.streetAddress, address.postalTown]);
			return {
				name: `${place || text(estate.id)}${detail ? ` · ${detail}` : ''}`,
				...(text(estate.referenceId)
					? { description: `Object number ${text(estate.referenceId)}` }
					: {}),
			};
		},
		agent: (agent) => ({
			name: `${text(agent.name) || text(agent.id)}${text(agent.title) ? ` (${text(agent.title)})` : ''}`,
			...(text(agent.emailAddress) ? { description: text(agent.emailAddress) } : {}),
		}),
		office: (office) => ({
			name: `${joined([office.name, office.postalTown]) || text(office.id)} (${text(office.id)})`,
			...(text(office.customerId) ? { description: `Customer ID ${text(office.customerId)}` } : {}),
		}),
		area: (area) => ({
			name: text(area.name) || text(area.id),
			...(text(area.countyMunicipalityCode)
				? { description: `Municipality code ${text(area.countyMunicipalityCode)}` }
				: {}),
		}),
		project: (project) => {
			const address = (project.address ?? {}) as IDataObject;
			const place = joined([address.streetAddress, address.postalTown]);
			return {
				name: `${text(project.name) || text(project.id)}${place ? ` (${place})` : ''}`,
				...(codedName(project.status) ? { description: codedName(project.status) } : {}),
			};
		},
	};

function entryOf(kind: ListingKind, record: IDataObject): INodeListSearchItems {
	return { ...ENTRY[kind](record), value: text(record.id) };
}

/**
 * One page of a picker over a kind's list: a page of rows, each read by id for what people
 * recognise it by (the list gives ids only; a label read before at the row's change time is
 * not read again), kept when its name, ID or description holds the
 * typed text (any case, accents folded). The token is the next list page. With typed text
 * that matched nothing, up to PAGES_PER_SEARCH list pages are read, never more.
 */
async function searchListing(
	context: ILoadOptionsFunctions,
	kind: ListingKind,
	filter?: string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	const wanted = folded((filter ?? '').trim());
	const results: INodeListSearchItems[] = [];
	let pageIndex = Math.max(0, Math.floor(Number(paginationToken ?? 0)) || 0);
	for (let read = 0; read < PAGES_PER_SEARCH; read++) {
		const page = await readListingPage(context, kind, pageIndex, {
			pageSize: ROWS_PER_SEARCH_PAGE,
		});
		const entries = await listingLabels(context, kind, page.rows, (record) =>
			entryOf(kind, record),
		);
		for (const entry of entries) {
			if (
				!wanted ||
				[entry.name, String(entry.value), entry.description ?? ''].some((part) =>
					folded(part).includes(wanted),
				)
			)
				results.push(entry);
		}
		const last =
			page.rows.length === 0 || (page.count !== undefined && page.index + 1 >= page.count);
		pageIndex = page.index + 1;
		if (last) return { results };
		if (results.length > 0 || !wanted) break;
	}
	return { results, paginationToken: String(pageIndex) };
}

export async function searchPublishedEstates(
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	return await searchListing(this, 'estate', filter, paginationToken);
}

export async function searchListedAgents(
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	return await searchListing(this, 'agent', filter, paginationToken);
}

export async function searchListedOffices(
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	return await searchListing(this, 'office', filter, paginationToken);
}

export async function searchPublishedAreas(
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	return await searchListing(this, 'area', filter, paginationToken);
}

export async function searchPublishedProjects(
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	return await searchListing(this, 'project', filter, paginationToken);
}
