import type { INode } from 'n8n-workflow';

import { inputError } from './inputError';
import { wholeNumber } from './values';
import { LIMITS } from './limits';

/** criteria.maxSize: 1 to 1000, 50 when empty. */
export function checkMaxSize(
	node: INode,
	value: unknown,
	field = 'Max Size',
	itemIndex?: number,
): number {
	if (value === undefined || value === null || value === '') return LIMITS.maxSize.default;
	const size = wholeNumber(node, value, field, {}, itemIndex);
	if (size < LIMITS.maxSize.min || size > LIMITS.maxSize.max) {
		throw inputError(
			node,
			`${field} must be between ${LIMITS.maxSize.min} and ${LIMITS.maxSize.max}; got ${size}`,
			undefined,
			itemIndex,
		);
	}
	return size;
}

/** pageIndex is zero-based. */
export function checkPageIndex(
	node: INode,
	value: unknown,
	field = 'Page Index',
	itemIndex?: number,
): number {
	const index = wholeNumber(node, value, field, {}, itemIndex);
	if (index < 0)
		throw inputError(
			node,
			`${field} is zero-based and must be 0 or more; got ${index}`,
			undefined,
			itemIndex,
		);
	return index;
}

export function checkPageSize(
	node: INode,
	value: unknown,
	field = 'Page Size',
	itemIndex?: number,
): number {
	const size = wholeNumber(node, value, field, {}, itemIndex);
	if (size < 1)
		throw inputError(node, `${field} must be 1 or more; got ${size}`, undefined, itemIndex);
	return size;
}

/** A contact search term needs at least 5 characters (records.md). */
export function checkSearchTerm(
	node: INode,
	value: unknown,
	field = 'Search Term',
	itemIndex?: number,
): string {
	const term = String(value ?? '').trim();
	if (term.length < LIMITS.minSearchTermLength) {
		throw inputError(
			node,
			`${field} needs at least ${LIMITS.minSearchTermLength} characters; got ${term.length}`,
			undefined,
			itemIndex,
		);
	}
	return term;
}

/** Return All's Max Pages, when the node offers it: within LIMITS.maxPages, the default when empty. */
export function checkMaxPages(
	node: INode,
	value: unknown,
	field = 'Max Pages',
	itemIndex?: number,
): number {
	if (value === undefined || value === null || value === '') return LIMITS.maxPages.default;
	return wholeNumber(
		node,
		value,
		field,
		{ min: LIMITS.maxPages.min, max: LIMITS.maxPages.max },
		itemIndex,
	);
}
