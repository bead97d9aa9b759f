import type { INodeProperties } from 'n8n-workflow';

import { inputError } from '../../shared/rules';
import { MONTH_OPTIONS, queryField } from '../../shared/descriptions';
import type { OperationRequest, RequestStep } from '../../shared/engine';
import { checkMonth, checkYear, yearField } from './months';

/**
 * The budget reports compare budget and outcome per office and month over a span of months:
 * fromYear/fromMonth to toYear/toMonth, each optional (the service's default is this year up
 * to this month).
 */
export const budgetReportFields: INodeProperties[] = [
	{
		displayName: 'Period',
		name: 'period',
		type: 'collection',
		placeholder: 'Add Bound',
		default: {},
		description: 'Months to compare; without any, January of this year up to this month',
		options: [
			queryField('fromMonth', {
				displayName: 'From Month',
				name: 'fromMonth',
				type: 'options',
				options: MONTH_OPTIONS,
				default: 1,
				description: 'First month; January when left out',
			}),
			queryField(
				'fromYear',
				yearField(
					'fromYear',
					'From Year',
					'Year of the first month; the year of To Year when left out',
				),
			),
			queryField('toMonth', {
				displayName: 'To Month',
				name: 'toMonth',
				type: 'options',
				options: MONTH_OPTIONS,
				default: 12,
				description: 'Last month; this month, or December of To Year, when left out',
			}),
			queryField(
				'toYear',
				yearField('toYear', 'To Year', 'Year of the last month; this year when left out'),
			),
		],
	},
];

const ordinal = (year: number, month: number) => year * 12 + month;

/** Years and months valid, and the first month not after the last where the bounds given decide it. */
const checkPeriod: RequestStep = async function (request) {
	const node = this.getNode();
	const itemIndex = this.getItemIndex();
	const qs = { ...(request.qs ?? {}) };
	const fromYear = checkYear(node, qs.fromYear, 'From Year', itemIndex);
	const fromMonth = checkMonth(node, qs.fromMonth, 'From Month', itemIndex);
	const toYear = checkYear(node, qs.toYear, 'To Year', itemIndex);
	const toMonth = checkMonth(node, qs.toMonth, 'To Month', itemIndex);
	// Without years both bounds lie in this year; with To Year, a missing From Year is that year.
	const decided =
		toYear !== undefined ||
		(fromYear === undefined && fromMonth !== undefined && toMonth !== undefined);
	if (
		decided &&
		ordinal(fromYear ?? toYear ?? 0, fromMonth ?? 1) > ordinal(toYear ?? 0, toMonth ?? 12)
	) {
		throw inputError(
			node,
			'From Year and From Month must not be after To Year and To Month',
			undefined,
			itemIndex,
		);
	}
	for (const [key, value] of Object.entries({ fromYear, fromMonth, toYear, toMonth })) {
		if (value === undefined) delete qs[key];
		else qs[key] = value;
	}
	return { ...request, qs };
};

export function budgetReportRequest(path: string): OperationRequest {
	return { method: 'GET', path, preSend: [checkPeriod] };
}
