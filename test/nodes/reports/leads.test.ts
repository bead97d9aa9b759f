import type { IDataObject } from 'n8n-workflow';

import type { Lead } from '../../../sandbox/src/store/types';
import { swedishTime, useSandbox } from '../../harness/sandbox';
import {
	inRange,
	jsonOf,
	lastTwoMonths,
	lastYear,
	officesOf,
	type Range,
	reportsRunner,
} from './fixtures';

const LISTS = ['incomingLeads', 'outgoingLeads', 'tips'];
const listOf = (lead: Lead) =>
	lead.kind === 'Tip' ? 'tips' : lead.direction === 'Incoming' ? 'incomingLeads' : 'outgoingLeads';
/** A row's lead, or a tip's tip (SentTip of models.md). */
const leadIdOf = (row: IDataObject) => ((row.lead ?? row.tip) as IDataObject).id;

describe('Estate Broker Reports: tips and leads', () => {
	const sandbox = useSandbox();
	const run = reportsRunner(sandbox, 'tipsAndLeads');
	const store = () => sandbox.handle.store;

	/** Leads of the customer created in the range, by status, oldest first (ties by id), as the store holds them. */
	function leadsIn(
		customerId: string,
		range: Range,
		status: 'Active' | 'ActiveAndRemoved' | 'Removed' = 'Active',
	): Lead[] {
		const offices = officesOf(store(), customerId);
		return [...store().leads.values()]
			.filter((lead) => offices.includes(lead.customerId) && inRange(lead.createdAt, range))
			.filter((lead) =>
				status === 'ActiveAndRemoved'
					? true
					: status === 'Removed'
						? lead.removedAt !== null
						: lead.removedAt === null,
			)
			.sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id));
	}
	/** The rows as items: list by list, each list oldest first. */
	const asRows = (leads: Lead[]) =>
		LISTS.flatMap((list) =>
			leads.filter((lead) => listOf(lead) === list).map((lead) => [list, lead.id]),
		);

	test('Get Report as rows: one item per lead or tip, each saying which list it is in', async () => {
		const range = lastTwoMonths(store());
		const { items, error } = await run({ operation: 'getReport', ...range, customerId: 'G2' });
		expect(error).toBeUndefined();
		const [request] = await sandbox.requests();
		expect(request).toMatchObject({
			method: 'GET',
			path: '/BusinessIntelligence/TipsAndLeads/Report',
			status: 200,
		});
		expect(request.query).toEqual({ customerId: 'G2', ...range, activeStatusTipLead: 'Active' });
		const expected = leadsIn('G2', range);
		expect(expected.length).toBeGreaterThan(0);
		expect(jsonOf(items).map((row) => [row.list, leadIdOf(row)])).toEqual(asRows(expected));
	});

	test('an interest application made through the activity API shows as an incoming lead', async () => {
		const at = new Date(Date.now() - 60_000).toISOString();
		const activity = await sandbox.control<{
			leads: string[];
			interestApplications: string[];
			contacts: { created: string[] };
		}>('activity', {
			interestApplications: 1,
			at,
			customerId: 'M30011',
		});
		const range = {
			dateFrom: new Date(Date.parse(at) - 3_600_000).toISOString(),
			dateTo: new Date().toISOString(),
		};
		const { items } = await run({ operation: 'getReport', ...range });
		const row = jsonOf(items).find((candidate) => leadIdOf(candidate) === activity.leads[0]);
		expect(row).toMatchObject({
			list: 'incomingLeads',
			createdAt: swedishTime(at),
			lead: { type: 'InterestApplication', state: 'New' },
		});
		expect((row!.contact as IDataObject).id).toBe(activity.contacts.created[0]);
		expect(jsonOf(items).map((candidate) => leadIdOf(candidate))).toEqual(
			asRows(leadsIn('M30011', range)).map(([, id]) => id),
		);
	});

	test('Get Report as the whole report keeps the three lists; Active and Removed adds the removed ones', async () => {
		const range = lastTwoMonths(store());
		const { items } = await run({
			operation: 'getReport',
			...range,
			activeStatusTipLead: 'ActiveAndRemoved',
			output: 'report',
			customerId: 'G2',
		});
		expect((await sandbox.requests())[0].query).toMatchObject({
			activeStatusTipLead: 'ActiveAndRemoved',
		});
		expect(items).toHaveLength(1);
		const expected = leadsIn('G2', range, 'ActiveAndRemoved');
		expect(expected.some((lead) => lead.removedAt !== null)).toBe(true);
		for (const list of LISTS) {
			expect(((items[0].json[list] as IDataObject[]) ?? []).map(leadIdOf)).toEqual(
				expected.filter((lead) => listOf(lead) === list).map((lead) => lead.id),
			);
		}
	});

	test('a period longer than two months is refused before anything is sent', async () => {
		const { error } = await run(
			{ operation: 'getReport', dateFrom: '2026-01-31T00:00:00Z', dateTo: '2026-04-01T00:00:00Z' },
			{ timezone: 'UTC' },
		);
		expect(error?.message).toBe('The range from Start Date to End Date must not exceed two months');
		expect(error?.description).toContain(
			'End Date may be 2026-03-30T23:00:00Z (UTC), 2026-03-31T01:00:00+02:00 (Europe/Stockholm) at the latest',
		);
		expect(await sandbox.requests()).toHaveLength(0);
	});

	test('Get Report in Pages reads the page asked for (zero-based)', async () => {
		const range = lastYear(store());
		const { items, error } = await run({
			operation: 'getPaged',
			...range,
			customerId: 'G2',
			pageIndex: 1,
			pageSize: 5,
		});
		expect(error).toBeUndefined();
		const requests = await sandbox.requests();
		expect(requests).toHaveLength(1);
		expect(requests[0]).toMatchObject({
			method: 'GET',
			path: '/BusinessIntelligence/TipsAndLeads/Report/Paged',
		});
		expect(requests[0].query).toEqual({
			customerId: 'G2',
			...range,
			activeStatusTipLead: 'Active',
			pageIndex: '1',
			pageSize: '5',
		});
		const page = leadsIn('G2', range).slice(5, 10);
		expect(jsonOf(items).map((row) => [row.list, leadIdOf(row)])).toEqual(asRows(page));
	});

	test('Return All walks every page of a period longer than two months, each lead once', async () => {
		const range = lastYear(store());
		const expected = leadsIn('G2', range);
		const { items, error } = await run({
			operation: 'getPaged',
			...range,
			customerId: 'G2',
			returnAll: true,
			pageSize: 7,
		});
		expect(error).toBeUndefined();
		const requests = await sandbox.requests();
		expect(requests.map((request) => request.query.pageIndex)).toEqual(
			Array.from({ length: Math.ceil(expected.length / 7) }, (_, index) => String(index)),
		);
		const ids = jsonOf(items).map(leadIdOf);
		expect(ids).toHaveLength(expected.length);
		expect([...ids].sort()).toEqual(expected.map((lead) => lead.id).sort());
	});

	test('Return All as the whole report joins the pages into one report with the total count', async () => {
		const range = lastYear(store());
		const expected = leadsIn('G2', range, 'Removed');
		const { items } = await run({
			operation: 'getPaged',
			...range,
			customerId: 'G2',
			activeStatusTipLead: 'Removed',
			returnAll: true,
			pageSize: 4,
			output: 'report',
		});
		expect(items).toHaveLength(1);
		expect(items[0].json.totalCount).toBe(expected.length);
		for (const list of LISTS) {
			expect((items[0].json[list] as IDataObject[]).map(leadIdOf)).toEqual(
				expected.filter((lead) => listOf(lead) === list).map((lead) => lead.id),
			);
		}
	});

	test('a negative page index or an empty page size is refused before sending', async () => {
		const range = lastYear(store());
		const negative = await run({ operation: 'getPaged', ...range, pageIndex: -1, pageSize: 10 });
		expect(negative.error?.message).toBe('Page Index is zero-based and must be 0 or more; got -1');
		const empty = await run({ operation: 'getPaged', ...range, returnAll: true, pageSize: 0 });
		expect(empty.error?.message).toBe('Page Size must be 1 or more; got 0');
		expect(await sandbox.requests()).toHaveLength(0);
	});
});
