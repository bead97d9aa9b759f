import { FAILURE_MESSAGES } from '../../../nodes/shared/failures';
import { swedishTime, useSandbox } from '../../harness/sandbox';
import {
	agentsAt,
	figures,
	jsonOf,
	lastYear,
	officesOf,
	type Range,
	reportsRunner,
	soldIn,
} from './fixtures';

/** Calendar months (UTC) from the month of the start to the month of the end. */
function monthsTouched(range: Range): number {
	const from = new Date(range.dateFrom);
	const to = new Date(range.dateTo);
	return (
		(to.getUTCFullYear() - from.getUTCFullYear()) * 12 + to.getUTCMonth() - from.getUTCMonth() + 1
	);
}

describe('Estate Broker Reports: commission reports', () => {
	const sandbox = useSandbox();
	const run = reportsRunner(sandbox, 'commissionReport');
	const store = () => sandbox.handle.store;

	test('By Office gives one item per office of the group, with the sold estates of the period', async () => {
		const range = lastYear(store());
		const { items, error } = await run({ operation: 'getByOffice', ...range, customerId: 'G2' });
		expect(error).toBeUndefined();
		const [request] = await sandbox.requests();
		expect(request).toMatchObject({
			method: 'GET',
			path: '/BusinessIntelligence/CommissionOfficeReport/G2',
			status: 200,
		});
		expect(request.query).toEqual(range);
		const offices = officesOf(store(), 'G2');
		expect(jsonOf(items).map((row) => row.customerId)).toEqual(offices);
		for (const row of jsonOf(items)) {
			const expected = figures(soldIn(store(), [String(row.customerId)], range));
			expect(expected.soldEstates).toBeGreaterThan(0);
			expect(row).toMatchObject({
				...expected,
				officeName: store().offices.get(String(row.customerId))!.name,
			});
		}
		expect(items.every((item) => (item.pairedItem as { item: number }).item === 0)).toBe(true);
	});

	test('By Office sends the assignment chosen and counts only those sales', async () => {
		const range = lastYear(store());
		const { items } = await run({ operation: 'getByOffice', ...range, assignment: 'Sale' });
		const [request] = await sandbox.requests();
		expect(request.query).toEqual({ ...range, assignment: 'Sale' });
		expect(jsonOf(items)).toHaveLength(1);
		expect(items[0].json).toMatchObject({
			customerId: 'M30011',
			assignment: 'Sale',
			...figures(soldIn(store(), ['M30011'], range, 'Sale')),
		});
	});

	test('By Office and Month as rows: one item per month and office, adding up to the period', async () => {
		const range = lastYear(store());
		const { items, error } = await run({
			operation: 'getByOfficeAndMonth',
			...range,
			customerId: 'G2',
		});
		expect(error).toBeUndefined();
		const [request] = await sandbox.requests();
		expect(request).toMatchObject({
			method: 'GET',
			path: '/BusinessIntelligence/CommissionOfficeReportByMonth/G2',
		});
		expect(request.query).toEqual(range);
		const offices = officesOf(store(), 'G2');
		const rows = jsonOf(items);
		expect(rows).toHaveLength(monthsTouched(range) * offices.length);
		for (const row of rows) {
			const month = `${String(row.year)}-${String(row.month).padStart(2, '0')}`;
			const sold = soldIn(store(), [String(row.customerId)], range).filter((e) =>
				e.contractDate!.startsWith(month),
			);
			expect(row).toMatchObject(figures(sold));
		}
		expect(rows.reduce((total, row) => total + Number(row.commission), 0)).toBe(
			figures(soldIn(store(), offices, range)).commission,
		);
	});

	test('By Office and Month as the whole report: one item with the rows and the totals of the period', async () => {
		const range = lastYear(store());
		const { items } = await run({ operation: 'getByOfficeAndMonth', ...range, output: 'report' });
		expect(items).toHaveLength(1);
		const report = items[0].json;
		expect(report.totals).toEqual(figures(soldIn(store(), ['M30011'], range)));
		expect(report).toMatchObject({
			customerId: 'M30011',
			dateFrom: swedishTime(range.dateFrom),
			dateTo: swedishTime(range.dateTo),
		});
		expect(report.rows).toHaveLength(monthsTouched(range));
	});

	test('By Agent gives one item per agent with the sales they made', async () => {
		const range = lastYear(store());
		const { items } = await run({ operation: 'getByUser', ...range });
		const [request] = await sandbox.requests();
		expect(request).toMatchObject({
			method: 'GET',
			path: '/BusinessIntelligence/CommissionUserReport/M30011',
		});
		const sold = soldIn(store(), ['M30011'], range);
		const agents = agentsAt(store(), ['M30011']).filter(
			(agent) => !agent.archived || sold.some((e) => e.agentId === agent.userId),
		);
		expect(jsonOf(items).map((row) => row.userId)).toEqual(agents.map((agent) => agent.userId));
		for (const row of jsonOf(items))
			expect(row).toMatchObject(figures(sold.filter((e) => e.agentId === row.userId)));
	});

	test('a period longer than one year is refused before anything is sent', async () => {
		const { error } = await run({
			operation: 'getByUser',
			dateFrom: '2025-01-01T00:00:00Z',
			dateTo: '2026-01-01T00:00:01Z',
		});
		expect(error?.message).toBe('The range from Start Date to End Date must not exceed one year');
		expect(await sandbox.requests()).toHaveLength(0);
	});

	test('an end before the start, and an assignment outside the list, are refused before sending', async () => {
		const reversed = await run({
			operation: 'getByOffice',
			dateFrom: '2026-03-01T00:00:00Z',
			dateTo: '2026-02-01T00:00:00Z',
		});
		expect(reversed.error?.message).toBe('Start Date must not be after End Date');
		const range = lastYear(store());
		const wrong = await run({ operation: 'getByOffice', ...range, assignment: '={{ "Rental" }}' });
		expect(wrong.error?.message).toBe(
			'Assignment must be one of Writing, Valuation, Sale; got "Rental"',
		);
		expect(await sandbox.requests()).toHaveLength(0);
	});

	test('the default period is this month so far, sent as UTC', async () => {
		const { error } = await run({ operation: 'getByOffice' });
		expect(error).toBeUndefined();
		const { dateFrom, dateTo } = (await sandbox.requests())[0].query as Record<string, string>;
		expect(dateFrom).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
		expect(dateTo).toMatch(/Z$/);
		expect(Math.abs(Date.parse(dateTo) - Date.now())).toBeLessThan(60_000);
		expect(Date.parse(dateTo) - Date.parse(dateFrom)).toBeGreaterThanOrEqual(0);
		expect(Date.parse(dateTo) - Date.parse(dateFrom)).toBeLessThan(32 * 86_400_000);
	});

	test('XML gives the same items as JSON', async () => {
		const range = lastYear(store());
		const json = await run({ operation: 'getByOfficeAndMonth', ...range, customerId: 'G2' });
		const xml = await run({
			operation: 'getByOfficeAndMonth',
			...range,
			customerId: 'G2',
			messageFormat: 'xml',
		});
		expect((await sandbox.requests())[1].headers.accept).toBe('application/xml');
		expect(jsonOf(xml.items)).toEqual(jsonOf(json.items));
	});

	test('a customer the credential may not use is a 403 with the access message', async () => {
		const { error } = await run({
			operation: 'getByOffice',
			...lastYear(store()),
			customerId: 'M40099',
		});
		expect(error?.message).toBe(FAILURE_MESSAGES.forbidden);
		expect((await sandbox.requests())[0]).toMatchObject({
			path: '/BusinessIntelligence/CommissionOfficeReport/M40099',
			status: 403,
		});
	});

	test('with Continue On Fail a refused item becomes an error item and the others go on', async () => {
		const range = lastYear(store());
		const { items, error } = await run(
			{ operation: 'getByOffice', dateFrom: '={{ $json.from }}', dateTo: '={{ $json.to }}' },
			{
				input: [
					{ from: '2024-01-01T00:00:00Z', to: '2026-01-01T00:00:00Z' },
					{ from: range.dateFrom, to: range.dateTo },
				],
				continueOnFail: true,
			},
		);
		expect(error).toBeUndefined();
		expect(items).toHaveLength(2);
		expect(items[0].json.error).toBe(
			'The range from Start Date to End Date must not exceed one year',
		);
		expect(items[0].pairedItem).toEqual({ item: 0 });
		expect(items[1].json).toMatchObject({
			customerId: 'M30011',
			...figures(soldIn(store(), ['M30011'], range)),
		});
		expect(items[1].pairedItem).toEqual({ item: 1 });
		expect(await sandbox.requests()).toHaveLength(1);
	});
});
