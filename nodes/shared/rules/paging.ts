import type { INode } from 'n8n-workflow';

import { inputError } from './inputError';
import { wholeNumber } from './values';
import { LIMITS } from './limits';

/** A check of a paging or search value: the value as typed or as an expression gave it, the field's label (its usual one unless given), the item. */
type FieldCheck<T> = (node: INode, value: unknown, field?: string, itemIndex?: number) => T;

const isEmpty = (value: unknown) => value === undefined || value === null || value === '';

/** A whole number that keeps the rule, else refused in the rule's own words ("must be 1 or more; got 0"). */
function keeping(
	node: INode,
	value: unknown,
	field: string,
	itemIndex: number | undefined,
	rule: { holds: (number: number) => boolean; says: string },
): number {
	const number = wholeNumber(node, value, field, {}, itemIndex);
	if (!rule.holds(number))
		throw inputError(node, `${field} ${rule.says}; got ${number}`, undefined, itemIndex);
	return number;
}

/** criteria.maxSize: 1 to 1000, 50 when empty. */
export const checkMaxSize: FieldCheck<number> = (node, value, field = 'Max Size', itemIndex) => {
	if (isEmpty(value)) return LIMITS.maxSize.default;
	const { min, max } = LIMITS.maxSize;
	return keeping(node, value, field, itemIndex, {
		holds: (size) => size >= min && size <= max,
		says: `must be between ${min} and ${max}`,
	});
};

/** pageIndex is zero-based. */
export const checkPageIndex: FieldCheck<number> = (node, value, field = 'Page Index', itemIndex) =>
	keeping(node, value, field, itemIndex, {
		holds: (index) => index >= 0,
		says: 'is zero-based and must be 0 or more',
	});

export const checkPageSize: FieldCheck<number> = (node, value, field = 'Page Size', itemIndex) =>
	keeping(node, value, field, itemIndex, { holds: (size) => size >= 1, says: 'must be 1 or more' });

/** A contact search term needs at least 5 characters (records.md). */
export const checkSearchTerm: FieldCheck<string> = (
	node,
	value,
	field = 'Search Term',
	itemIndex,
) => {
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
};

/** Return All's Max Pages, when the node offers it: within LIMITS.maxPages, the default when empty. */
export const checkMaxPages: FieldCheck<number> = (node, value, field = 'Max Pages', itemIndex) => {
	if (isEmpty(value)) return LIMITS.maxPages.default;
	const { min, max } = LIMITS.maxPages;
	return wholeNumber(node, value, field, { min, max }, itemIndex);
};
