import type { INodeProperties } from 'n8n-workflow';

import { queryField } from '../../shared/descriptions';
import { DATE_RANGE_WORDING, type DateRangeLimit } from '../../shared/rules';
import { type RequestStep } from '../../shared/engine';
import { dateRangeQuery } from '../../shared/steps';

const START = 'Start Date';
const END = 'End Date';

/** This month so far: what a scheduled report usually covers, and within every report's limit. */
const START_OF_MONTH = "={{ $now.startOf('month').toISO() }}";
const NOW = '={{ $now.toISO() }}';

export interface PeriodOptions {
	/** The endpoint's longest range (interface.md section 8), or 'none'. */
	limit: DateRangeLimit;
	/** Required periods default to this month so far; optional ones are empty (no bound). */
	required: boolean;
	/** What the dates select, e.g. "Sales whose contract date lies", for the descriptions. */
	subject: string;
}

/** Start Date and End Date, sent as dateFrom and dateTo (UTC ISO 8601). */
export function periodFields(options: PeriodOptions): INodeProperties[] {
	const limit =
		options.limit === 'none'
			? ''
			: ` At most ${DATE_RANGE_WORDING[options.limit]} after the start.`;
	const open = options.required ? '' : ' Leave empty for no bound.';
	// A required period starts as this month so far; an optional one as no bound at all.
	const required = (value: string) => (options.required ? { default: value, required: true } : {});
	return [
		queryField('dateFrom', {
			displayName: START,
			name: 'dateFrom',
			type: 'dateTime',
			default: '',
			...required(START_OF_MONTH),
			description: `${options.subject} on or after this time.${open}`,
		}),
		queryField('dateTo', {
			displayName: END,
			name: 'dateTo',
			type: 'dateTime',
			default: '',
			...required(NOW),
			description: `${options.subject} on or before this time.${limit}${open}`,
		}),
	];
}

/** Checks the period before anything is sent (valid, in order, within the limit) and sends it as UTC. */
export function periodStep(options: Pick<PeriodOptions, 'limit' | 'required'>): RequestStep {
	return dateRangeQuery({
		fromKey: 'dateFrom',
		toKey: 'dateTo',
		fromField: START,
		toField: END,
		...options,
	});
}
