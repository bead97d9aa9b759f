import type { INode } from 'n8n-workflow';

import { type CheckSite, inputError } from './inputError';
import { isBlank, listOf, pathSegment, requiredPathSegment, textOrNumber } from './values';
import { LIMITS } from './limits';

/**
 * Reads a list of ids as users give it: an array (from an expression), a comma-, semicolon-
 * or newline-separated string, or a single number. Blanks are dropped and duplicates removed,
 * first occurrence kept, so the order of the result is the order given.
 */
export function parseIdList(
	node: INode,
	value: unknown,
	field: string,
	itemIndex?: number,
): string[] {
	// Each id as given must be text or a number: an object would otherwise become "[object Object]".
	for (const id of Array.isArray(value) ? value.flat(Infinity) : [value])
		if (!isBlank(id)) textOrNumber(node, id, field, itemIndex);
	const ids = [...new Set(listOf(value, /[,;\n\r]+/))].map((id) =>
		pathSegment(node, id, field, itemIndex),
	);
	if (ids.length === 0) {
		throw inputError(
			node,
			`${field} needs at least one ID`,
			'Give one ID, a comma-separated list, or an expression that returns a list.',
			itemIndex,
		);
	}
	return ids;
}

/**
 * An ID the service gave (a write's answer, a list of contacts, a picker's list) before it
 * goes into a path or an ID list: the checks of a typed ID (text or a number, never "." or
 * "..", which would reach another endpoint) and never blank or holding a comma, which would
 * drop the segment (the list instead of the record) or make it two IDs of a list.
 */
export function listedId(site: CheckSite, id: unknown, field: string, itemIndex?: number): string {
	if (isBlank(id))
		throw inputError(
			site,
			`${field} from the service is empty`,
			'The service listed a record without an ID; it cannot be read by ID.',
			itemIndex,
		);
	// Said before pathSegment's own refusal of a comma, which speaks of an ID a user gave.
	if (typeof id === 'string' && id.includes(','))
		throw inputError(
			site,
			`${field} from the service must not hold a comma; got "${id.trim()}"`,
			'The service reads a comma as between two IDs.',
			itemIndex,
		);
	return pathSegment(site, id, `${field} from the service`, itemIndex);
}

/** Splits ids into the fewest calls the service allows (at most 20 per call). */
export function chunkIds(ids: string[], size: number = LIMITS.maxIdsPerCall): string[][] {
	const chunks: string[][] = [];
	for (let start = 0; start < ids.length; start += size)
		chunks.push(ids.slice(start, start + size));
	return chunks;
}

export type IdListForm = { kind: 'path'; segment: string } | { kind: 'query'; contactIds: string };

/** Up to 5 ids travel as a comma-separated path segment; more as the contactIds query parameter. */
export function idListForm(ids: string[]): IdListForm {
	const joined = ids.join(',');
	return ids.length > LIMITS.maxIdsInPath
		? { kind: 'query', contactIds: joined }
		: { kind: 'path', segment: joined };
}

/** Where one call for a chunk of ids goes: the list path with the ids as its last segment, or with the contactIds query. */
export interface IdListCall {
	path: string;
	qs?: { contactIds: string };
}

/**
 * The call reading a chunk of ids (at most 20) on a list path, in the form idListForm gives
 * (or always in the path, where the query form means something else). Each id is encoded:
 * an id can never change the endpoint.
 */
export function idListCall(
	node: INode,
	listPath: string,
	ids: string[],
	alwaysInPath = false,
): IdListCall {
	// The last guard of every ID list: typed, gathered or listed by the service, none may change the endpoint.
	for (const id of ids)
		requiredPathSegment(node, id, 'ID', undefined, {
			message: 'An ID of the call is empty',
			description: 'An empty ID would drop its segment and read the whole list instead.',
		});
	const form = alwaysInPath ? ({ kind: 'path' } as const) : idListForm(ids);
	if (form.kind === 'query') return { path: listPath, qs: { contactIds: form.contactIds } };
	return { path: `${listPath}/${ids.map((id) => encodeURIComponent(id)).join(',')}` };
}
