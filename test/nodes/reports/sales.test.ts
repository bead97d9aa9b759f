import type { Estate } from '../../../sandbox/src/store/types';
import { swedishTime, useSandbox } from '../../harness/sandbox';
import {
	inRange,
	jsonOf,
	lastYear,
	officesOf,
	type Range,
	reportsRunner,
	soldIn,
} from './fixtures';

describe('Estate Broker Reports: sales reports', () => {
	const sandbox = useSandbox();
	const run = reportsRunner(sandbox, 'sales');
	const store = () => sandbox.handle.store;

	/** The estates a sales report selects, computed from the store: the chosen date within the range, by office, oldest first. */
	function selected(
		customerId: string,
		date: 'agreementDate' | 'createdAt',
		range: Partial<Range>,
	): Estate[] {
		const offices = officesOf(store(), customerId);
		return [...store().estates.values()]
			.filter((e) => offices.includes(e.customerId) && inRange(e[date], range))
			.sort(
				(a, b) =>
					a.customerId.localeCompare(b.customerId) ||
					a[date]!.localeCompare(b[date]!) ||
					a.id.localeCompare(b.id),
			);
	}

	test('Get Sales Report as rows: one item per estate whose agreement date lies in the period', async () => {
		const range = lastYear(store());
		const { items, error } = await run({
			operation: 'getReport',
			selectionType: 'Agreement',
			...range,
			customerId: 'G2',
		});
		expect(error).toBeUndefined();
		const [request] = await sandbox.requests();
		expect(request).toMatchObject({
			method: 'GET',
			path: '/BusinessIntelligence/GetSalesReport',
			status: 200,
		});
		expect(request.query).toEqual({ customerId: 'G2', selectionType: 'Agreement', ...range });
		const expected = selected('G2', 'agreementDate', range);
		expect(expected.length).toBeGreaterThan(1);
		expect(jsonOf(items).map((row) => row.id)).toEqual(expected.map((e) => e.id));
		expected.forEach((estate, index) => {
			const agreed = new Date(estate.agreementDate!);
			expect(items[index].json).toMatchObject({
				customerId: estate.customerId,
				officeName: store().offices.get(estate.customerId)!.name,
				year: String(agreed.getUTCFullYear()),
				month: String(agreed.getUTCMonth() + 1),
				commission: estate.commission.amount,
				status: { text: estate.status },
				...(estate.finalPrice === null ? {} : { finalPrice: estate.finalPrice }),
			});
		});
	});

	test('Get Sales Report as the whole report: the offices with their years and months, as the service gives it', async () => {
		const range = lastYear(store());
		const { items } = await run({
			operation: 'getReport',
			selectionType: 'Agreement',
			...range,
			output: 'report',
		});
		expect(items).toHaveLength(1);
		const report = items[0].json as {
			officeSaleReports: {
				customerId: string;
				years: { months: { estateSaleReports: unknown[] }[] }[];
			}[];
		};
		expect(report.officeSaleReports.map((office) => office.customerId)).toEqual(['M30011']);
		const count = report.officeSaleReports[0].years
			.flatMap((year) => year.months)
			.reduce((total, month) => total + month.estateSaleReports.length, 0);
		expect(count).toBe(selected('M30011', 'agreementDate', range).length);
	});

	test.each([
		['getEstateReportProdDb', '/BusinessIntelligence/GetEstateReportProdDb'],
		['getEstatesReport', '/BusinessIntelligence/GetEstatesReport'],
	])(
		'%s without a period sends no dates and lists every estate by creation',
		async (operation, path) => {
			const { items, error } = await run({ operation, selectionType: 'Create' });
			expect(error).toBeUndefined();
			const [request] = await sandbox.requests();
			expect(request).toMatchObject({ method: 'GET', path });
			expect(request.query).toEqual({ customerId: 'M30011', selectionType: 'Create' });
			expect(jsonOf(items).map((row) => row.id)).toEqual(
				selected('M30011', 'createdAt', {}).map((e) => e.id),
			);
		},
	);

	test('a selection type outside the list is refused before sending', async () => {
		const { error } = await run({ operation: 'getReport', selectionType: '={{ "Sold" }}' });
		expect(error?.message).toBe(
			'Select Estates By must be one of Create, Access, Agreement, Changed, LatestPropertyChangeDate; got "Sold"',
		);
		expect(await sandbox.requests()).toHaveLength(0);
	});

	test('Get for Estate by ID reads the sale of one estate: one item', async () => {
		const estate = soldIn(store(), ['M30011'], {})[0];
		const { items, error } = await run({
			operation: 'getForEstate',
			estateBy: 'id',
			estateId: estate.id,
		});
		expect(error).toBeUndefined();
		const [request] = await sandbox.requests();
		expect(request).toMatchObject({
			method: 'GET',
			path: '/BusinessIntelligence/GetSalesReportForEstate',
		});
		expect(request.query).toEqual({ customerId: 'M30011', estateId: estate.id });
		expect(items).toHaveLength(1);
		expect(items[0].json).toMatchObject({
			id: estate.id,
			estateNumber: estate.estateNumber,
			finalPrice: estate.finalPrice,
			contractDay: swedishTime(estate.contractDate),
			status: { text: 'Sold' },
		});
	});

	test('Get for Estate by estate number sends only the number', async () => {
		const estate = [...store().estates.values()].find((e) => e.customerId === 'M30011')!;
		const { items } = await run({
			operation: 'getForEstate',
			estateBy: 'number',
			estateNumber: estate.estateNumber,
		});
		expect((await sandbox.requests())[0].query).toEqual({
			customerId: 'M30011',
			estateNumber: estate.estateNumber,
		});
		expect(items[0].json).toMatchObject({ id: estate.id, estateNumber: estate.estateNumber });
	});

	test('Get for Estate without the estate is refused before sending', async () => {
		const { error } = await run({
			operation: 'getForEstate',
			estateBy: 'number',
			estateNumber: ' ',
		});
		expect(error?.message).toBe('Estate Number is required');
		expect(await sandbox.requests()).toHaveLength(0);
	});

	test('Get Sold Estates gives one item per estate sold in the period; an open end is not sent', async () => {
		const { dateFrom } = lastYear(store());
		const { items, error } = await run({ operation: 'getSoldEstates', dateFrom, customerId: 'G2' });
		expect(error).toBeUndefined();
		const [request] = await sandbox.requests();
		expect(request).toMatchObject({ method: 'GET', path: '/BusinessIntelligence/Estates' });
		expect(request.query).toEqual({ customerId: 'G2', dateFrom });
		const expected = soldIn(store(), officesOf(store(), 'G2'), { dateFrom });
		expect(expected.length).toBeGreaterThan(0);
		const kinds: Record<string, string> = {
			House: 'houses',
			Cottage: 'cottages',
			Farm: 'farms',
			Condominium: 'condominiums',
		};
		const order = <T extends { customerId: string; kind: string; contractDay: string }>(
			list: T[],
		) =>
			[...list].sort(
				(a, b) =>
					a.customerId.localeCompare(b.customerId) ||
					a.kind.localeCompare(b.kind) ||
					a.contractDay.localeCompare(b.contractDay),
			);
		const got = jsonOf(items) as unknown as {
			id: string;
			customerId: string;
			officeName: string;
			kind: string;
			contractDay: string;
		}[];
		expect(order(got).map((row) => [row.id, row.customerId, row.kind])).toEqual(
			order(
				expected.map((e) => ({
					id: e.id,
					customerId: e.customerId,
					kind: kinds[e.type],
					contractDay: e.contractDate!,
				})),
			).map((row) => [row.id, row.customerId, row.kind]),
		);
		expect(got[0]).toMatchObject({
			officeName: store().offices.get(got[0].customerId)!.name,
			status: { text: 'Sold' },
			responsibleAgentName: expect.any(String),
		});
	});
});
