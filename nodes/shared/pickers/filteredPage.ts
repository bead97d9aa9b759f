import type { INodeListSearchItems, INodeListSearchResult } from 'n8n-workflow';

import { folded } from './folded';

/** Entries of a list the service gives whole, per page of the picker. */
const PAGE_SIZE = 50;

/**
 * One page of a list the service cannot filter or page: the entries whose name, ID or
 * description holds the typed text (any case, accents folded: "sodermalm" finds Södermalm),
 * 50 at a time; the token is where the next page starts.
 */
export function filteredPage(
	entries: INodeListSearchItems[],
	filter?: string,
	paginationToken?: string,
): INodeListSearchResult {
	const text = folded((filter ?? '').trim());
	const kept = text
		? entries.filter((entry) =>
				[entry.name, String(entry.value), entry.description ?? ''].some((part) =>
					folded(part).includes(text),
				),
			)
		: entries;
	const start = Math.max(0, Number(paginationToken ?? 0) || 0);
	const end = start + PAGE_SIZE;
	return {
		results: kept.slice(start, end),
		...(end < kept.length ? { paginationToken: String(end) } : {}),
	};
}
