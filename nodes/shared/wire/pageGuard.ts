import type { INode } from 'n8n-workflow';

import { unexpectedAnswerError } from '../failures';

/** A cheap fingerprint of a page's text; equal fingerprints are then compared in full. */
function fingerprint(text: string): string {
	let hash = 0x811c9dc5;
	for (let index = 0; index < text.length; index++)
		hash = Math.imul(hash ^ text.charCodeAt(index), 0x01000193);
	return `${text.length}:${hash >>> 0}`;
}

/**
 * Return All against a service that never says which page is the last, or sends the same
 * page again: each page's rows are checked before the next call. A page equal to an earlier
 * one, or one page past Max Pages, stops the run with an error that says why; without this the
 * run pages on for ever and fills the memory.
 */
export function pageGuard(node: INode, maxPages: number, itemIndex?: number) {
	const seen = new Map<string, number>();
	const pages: string[][] = [];
	return (pageIndex: number, rows: unknown[]): void => {
		const text = JSON.stringify(rows);
		const key = fingerprint(text);
		const earlier = seen.get(key);
		if (rows.length > 0 && earlier !== undefined && JSON.stringify(pages[earlier]) === text) {
			throw unexpectedAnswerError(
				node,
				`The service sent the same page again (page ${pageIndex} repeats page ${earlier}); Return All stopped`,
				'Its pages repeat, so reading on would never end. Read one page at a time (Return All off), or report it to the service.',
				itemIndex,
			);
		}
		seen.set(key, pageIndex);
		pages[pageIndex] = rows as string[];
		if (pageIndex + 1 >= maxPages) {
			throw unexpectedAnswerError(
				node,
				`Return All stopped after ${maxPages} pages (Max Pages) and the service had not said which page is the last`,
				'Raise Max Pages if the report is really this long, or ask for a shorter period.',
				itemIndex,
			);
		}
	};
}
