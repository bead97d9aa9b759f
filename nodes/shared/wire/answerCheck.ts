import type { IDataObject, INode } from 'n8n-workflow';

import { unexpectedAnswerError } from '../failures';

/**
 * Whether a read answered what it asked for: records (not an empty body or a status message),
 * and pages that do not repeat or run past Max Pages.
 */

/** Keys of a status message ({"message":"OK"}, {"status":"success"}), never of a brokerage record alone. */
const STATUS_KEYS = new Set([
	'message',
	'status',
	'statuscode',
	'success',
	'result',
	'ok',
	'title',
	'detail',
	'error',
	'code',
	'traceid',
	'type',
]);

/** What an answer was, in words that repeat nothing the service sent. */
export function answerKind(answer: unknown): string {
	if (answer === undefined || answer === null || answer === '') return 'an empty answer';
	if (Array.isArray(answer)) return 'a list';
	if (typeof answer === 'object') {
		const keys = Object.keys(answer);
		if (keys.length === 0) return 'an empty record';
		return keys.every((key) => STATUS_KEYS.has(key.toLowerCase()))
			? 'a status message'
			: 'a record of other fields';
	}
	return typeof answer === 'string' ? 'a text' : `a ${typeof answer}`;
}

/**
 * A read (GET) must answer with records: a record or a list, or the object holding them. An
 * empty body, an empty record or a bare status message (a gateway's 200 "OK") is not the
 * service's answer, and taking it would output nothing or a fake record without a word.
 */
export function checkReadAnswer(node: INode, answer: unknown, itemIndex?: number): unknown {
	const kind = answerKind(answer);
	if (['an empty answer', 'an empty record', 'a status message'].includes(kind)) {
		throw unexpectedAnswerError(
			node,
			"The service's answer is not the records that were asked for",
			`Got ${kind} where a record or a list was due. Nothing was output; run it again, or check the service.`,
			itemIndex,
		);
	}
	return answer;
}

const isRecord = (entry: unknown): entry is IDataObject =>
	entry !== null && typeof entry === 'object';

/**
 * The records of an answer that lists them: an array, one record (one id in the path answers
 * with the record itself), nothing, or a list under one property (`{ users: [...] }`).
 * Entries that are not records are left out. Read only: a list of records only is handed on
 * as it came, not copied (a poll reads 100,000 bids).
 */
export function recordsOf(body: unknown, property?: string): IDataObject[] {
	const root =
		property !== undefined && isRecord(body) && !Array.isArray(body) ? body[property] : body;
	const list: unknown[] = Array.isArray(root) ? root : [root];
	return list.every(isRecord) ? (list as IDataObject[]) : list.filter(isRecord);
}

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
