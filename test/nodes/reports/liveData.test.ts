import type { IDataObject, INodePropertyOptions } from 'n8n-workflow';

import { LIVE_DATA_COUNTS } from '../../../sandbox/src/domain/reportsLiveData';
import type { LiveDataEvent } from '../../../sandbox/src/store/types';
import { useSandbox } from '../../harness/sandbox';
import {
	agentsAt,
	inRange,
	jsonOf,
	lastTwoMonths,
	nodeType,
	officesOf,
	type Range,
	reportsRunner,
	soldIn,
} from './fixtures';

/** The count each event type adds to is the sandbox's documented report shape; the counting below is the test's own. */
const COUNTS: Record<string, string> = LIVE_DATA_COUNTS;

function counted(events: LiveDataEvent[]): Record<string, number> {
	const counts: Record<string, number> = Object.fromEntries(
		Object.values(COUNTS).map((name) => [name, 0]),
	);
	for (const event of events) counts[COUNTS[event.type]]++;
	return { ...counts, events: events.length };
}

describe('Estate Broker Reports: live data and running commissions', () => {
	const sandbox = useSandbox();
	const liveData = reportsRunner(sandbox, 'liveData');
	const running = reportsRunner(sandbox, 'runningCommission');
	const store = () => sandbox.handle.store;

	const eventsIn = (customerId: string, range: Range) => {
		const offices = officesOf(store(), customerId);
		return store().liveData.filter(
			(event) => offices.includes(event.customerId) && inRange(event.at, range),
		);
	};
	/** Agents a per-agent report lists: current agents, and archived ones with events. */
	const reportAgents = (customerId: string, events: LiveDataEvent[]) =>
		agentsAt(store(), officesOf(store(), customerId)).filter(
			(agent) => !agent.archived || events.some((event) => event.userId === agent.userId),
		);

	test('Activity Report as rows: one item per agent with what they did in the period', async () => {
		const range = lastTwoMonths(store());
		const { items, error } = await liveData({ operation: 'getReport', ...range, customerId: 'G2' });
		expect(error).toBeUndefined();
		const [request] = await sandbox.requests();
		expect(request).toMatchObject({
			method: 'GET',
			path: '/BusinessIntelligence/LiveData/Report',
			status: 200,
		});
		expect(request.query).toEqual({ customerId: 'G2', ...range });
		const events = eventsIn('G2', range);
		expect(events.length).toBeGreaterThan(0);
		expect(jsonOf(items).map((row) => row.userId)).toEqual(
			reportAgents('G2', events).map((agent) => agent.userId),
		);
		for (const row of jsonOf(items))
			expect(row).toMatchObject(counted(events.filter((event) => event.userId === row.userId)));
	});

	test('Activity Report as the whole report carries the totals of the office', async () => {
		const range = lastTwoMonths(store());
		const { items } = await liveData({ operation: 'getReport', ...range, output: 'report' });
		expect(items).toHaveLength(1);
		expect(items[0].json.totals).toEqual(counted(eventsIn('M30011', range)));
		expect((items[0].json.users as IDataObject[]).length).toBe(
			reportAgents('M30011', eventsIn('M30011', range)).length,
		);
	});

	test('Commission Report gives contracts and commission per agent, and says the service counts only 3 months', async () => {
		const range = lastTwoMonths(store());
		const { items, error } = await liveData({ operation: 'getCommissionReport', ...range });
		expect(error).toBeUndefined();
		const [request] = await sandbox.requests();
		expect(request).toMatchObject({
			method: 'GET',
			path: '/BusinessIntelligence/LiveData/CommissionReport',
		});
		expect(request.query).toEqual({ customerId: 'M30011', ...range });
		const events = eventsIn('M30011', range);
		const contracts = events.filter((event) => event.type === 'ContractSigned');
		expect(contracts.length).toBeGreaterThan(0);
		for (const row of jsonOf(items)) {
			const own = contracts.filter((event) => event.userId === row.userId);
			expect(row).toMatchObject({
				contracts: own.length,
				commission: own.reduce((total, event) => total + event.commission, 0),
			});
		}
		const selector = nodeType.description.properties.find(
			(property) =>
				property.name === 'operation' &&
				property.displayOptions?.show?.resource?.includes('liveData'),
		);
		const option = (selector!.options as INodePropertyOptions[]).find(
			(candidate) => candidate.value === 'getCommissionReport',
		);
		expect(option!.description).toContain('only the commissions of the latest 3 months');
	});

	test('Live data for more than two months is refused before anything is sent', async () => {
		const { error } = await liveData({
			operation: 'getCommissionReport',
			dateFrom: '2026-01-01T00:00:00Z',
			dateTo: '2026-03-02T00:00:00Z',
		});
		expect(error?.message).toBe('The range from Start Date to End Date must not exceed two months');
		expect(await sandbox.requests()).toHaveLength(0);
	});

	test('Running Commissions: one item per deal signed in the period, settled once the buyer has moved in', async () => {
		const range = lastTwoMonths(store());
		const { items, error } = await running({ operation: 'getAll', ...range, customerId: 'G2' });
		expect(error).toBeUndefined();
		const [request] = await sandbox.requests();
		expect(request).toMatchObject({
			method: 'GET',
			path: '/BusinessIntelligence/RunningCommissions',
		});
		expect(request.query).toEqual({ customerId: 'G2', ...range });
		const deals = soldIn(store(), officesOf(store(), 'G2'), range);
		expect(deals.length).toBeGreaterThan(0);
		expect(jsonOf(items).map((row) => [row.estateId, row.commission, row.settled])).toEqual(
			deals.map((estate) => [
				estate.id,
				estate.commission.amount,
				estate.accessDate !== null && Date.parse(estate.accessDate) <= Date.parse(range.dateTo),
			]),
		);
	});

	test('Running Commissions for more than two months, or without an end, is refused before sending', async () => {
		const long = await running({
			operation: 'getAll',
			dateFrom: '2026-01-01T00:00:00Z',
			dateTo: '2026-06-01T00:00:00Z',
		});
		expect(long.error?.message).toBe(
			'The range from Start Date to End Date must not exceed two months',
		);
		const open = await running(
			{ operation: 'getAll', dateFrom: '2026-01-01T00:00:00Z', dateTo: '={{ $json.end }}' },
			{ input: [{ end: '' }] },
		);
		expect(open.error?.message).toBe('End Date is required');
		expect(await sandbox.requests()).toHaveLength(0);
	});
});
