import type { INode } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { wholeNumber } from '../checks';
import { LIMITS } from './rules';

/** criteria.maxSize: 1 to 1000, 50 when empty. */
export function checkMaxSize(node: INode, value: unknown, field = 'Max Size', itemIndex?: number): number {
	if (value === undefined || value === null || value === '') return LIMITS.maxSize.default;
	const size = wholeNumber(node, value, field, {}, itemIndex);
	if (size < LIMITS.maxSize.min || size > LIMITS.maxSize.max) {
		throw new NodeOperationError(node, `${field} must be between ${LIMITS.maxSize.min} and ${LIMITS.maxSize.max}; got ${size}`, { itemIndex });
	}
	return size;
}

/** pageIndex is zero-based. */
export function checkPageIndex(node: INode, value: unknown, field = 'Page Index', itemIndex?: number): number {
	const index = wholeNumber(node, value, field, {}, itemIndex);
	if (index < 0) {
		throw new NodeOperationError(node, `${field} is zero-based and must be 0 or more; got ${index}`, { itemIndex });
	}
	return index;
}

export function checkPageSize(node: INode, value: unknown, field = 'Page Size', itemIndex?: number): number {
	const size = wholeNumber(node, value, field, {}, itemIndex);
	if (size < 1) throw new NodeOperationError(node, `${field} must be 1 or more; got ${size}`, { itemIndex });
	return size;
}

/** A contact search term needs at least 5 characters (records.md). */
export function checkSearchTerm(node: INode, value: unknown, field = 'Search Term', itemIndex?: number): string {
	const term = String(value ?? '').trim();
	if (term.length < LIMITS.minSearchTermLength) {
		throw new NodeOperationError(node, `${field} needs at least ${LIMITS.minSearchTermLength} characters; got ${term.length}`, { itemIndex });
	}
	return term;
}
