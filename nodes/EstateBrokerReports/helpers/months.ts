import type { INode, INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { isBlank, wholeNumber } from '../../shared/rules';

/** Budgets and budget reports are kept per calendar month: a year and a month 1 to 12. */

/** Expression defaults: the current year and month, as the workflow runs (a literal would go stale). */
export const THIS_YEAR = '={{ $now.year }}';
export const THIS_MONTH = '={{ $now.month }}';

const NAMES = [
	'January',
	'February',
	'March',
	'April',
	'May',
	'June',
	'July',
	'August',
	'September',
	'October',
	'November',
	'December',
];

/** January is 1, as the service counts. */
export const MONTH_OPTIONS: INodePropertyOptions[] = NAMES.map((name, index) => ({
	name,
	value: index + 1,
}));

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

/** A year: a whole number from 1 to 9999. Blank gives undefined (for optional bounds). */
export function checkYear(
	node: INode,
	value: unknown,
	label: string,
	itemIndex: number,
): number | undefined {
	return isBlank(value)
		? undefined
		: wholeNumber(
				node,
				value,
				label,
				{ min: 1, max: 9999, rule: 'a year such as 2026' },
				itemIndex,
			);
}

/** A month: a whole number from 1 (January) to 12 (December). Blank gives undefined. */
export function checkMonth(
	node: INode,
	value: unknown,
	label: string,
	itemIndex: number,
): number | undefined {
	return isBlank(value)
		? undefined
		: wholeNumber(
				node,
				value,
				label,
				{ min: 1, max: 12, rule: 'a month from 1 (January) to 12 (December)' },
				itemIndex,
			);
}
