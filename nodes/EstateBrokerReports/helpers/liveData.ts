import { defineOperation, type OperationDescription } from '../../shared/descriptions';
import { periodFields, periodStep } from './dates';
import { outputField, reportOutput } from './output';

/** What one live-data report is: its stored value and names, its endpoint, what its period counts. */
export interface LiveDataReport {
	value: string;
	name: string;
	action: string;
	description: string;
	path: string;
	/** What the period's From and To select ("Activity"). */
	subject: string;
}

/** A live-data report: one GET over a required period of at most two months, per agent. */
export function liveDataReport(report: LiveDataReport): OperationDescription {
	const period = { limit: 'twoMonths', required: true } as const;
	return defineOperation({
		resource: 'liveData',
		value: report.value,
		name: report.name,
		action: report.action,
		description: report.description,
		request: {
			method: 'GET',
			path: report.path,
			customerIdQuery: 'customerId',
			preSend: [periodStep(period)],
			postReceive: [reportOutput(['users'])],
		},
		fields: [...periodFields({ ...period, subject: report.subject }), outputField],
	});
}
