import type { INode, INodeProperties } from 'n8n-workflow';

import { isBlank, wholeNumber, type WholeNumberRule } from '../../shared/rules';

/** Budgets and budget reports are kept per calendar month: a year and a month 1 to 12. */

/** Expression defaults: the current year and month, as the workflow runs (a literal would go stale). */
export const THIS_YEAR = '={{ $now.year }}';
export const THIS_MONTH = '={{ $now.month }}';

/** A year as a whole number, this year unless changed. */
export function yearField(name: string, displayName: string, description: string): INodeProperties {
	return {
		displayName,
		name,
		type: 'number',
		typeOptions: { minValue: 1, maxValue: 9999, numberPrecision: 0 },
		default: THIS_YEAR,
		description,
	};
}

/** A whole number within the rule, or undefined when blank (for optional bounds). */
function blankOrWholeNumber(rule: WholeNumberRule) {
	return (node: INode, value: unknown, label: string, itemIndex: number): number | undefined =>
		isBlank(value) ? undefined : wholeNumber(node, value, label, rule, itemIndex);
}

/** A year: a whole number from 1 to 9999. Blank gives undefined. */
export const checkYear = blankOrWholeNumber({ min: 1, max: 9999, rule: 'a year such as 2026' });

/** A month: a whole number from 1 (January) to 12 (December). Blank gives undefined. */
export const checkMonth = blankOrWholeNumber({
	min: 1,
	max: 12,
	rule: 'a month from 1 (January) to 12 (December)',
});
