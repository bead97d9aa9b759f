import type { DateTime } from 'luxon';
import type {
	IDataObject,
	INodeExecutionData,
	INodeProperties,
	IPollFunctions,
} from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { checkDateRange, earliestStart, nowIn, withStockholmOffset } from '../../shared/dates';
import { stateScope } from '../helpers/pollRecords';
import { unexpectedAnswer } from '../helpers/listedRecords';
import { send, recordsOf } from '../../shared/wire';
import { compareFigures, readFigures, writeFigures } from '../state';

const show = { show: { event: ['liveDataChanged'] } };

export const liveDataFields: INodeProperties[] = [
	{
		displayName: 'Report',
		name: 'liveDataReport',
		type: 'options',
		options: [
			{
				name: 'Activity',
				value: 'activity',
				description: 'What each agent did: logins, calls, viewings, valuations',
			},
			{
				name: 'Commission',
				value: 'commission',
				description:
					'Commission per agent (the service calculates only the latest three months, with some delay)',
			},
		],
		default: 'activity',
		displayOptions: show,
	},
	{
		displayName: 'Period',
		name: 'liveDataPeriod',
		type: 'options',
		options: [
			{ name: 'Last Two Months', value: 'lastTwoMonths' },
			{ name: 'This Month', value: 'thisMonth' },
			{ name: 'This Week', value: 'thisWeek' },
			{ name: 'Today', value: 'today' },
		],
		default: 'today',
		description: "Span the figures are summed over, up to the poll, in the workflow's time zone",
		displayOptions: show,
	},
];

const PATHS: Record<string, string> = {
	activity: '/BusinessIntelligence/LiveData/Report',
	commission: '/BusinessIntelligence/LiveData/CommissionReport',
};

/** Where the period starts, on the workflow's calendar (a day has 23 or 25 hours when the clocks change). */
function periodStart(period: string, now: DateTime): DateTime {
	// The longest range the report accepts, ending now.
	if (period === 'lastTwoMonths') return earliestStart(now, 'twoMonths');
	const unit = period === 'thisMonth' ? 'month' : period === 'thisWeek' ? 'week' : 'day';
	return now.startOf(unit);
}

/** A row's key: the agent it is about where it names one, else its place in the report. */
function rowKey(row: IDataObject, group: string, index: number): string {
	const id = row.userId ?? row.id ?? row.customerId;
	return `${group}:${typeof id === 'string' || typeof id === 'number' ? String(id) : index}`;
}

/** Fields that repeat the asked span or the time of the answer: they change every poll without any figure moving. */
const WINDOW_ECHO = /^(dateFrom|dateTo|from|to|generatedAt|createdAt|updatedAt)$/i;

/** The report as rows of figures: its list entries (per agent) and its own top-level figures. */
export function figureRows(report: unknown): Record<string, IDataObject> {
	const rows: Record<string, IDataObject> = {};
	if (Array.isArray(report)) {
		recordsOf(report).forEach((row, index) => (rows[rowKey(row, 'rows', index)] = row));
		return rows;
	}
	const summary: IDataObject = {};
	for (const [name, value] of Object.entries((report ?? {}) as IDataObject)) {
		if (Array.isArray(value))
			recordsOf(value).forEach((row, index) => (rows[rowKey(row, name, index)] = row));
		else if (!WINDOW_ECHO.test(name)) summary[name] = value;
	}
	if (Object.keys(summary).length > 0) rows.summary = summary;
	return rows;
}

/**
 * Live data: the chosen report over the chosen period, compared with the previous poll's
 * figures; one item per row (agent, or the report's summary) whose figures moved.
 */
export async function pollLiveData(this: IPollFunctions): Promise<INodeExecutionData[][] | null> {
	const now = nowIn(this);
	const report = this.getNodeParameter('liveDataReport', 'activity') as string;
	const period = this.getNodeParameter('liveDataPeriod', 'today') as string;
	const range = checkDateRange(this, {
		from: periodStart(period, now),
		to: now,
		fromField: 'Period start',
		toField: 'Poll time',
		limit: 'twoMonths',
		required: true,
	});
	const answer = (
		await send(this, {
			method: 'GET',
			path: PATHS[report] ?? PATHS.activity,
			customerIdQuery: 'customerId',
			qs: { dateFrom: range.from, dateTo: range.to },
		})
	).body;
	// Rows per agent are what a report is made of; without them ("OK", nothing, a page) the figures are not known.
	const isReport = Array.isArray(answer)
		? recordsOf(answer).length > 0
		: answer !== null && typeof answer === 'object' && Object.values(answer).some(Array.isArray);
	if (!isReport)
		throw unexpectedAnswer(
			this.getNode(),
			'a live-data report',
			answer,
			'a report with rows of figures',
		);
	const current = figureRows(answer);
	const data = this.getWorkflowStaticData('node');
	const scope = await stateScope(this, 'liveDataChanged', [report, period]);
	const previous = readFigures(data, scope);
	// The period as Stockholm shows it, like every time the nodes output (what went out is UTC).
	const meta = {
		report,
		period,
		dateFrom: range.from && withStockholmOffset(range.from),
		dateTo: range.to && withStockholmOffset(range.to),
	};
	const itemsOf = (changes: ReturnType<typeof compareFigures>) =>
		changes.map((change) => ({
			...meta,
			row: change.key,
			previous: change.previous,
			current: change.current,
		}));

	if (this.getMode() === 'manual') {
		const changes = compareFigures(previous ?? {}, current);
		const items = itemsOf(
			changes.length > 0
				? changes
				: Object.entries(current).map(([key, row]) => ({
						key,
						previous: previous?.[key] ?? null,
						current: row,
					})),
		);
		// Why not a shared check: the input is fine; Fetch Test Event found no figures to show.
		if (items.length === 0)
			throw new NodeOperationError(
				this.getNode(),
				'The live-data report has no figures for this period',
				{
					description:
						'Pick a longer period, or fetch the test event again once agents have been active.',
				},
			);
		return [this.helpers.returnJsonArray(items)];
	}
	const emitExisting = this.getNodeParameter('emitExistingOnFirstRun', false) === true;
	const changes = previous || emitExisting ? compareFigures(previous ?? {}, current) : [];
	writeFigures(data, scope, current);
	return changes.length > 0 ? [this.helpers.returnJsonArray(itemsOf(changes))] : null;
}
