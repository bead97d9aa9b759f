import type { Estate } from '../../sandbox/src/store/types';
import { estateOf, findContact, liveTime, useTestSandbox } from './helpers';

const sb = useTestSandbox();

const store = () => sb.handle.store;
const DAY = 86_400_000;
/** The seed's last year: every seeded sale lies within it. */
const lastYear = () => {
	const to = store().seedOptions.now.getTime();
	return { dateFrom: new Date(to - 364 * DAY).toISOString(), dateTo: new Date(to).toISOString() };
};
const OFFICES: Record<string, string[]> = {
	G2: ['M30011', 'M30012'],
	M30011: ['M30011'],
	M30012: ['M30012'],
};

/** Sold estates counted by the store itself: offices, contract date within the range, optional assignment. */
function soldIn(
	offices: string[],
	range: { dateFrom: string; dateTo: string },
	assignment?: string,
): Estate[] {
	const from = Date.parse(range.dateFrom);
	const to = Date.parse(range.dateTo);
	return [...store().estates.values()].filter(
		(e) =>
			offices.includes(e.customerId) &&
			e.status === 'Sold' &&
			e.contractDate !== null &&
			Date.parse(e.contractDate) >= from &&
			Date.parse(e.contractDate) <= to &&
			(!assignment || e.commission.assignment === assignment),
	);
}
const figures = (estates: Estate[]) => ({
	soldEstates: estates.length,
	salesVolume: estates.reduce((total, e) => total + (e.finalPrice ?? 0), 0),
	commission: estates.reduce((total, e) => total + e.commission.amount, 0),
});

describe('commission reports (4.3)', () => {
	it('CommissionOfficeReport: one row per office of the group, figures from the sold estates', async () => {
		const range = lastYear();
		const response = await sb.demo.get('/BusinessIntelligence/CommissionOfficeReport/G2', {
			params: range,
		});
		expect(response.status).toBe(200);
		expect(response.data.map((r: { customerId: string }) => r.customerId)).toEqual([
			'M30011',
			'M30012',
		]);
		for (const row of response.data) {
			const expected = figures(soldIn([row.customerId], range));
			expect(expected.soldEstates).toBeGreaterThan(0);
			expect(row).toMatchObject({
				...expected,
				assignment: null,
				officeName: store().offices.get(row.customerId)!.name,
			});
			expect(row.averageCommission).toBe(Math.round(expected.commission / expected.soldEstates));
		}
		const office = await sb.demo.get('/BusinessIntelligence/CommissionOfficeReport/M30011', {
			params: range,
		});
		expect(office.data).toEqual([response.data[0]]);
	});

	it('narrows to one assignment; Sale and Writing together make the whole', async () => {
		const range = lastYear();
		const all = (
			await sb.demo.get('/BusinessIntelligence/CommissionOfficeReport/M30012', { params: range })
		).data[0];
		const sale = (
			await sb.demo.get('/BusinessIntelligence/CommissionOfficeReport/M30012', {
				params: { ...range, assignment: 'Sale' },
			})
		).data[0];
		const writing = (
			await sb.demo.get('/BusinessIntelligence/CommissionOfficeReport/M30012', {
				params: { ...range, assignment: 'Writing' },
			})
		).data[0];
		expect(sale).toMatchObject({
			...figures(soldIn(['M30012'], range, 'Sale')),
			assignment: 'Sale',
		});
		expect(writing).toMatchObject(figures(soldIn(['M30012'], range, 'Writing')));
		expect(sale.commission + writing.commission).toBe(all.commission);
		expect(sale.soldEstates + writing.soldEstates).toBe(all.soldEstates);
	});

	it('changes when an estate is sold within the range', async () => {
		const range = lastYear();
		const before = (
			await sb.demo.get('/BusinessIntelligence/CommissionOfficeReport/M30011', { params: range })
		).data[0];
		const estate = estateOf(sb, 'M30011');
		Object.assign(estate, {
			status: 'Sold',
			finalPrice: 5_000_000,
			contractDate: range.dateTo,
			commission: { assignment: 'Sale', amount: 77_000, percent: null },
		});
		const after = (
			await sb.demo.get('/BusinessIntelligence/CommissionOfficeReport/M30011', { params: range })
		).data[0];
		expect(after.soldEstates).toBe(before.soldEstates + 1);
		expect(after.commission).toBe(before.commission + 77_000);
		expect(after.salesVolume).toBe(before.salesVolume + 5_000_000);
	});

	it('CommissionOfficeReportByMonth: every month of the range per office, sorted by year and month', async () => {
		const range = lastYear();
		const response = await sb.demo.get('/BusinessIntelligence/CommissionOfficeReportByMonth/G2', {
			params: range,
		});
		expect(response.status).toBe(200);
		const { rows, totals } = response.data;
		expect(response.data).toMatchObject({
			customerId: 'G2',
			assignment: null,
			dateFrom: liveTime(range.dateFrom),
			dateTo: liveTime(range.dateTo),
		});
		const keys = rows.map(
			(r: { year: number; month: number; customerId: string }) =>
				`${r.year}-${String(r.month).padStart(2, '0')} ${r.customerId}`,
		);
		expect(keys).toEqual([...keys].sort());
		expect(rows).toHaveLength(13 * 2);
		for (const row of rows) {
			const prefix = `${row.year}-${String(row.month).padStart(2, '0')}`;
			expect(row).toMatchObject(
				figures(soldIn([row.customerId], range).filter((e) => e.contractDate!.startsWith(prefix))),
			);
		}
		expect(totals).toEqual(figures(soldIn(OFFICES.G2, range)));
	});

	it('CommissionUserReport: one row per agent of the office or group, sales counted for the estate agent', async () => {
		const range = lastYear();
		const response = await sb.demo.get('/BusinessIntelligence/CommissionUserReport/G2', {
			params: { ...range, assignment: 'Sale' },
		});
		expect(response.status).toBe(200);
		const sold = soldIn(OFFICES.G2, range, 'Sale');
		const expectedUsers = [...store().agents.values()]
			.filter(
				(a) =>
					a.customerId.some((id) => OFFICES.G2.includes(id)) &&
					(!a.archived || sold.some((e) => e.agentId === a.userId)),
			)
			.map((a) => a.userId)
			.sort();
		expect(response.data.map((r: { userId: string }) => r.userId)).toEqual(expectedUsers);
		for (const row of response.data) {
			expect(row).toMatchObject({
				...figures(sold.filter((e) => e.agentId === row.userId)),
				userName: store().agents.get(row.userId)!.userName,
				assignment: 'Sale',
			});
		}
		const office = await sb.sodermalm.get('/BusinessIntelligence/CommissionUserReport/M30011', {
			params: range,
		});
		expect(office.status).toBe(200);
		expect(office.data.every((r: { customerId: string }) => r.customerId === 'M30011')).toBe(true);
		expect(office.data.length).toBeGreaterThan(0);
	});

	it('400 for missing dates, a bad assignment, a bad date and a range over one year; 403 for other firms', async () => {
		const url = '/BusinessIntelligence/CommissionOfficeReport/M30011';
		const missing = await sb.demo.get(url, { params: { dateTo: '2026-01-31T00:00:00Z' } });
		expect(missing.status).toBe(400);
		expect(missing.data.errors).toEqual([{ field: 'dateFrom', message: 'is required' }]);
		const badEnum = await sb.demo.get('/BusinessIntelligence/CommissionUserReport/M30011', {
			params: { dateFrom: '2026-01-01', dateTo: '2026-02-01', assignment: 'Rental' },
		});
		expect(badEnum.status).toBe(400);
		expect(badEnum.data.errors[0].field).toBe('assignment');
		const badDate = await sb.demo.get(url, {
			params: { dateFrom: 'yesterday', dateTo: '2026-02-01' },
		});
		expect(badDate.data.errors[0]).toEqual({
			field: 'dateFrom',
			message: 'must be an ISO 8601 date-time',
		});
		const tooLong = await sb.demo.get(
			'/BusinessIntelligence/CommissionOfficeReportByMonth/M30011',
			{ params: { dateFrom: '2025-01-01T00:00:00Z', dateTo: '2026-01-01T00:00:01Z' } },
		);
		expect(tooLong.status).toBe(400);
		expect(tooLong.data.errors[0].field).toBe('dateTo');
		expect(
			(
				await sb.demo.get(url, {
					params: { dateFrom: '2025-01-01T00:00:00Z', dateTo: '2026-01-01T00:00:00Z' },
				})
			).status,
		).toBe(200);
		expect(
			(await sb.demo.get(url, { params: { dateFrom: '2026-02-01', dateTo: '2026-01-01' } })).status,
		).toBe(400);
		const range = lastYear();
		expect((await sb.other.get(url, { params: range })).status).toBe(403);
		expect(
			(await sb.sodermalm.get('/BusinessIntelligence/CommissionOfficeReport/G2', { params: range }))
				.status,
		).toBe(403);
		expect((await sb.anonymous.get(url, { params: range })).status).toBe(401);
	});

	it('answers in XML when asked', async () => {
		const response = await sb.demo.get('/BusinessIntelligence/CommissionOfficeReport/G2', {
			params: lastYear(),
			headers: { Accept: 'application/xml' },
		});
		expect(response.status).toBe(200);
		expect(response.headers['content-type']).toMatch(/^application\/xml/);
		expect(response.data).toMatch(
			/^<ArrayOfCommissionOfficeReport[^>]*><CommissionOfficeReport><CustomerId>M30011<\/CustomerId>/,
		);
		expect(response.data.match(/<CommissionOfficeReport>/g)).toHaveLength(2);
	});
});

describe('sales reports (4.3)', () => {
	const SELECTION_FIELD: Record<string, keyof Estate> = {
		Create: 'createdAt',
		Access: 'accessDate',
		Agreement: 'agreementDate',
		Changed: 'changedAt',
		LatestPropertyChangeDate: 'latestPropertyChangeDate',
	};

	/** The estate sale reports of a sales report, each with the office, year and month it is listed under. */
	type SaleRow = {
		id: string;
		customerId: string;
		year: string;
		month: string;
		[key: string]: unknown;
	};
	const rowsOf = (report: {
		officeSaleReports: {
			customerId: string;
			years: { year: string; months: { month: string; estateSaleReports: { id: string }[] }[] }[];
		}[];
	}): SaleRow[] =>
		report.officeSaleReports.flatMap((office) =>
			office.years.flatMap((year) =>
				year.months.flatMap((month) =>
					month.estateSaleReports.map((e) => ({
						...e,
						customerId: office.customerId,
						year: year.year,
						month: month.month,
					})),
				),
			),
		);

	it('GetSalesReport: the estates whose selected date lies in the range, by office, year and month of that date, oldest first', async () => {
		const to = store().seedOptions.now.getTime();
		const range = {
			dateFrom: new Date(to - 120 * DAY).toISOString(),
			dateTo: new Date(to).toISOString(),
		};
		for (const [selectionType, field] of Object.entries(SELECTION_FIELD)) {
			const response = await sb.demo.get('/BusinessIntelligence/GetSalesReport', {
				params: { customerId: 'G2', selectionType, ...range },
			});
			expect(response.status).toBe(200);
			const expected = [...store().estates.values()]
				.filter(
					(e) =>
						OFFICES.G2.includes(e.customerId) &&
						e[field] !== null &&
						Date.parse(e[field] as string) >= Date.parse(range.dateFrom) &&
						Date.parse(e[field] as string) <= to,
				)
				.sort((a, b) =>
					a.customerId !== b.customerId
						? a.customerId < b.customerId
							? -1
							: 1
						: (a[field] as string) < (b[field] as string)
							? -1
							: (a[field] as string) > (b[field] as string)
								? 1
								: a.id < b.id
									? -1
									: 1,
				);
			const rows = rowsOf(response.data);
			expect(rows.map((r) => r.id)).toEqual(expected.map((e) => e.id));
			if (selectionType === 'Create') expect(expected.length).toBeGreaterThan(5);
			for (const row of rows) {
				const at = new Date(store().estates.get(row.id)![field] as string);
				expect([row.year, row.month]).toEqual([
					String(at.getUTCFullYear()),
					String(at.getUTCMonth() + 1),
				]);
			}
		}
	});

	it('an estate sale report carries status, prices, commission, agent and days; ProdDb is the smaller model; an office sees its own estates', async () => {
		const params = { customerId: 'G2', selectionType: 'Create' };
		const report = (await sb.demo.get('/BusinessIntelligence/GetSalesReport', { params })).data;
		const rows = rowsOf(report);
		expect(rows).toHaveLength(
			[...store().estates.values()].filter((e) => OFFICES.G2.includes(e.customerId)).length,
		);
		expect(
			report.officeSaleReports.map((o: { customerId: string; officeName: string }) => [
				o.customerId,
				o.officeName,
			]),
		).toEqual([
			['M30011', 'Mäklarhuset Södermalm'],
			['M30012', 'Mäklarhuset Uppsala'],
		]);
		const row = rows.find((r) => (r.status as { text: string }).text === 'Sold')!;
		const estate = store().estates.get(row.id)!;
		const agent = store().agents.get(estate.agentId)!;
		expect(row).toMatchObject({
			estateNumber: estate.estateNumber,
			finalPrice: estate.finalPrice,
			startingPrice: estate.startingPrice,
			commission: estate.commission.amount,
			assignment: { text: estate.commission.assignment },
			type: { text: estate.type },
			contractDay: liveTime(estate.contractDate),
			accessDay: liveTime(estate.accessDate),
			currencyCode: 'SEK',
		});
		expect(row.agents).toEqual([
			expect.objectContaining({
				id: agent.userId,
				employeeId: agent.userName,
				responsible: true,
				commission: { value: estate.commission.amount, percentageOfTotal: 100 },
			}),
		]);
		expect(
			await sb.demo.get('/BusinessIntelligence/GetEstatesReport', { params }).then((r) => r.data),
		).toEqual(report);
		const prodDb = rowsOf(
			(await sb.demo.get('/BusinessIntelligence/GetEstateReportProdDb', { params })).data,
		);
		expect(prodDb.map((r) => r.id)).toEqual(rows.map((r) => r.id));
		expect(prodDb.find((r) => r.id === row.id)).not.toHaveProperty('currencyCode');
		const office = (
			await sb.sodermalm.get('/BusinessIntelligence/GetEstatesReport', {
				params: { ...params, customerId: 'M30011' },
			})
		).data;
		expect(rowsOf(office)).toEqual(rows.filter((r) => r.customerId === 'M30011'));
	});

	it('sales reports: 400 for a missing or unknown selectionType and a reversed range, 403 for other firms, XML out', async () => {
		const missing = await sb.demo.get('/BusinessIntelligence/GetSalesReport', {
			params: { customerId: 'G2' },
		});
		expect(missing.status).toBe(400);
		expect(missing.data.errors).toEqual([{ field: 'selectionType', message: 'is required' }]);
		const bad = await sb.demo.get('/BusinessIntelligence/GetEstateReportProdDb', {
			params: { customerId: 'G2', selectionType: 'Sold' },
		});
		expect(bad.data.errors[0].field).toBe('selectionType');
		const noCustomer = await sb.demo.get('/BusinessIntelligence/GetEstatesReport', {
			params: { selectionType: 'Create' },
		});
		expect(noCustomer.data.errors).toEqual([{ field: 'customerId', message: 'is required' }]);
		const reversed = await sb.demo.get('/BusinessIntelligence/GetSalesReport', {
			params: {
				customerId: 'G2',
				selectionType: 'Create',
				dateFrom: '2026-03-01',
				dateTo: '2026-02-01',
			},
		});
		expect(reversed.status).toBe(400);
		expect(
			(
				await sb.other.get('/BusinessIntelligence/GetSalesReport', {
					params: { customerId: 'M30011', selectionType: 'Create' },
				})
			).status,
		).toBe(403);
		expect(
			(
				await sb.sodermalm.get('/BusinessIntelligence/GetSalesReport', {
					params: { customerId: 'G2', selectionType: 'Create' },
				})
			).status,
		).toBe(403);
		const xml = await sb.demo.get('/BusinessIntelligence/GetSalesReport', {
			params: { customerId: 'M30011', selectionType: 'Create' },
			headers: { Accept: 'text/xml' },
		});
		expect(xml.data).toMatch(
			/^<SalesReportResponse[^>]*><OfficeSaleReports><OfficeYearlyReport><CustomerId>M30011<\/CustomerId>/,
		);
		expect(xml.data).toContain('<EstateSaleReports><EstateSaleReport><Id>');
	});

	it("GetSalesReportForEstate: by id or number, the estate's sale report", async () => {
		const estate = estateOf(sb, 'M30011');
		const byId = await sb.demo.get('/BusinessIntelligence/GetSalesReportForEstate', {
			params: { customerId: 'G2', estateId: estate.id },
		});
		expect(byId.status).toBe(200);
		expect(byId.data.estates).toHaveLength(1);
		expect(byId.data.estates[0]).toMatchObject({
			id: estate.id,
			estateNumber: estate.estateNumber,
			startingPrice: estate.startingPrice,
			commission: estate.commission.amount,
		});
		const byNumber = await sb.sodermalm.get('/BusinessIntelligence/GetSalesReportForEstate', {
			params: { customerId: 'M30011', estateNumber: estate.estateNumber },
		});
		expect(byNumber.data).toEqual(byId.data);
	});

	it('GetSalesReportForEstate: 400 without an estate or with a mismatch, 404 unknown, 403 another office', async () => {
		const url = '/BusinessIntelligence/GetSalesReportForEstate';
		const none = await sb.demo.get(url, { params: { customerId: 'G2' } });
		expect(none.status).toBe(400);
		expect(none.data.errors[0].field).toBe('estateId');
		const estate = estateOf(sb, 'M30012');
		const mismatch = await sb.demo.get(url, {
			params: { customerId: 'G2', estateId: estate.id, estateNumber: '30012-9999' },
		});
		expect(mismatch.data.errors[0].field).toBe('estateNumber');
		expect(
			(await sb.demo.get(url, { params: { customerId: 'G2', estateId: 'OBJ30011_2041199999' } }))
				.status,
		).toBe(404);
		expect(
			(await sb.demo.get(url, { params: { customerId: 'G2', estateNumber: '30012-9999' } })).status,
		).toBe(404);
		expect(
			(await sb.sodermalm.get(url, { params: { customerId: 'M30011', estateId: estate.id } }))
				.status,
		).toBe(403);
		expect(
			(
				await sb.demo.get(url, {
					params: { customerId: 'M30011', estateNumber: estate.estateNumber },
				})
			).status,
		).toBe(403);
		expect(
			(await sb.other.get(url, { params: { customerId: 'M30012', estateId: estate.id } })).status,
		).toBe(403);
	});

	it('Estates: per office, its homes sold by contract date in a list per kind, oldest first, within the range', async () => {
		const range = lastYear();
		const response = await sb.demo.get('/BusinessIntelligence/Estates', {
			params: { customerId: 'G2' },
		});
		expect(response.status).toBe(200);
		expect(response.data.map((o: { customerId: string }) => o.customerId)).toEqual([
			'M30011',
			'M30012',
		]);
		const kinds: Record<string, string> = {
			House: 'houses',
			Cottage: 'cottages',
			Farm: 'farms',
			Condominium: 'condominiums',
		};
		const expected = soldIn(OFFICES.G2, range).sort((a, b) =>
			a.contractDate! < b.contractDate! ? -1 : 1,
		);
		for (const office of response.data) {
			for (const [type, list] of Object.entries(kinds)) {
				const ids = office[list].map((r: { id: string }) => r.id);
				expect(ids).toEqual(
					expected
						.filter((e) => e.customerId === office.customerId && e.type === type)
						.map((e) => e.id),
				);
			}
			expect(office.plots).toEqual([]);
		}
		const first = expected[0];
		const reference = response.data.find(
			(o: { customerId: string }) => o.customerId === first.customerId,
		)[kinds[first.type]][0];
		expect(reference).toMatchObject({
			id: first.id,
			status: { text: 'Sold' },
			contractDay: liveTime(first.contractDate),
			responsibleAgentName: expect.any(String),
		});
		const middle = expected[Math.floor(expected.length / 2)].contractDate!;
		const later = await sb.demo.get('/BusinessIntelligence/Estates', {
			params: { customerId: 'M30012', dateFrom: middle },
		});
		const laterIds = Object.values(kinds)
			.flatMap((list) => later.data[0][list].map((r: { id: string }) => r.id))
			.sort();
		expect(laterIds).toEqual(
			expected
				.filter((e) => e.customerId === 'M30012' && e.contractDate! >= middle)
				.map((e) => e.id)
				.sort(),
		);
		expect(
			(await sb.other.get('/BusinessIntelligence/Estates', { params: { customerId: 'M30011' } }))
				.status,
		).toBe(403);
		expect(
			(
				await sb.demo.get('/BusinessIntelligence/Estates', {
					params: { customerId: 'G2', dateTo: 'soon' },
				})
			).status,
		).toBe(400);
	});
});

describe('external users and trademarks (4.3)', () => {
	const USER_FIELDS = [
		'archived',
		'cellPhone',
		'customerId',
		'dateChanged',
		'department',
		'emailAddress',
		'image',
		'public',
		'subOffices',
		'telePhone',
		'title',
		'userId',
		'userName',
	];

	it('External/Users: the users of the office or group with the fields of records.md, archived ones included', async () => {
		const group = await sb.demo.get('/BusinessIntelligence/External/Users', {
			params: { customerId: 'G2' },
		});
		expect(group.status).toBe(200);
		const expected = [...store().agents.values()]
			.filter((a) => a.customerId.some((id) => OFFICES.G2.includes(id)))
			.map((a) => a.userId)
			.sort();
		expect(group.data.map((u: { userId: string }) => u.userId)).toEqual(expected);
		for (const user of group.data) expect(Object.keys(user).sort()).toEqual(USER_FIELDS);
		const office = await sb.sodermalm.get('/BusinessIntelligence/External/Users', {
			params: { customerId: 'M30011' },
		});
		expect(office.data.map((u: { userId: string }) => u.userId)).toEqual(
			group.data
				.filter((u: { customerId: string[] }) => u.customerId.includes('M30011'))
				.map((u: { userId: string }) => u.userId),
		);
		const archived = office.data.find((u: { archived: boolean }) => u.archived);
		expect(archived).toMatchObject({
			userId: 'HAN44AC022A1077BBB0A1B0CC0F071D0A38',
			public: false,
		});
		const agent = store().agents.get('HAN126BD4E4523136890F57E2BB7E76FEC6')!;
		expect(office.data[0]).toMatchObject({
			userName: agent.userName,
			title: agent.title,
			emailAddress: agent.emailAddress,
			customerId: ['M30011'],
		});
		expect(
			(
				await sb.other.get('/BusinessIntelligence/External/Users', {
					params: { customerId: 'M30011' },
				})
			).status,
		).toBe(403);
		expect((await sb.demo.get('/BusinessIntelligence/External/Users')).data.errors).toEqual([
			{ field: 'customerId', message: 'is required' },
		]);
		const xml = await sb.other.get('/BusinessIntelligence/External/Users', {
			params: { customerId: 'M40099' },
			headers: { Accept: 'application/xml' },
		});
		expect(xml.data).toMatch(
			/^<ArrayOfUser[^>]*><User><UserId>HAN32628FDFBBC207CADFB70AF52739B6B2<\/UserId>/,
		);
	});

	it('External/Trademarks: the trademarks of the scope with their offices in it', async () => {
		const group = await sb.demo.get('/BusinessIntelligence/External/Trademarks', {
			params: { customerId: 'G2' },
		});
		expect(group.status).toBe(200);
		const tm = store().trademarks.get(store().offices.get('M30011')!.trademarkId)!;
		expect(group.data).toEqual([{ id: tm.id, name: tm.name, customerIds: ['M30011', 'M30012'] }]);
		const office = await sb.sodermalm.get('/BusinessIntelligence/External/Trademarks', {
			params: { customerId: 'M30011' },
		});
		expect(office.data).toEqual([{ id: tm.id, name: tm.name, customerIds: ['M30011'] }]);
		const other = await sb.other.get('/BusinessIntelligence/External/Trademarks', {
			params: { customerId: 'M40099' },
		});
		expect(other.data.map((t: { id: string }) => t.id)).toEqual([
			store().offices.get('M40099')!.trademarkId,
		]);
		expect(
			(
				await sb.sodermalm.get('/BusinessIntelligence/External/Trademarks', {
					params: { customerId: 'G2' },
				})
			).status,
		).toBe(403);
	});
});
