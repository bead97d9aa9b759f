import type { Budget } from '../../sandbox/src/store/types';
import { liveTime, useTestSandbox } from './helpers';

const sb = useTestSandbox();

const store = () => sb.handle.store;

/** Now by the sandbox's clock. */
const now = () => new Date(store().now());

/** A month with seeded budgets and activity: three months back from now. */
function pastMonth(back = 3): { year: number; month: number } {
	const d = now();
	d.setUTCDate(1);
	d.setUTCMonth(d.getUTCMonth() - back);
	return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1 };
}

const inMonth = (iso: string | null, year: number, month: number) => {
	if (!iso) return false;
	const d = new Date(iso);
	return d.getUTCFullYear() === year && d.getUTCMonth() + 1 === month;
};

/** The stored budget row, read straight from the store's array. */
function storedBudget(
	office: string,
	userId: string | null,
	year: number,
	month: number,
): Budget | undefined {
	return store().budgets.find(
		(b) => b.customerId === office && b.userId === userId && b.year === year && b.month === month,
	);
}

/** Outcome of one office and month, counted from the store's records. */
function outcomeOf(office: string, year: number, month: number) {
	const sold = [...store().estates.values()].filter(
		(e) => e.customerId === office && e.status === 'Sold' && inMonth(e.contractDate, year, month),
	);
	const events = store().liveData.filter(
		(e) => e.customerId === office && inMonth(e.at, year, month),
	);
	return {
		soldEstates: sold.length,
		commission: sold.reduce((sum, e) => sum + e.commission.amount, 0),
		newContacts: [...store().contacts.values()].filter(
			(c) => c.customerId === office && inMonth(c.createdAt, year, month),
		).length,
		leads: [...store().leads.values()].filter(
			(l) => l.customerId === office && inMonth(l.createdAt, year, month),
		).length,
		valuations: events.filter((e) => e.type === 'ValuationBooked').length,
		meetings: events.filter((e) => e.type === 'ViewingHeld').length,
	};
}

type Row = {
	customerId: string;
	year: number;
	month: number;
	budget: number;
	outcome: number;
	difference: number;
	percentOfBudget: number | null;
};

describe('budget reports /Report/Budget (4.3)', () => {
	it('compares office budgets with sold estates and commission computed from the store', async () => {
		const from = pastMonth(5);
		const to = pastMonth(1);
		const range = {
			fromYear: from.year,
			fromMonth: from.month,
			toYear: to.year,
			toMonth: to.month,
		};
		for (const [path, figure] of [
			['SoldEstates', 'soldEstates'],
			['Commission', 'commission'],
		] as const) {
			const response = await sb.demo.get(`/Report/Budget/G2/${path}`, { params: range });
			expect(response.status).toBe(200);
			const rows: Row[] = response.data;
			expect(rows).toHaveLength(2 * 5);
			expect(rows.map((r) => r.customerId)).toEqual([
				...Array(5).fill('M30011'),
				...Array(5).fill('M30012'),
			]);
			expect(rows.slice(0, 5).map((r) => [r.year, r.month])).toEqual(
				[5, 4, 3, 2, 1].map((back) => [pastMonth(back).year, pastMonth(back).month]),
			);
			let anyOutcome = false;
			for (const row of rows) {
				const budget = storedBudget(row.customerId, null, row.year, row.month)![figure];
				const outcome = outcomeOf(row.customerId, row.year, row.month)[figure];
				anyOutcome ||= outcome > 0;
				expect(row).toMatchObject({ budget, outcome, difference: outcome - budget });
				expect(row.percentOfBudget).toBe(
					budget > 0 ? Math.round((outcome / budget) * 1000) / 10 : null,
				);
			}
			expect(anyOutcome).toBe(true);
		}
	});

	it('compares the CRM figures per office and month', async () => {
		const month = pastMonth(2);
		const response = await sb.sodermalm.get('/Report/Budget/M30011/Crm', {
			params: {
				fromYear: month.year,
				fromMonth: month.month,
				toYear: month.year,
				toMonth: month.month,
			},
		});
		expect(response.status).toBe(200);
		expect(response.data).toHaveLength(1);
		const [row] = response.data;
		expect(row).toMatchObject({
			customerId: 'M30011',
			officeName: 'Mäklarhuset Södermalm',
			year: month.year,
			month: month.month,
		});
		const budget = storedBudget('M30011', null, month.year, month.month)!;
		const outcome = outcomeOf('M30011', month.year, month.month);
		for (const figure of ['valuations', 'newContacts', 'meetings', 'leads'] as const) {
			expect(row[figure]).toMatchObject({
				budget: budget[figure],
				outcome: outcome[figure],
				difference: outcome[figure] - budget[figure],
			});
		}
		expect(outcome.meetings + outcome.valuations + outcome.leads).toBeGreaterThan(0);
	});

	it('follows activity: new interest applications raise new contacts and leads of the month', async () => {
		const month = { year: now().getUTCFullYear(), month: now().getUTCMonth() + 1 };
		const params = {
			fromYear: month.year,
			fromMonth: month.month,
			toYear: month.year,
			toMonth: month.month,
		};
		const before = (await sb.demo.get('/Report/Budget/M30011/Crm', { params })).data[0];
		const activity = await sb.control.post('/activity', {
			interestApplications: 3,
			customerId: 'M30011',
		});
		expect(activity.status).toBe(200);
		const after = (await sb.demo.get('/Report/Budget/M30011/Crm', { params })).data[0];
		expect(after.newContacts.outcome).toBe(
			before.newContacts.outcome + activity.data.contacts.created.length,
		);
		expect(after.leads.outcome).toBe(before.leads.outcome + 3);
		expect(after.leads.outcome).toBe(outcomeOf('M30011', month.year, month.month).leads);
	});

	it('defaults to January of this year up to the current month', async () => {
		const today = now();
		const months = today.getUTCMonth() + 1;
		const response = await sb.demo.get('/Report/Budget/M30012/SoldEstates');
		expect(response.status).toBe(200);
		expect(response.data).toHaveLength(months);
		expect(response.data[0]).toMatchObject({
			customerId: 'M30012',
			year: today.getUTCFullYear(),
			month: 1,
		});
		expect(response.data[months - 1].month).toBe(months);
		const lastYear = await sb.demo.get('/Report/Budget/M30012/SoldEstates', {
			params: { toYear: today.getUTCFullYear() - 1 },
		});
		expect(lastYear.data.map((r: Row) => r.month)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
	});

	it('validates months, years and the order of the range', async () => {
		const fieldOf = async (params: Record<string, unknown>) => {
			const response = await sb.demo.get('/Report/Budget/G2/Commission', { params });
			expect(response.status).toBe(400);
			return response.data.errors.map((e: { field: string }) => e.field);
		};
		expect(await fieldOf({ fromMonth: 13 })).toEqual(['fromMonth']);
		expect(await fieldOf({ toMonth: 0 })).toEqual(['toMonth']);
		expect(await fieldOf({ fromYear: 'last' })).toEqual(['fromYear']);
		expect(await fieldOf({ toYear: 2025.5 })).toEqual(['toYear']);
		expect(await fieldOf({ fromYear: 2026, fromMonth: 5, toYear: 2025, toMonth: 12 })).toEqual([
			'toYear',
		]);
		expect(await fieldOf({ fromYear: 2026, fromMonth: 5, toYear: 2026, toMonth: 4 })).toEqual([
			'toMonth',
		]);
		expect(await fieldOf({ fromYear: now().getUTCFullYear() + 1 })).toEqual(['fromYear']);
		expect(await fieldOf({ fromYear: 2000, toYear: 2026 })).toEqual(['toYear']);
	});

	it('refuses customers of other users', async () => {
		expect((await sb.other.get('/Report/Budget/M30011/SoldEstates')).status).toBe(403);
		expect((await sb.demo.get('/Report/Budget/M40099/Crm')).status).toBe(403);
		expect((await sb.sodermalm.get('/Report/Budget/G2/Commission')).status).toBe(403);
		expect((await sb.anonymous.get('/Report/Budget/M30011/SoldEstates')).status).toBe(401);
	});
});

describe('budget reads /BusinessIntelligence/Budget (4.3)', () => {
	it("reads one agent's budget per kind", async () => {
		const { year, month } = pastMonth(1);
		const row = storedBudget('M30011', 'HAN126BD4E4523136890F57E2BB7E76FEC6', year, month)!;
		const base = {
			customerId: 'M30011',
			userId: 'HAN126BD4E4523136890F57E2BB7E76FEC6',
			year,
			month,
			changedAt: liveTime(row.changedAt),
		};
		const estate = await sb.demo.get(
			`/BusinessIntelligence/Budget/Estate/G2/HAN126BD4E4523136890F57E2BB7E76FEC6/${year}/${month}`,
		);
		expect(estate.status).toBe(200);
		expect(estate.data).toEqual([
			{ ...base, soldEstates: row.soldEstates, registeredEstates: row.registeredEstates },
		]);
		const commission = await sb.demo.get(
			`/BusinessIntelligence/Budget/Commission/M30011/HAN126BD4E4523136890F57E2BB7E76FEC6/${year}/${month}`,
		);
		expect(commission.data).toEqual([{ ...base, commission: row.commission }]);
		const crm = await sb.sodermalm.get(
			`/BusinessIntelligence/Budget/Crm/M30011/HAN126BD4E4523136890F57E2BB7E76FEC6/${year}/${month}`,
		);
		expect(crm.data).toEqual([
			{
				...base,
				valuations: row.valuations,
				newContacts: row.newContacts,
				meetings: row.meetings,
				ownBookedMeetings: row.ownBookedMeetings,
				leads: row.leads,
			},
		]);
	});

	it('reads office budgets: one row per office of a group, ordered by office', async () => {
		const { year, month } = pastMonth(2);
		const estate = await sb.demo.get(`/BusinessIntelligence/Budget/Estate/G2/${year}/${month}`);
		expect(estate.status).toBe(200);
		expect(
			estate.data.map((r: { customerId: string; userId: null; soldEstates: number }) => [
				r.customerId,
				r.userId,
				r.soldEstates,
			]),
		).toEqual([
			['M30011', null, storedBudget('M30011', null, year, month)!.soldEstates],
			['M30012', null, storedBudget('M30012', null, year, month)!.soldEstates],
		]);
		const commission = await sb.demo.get(
			`/BusinessIntelligence/Budget/Commission/M30012/${year}/${month}`,
		);
		expect(commission.data).toEqual([
			expect.objectContaining({
				customerId: 'M30012',
				commission: storedBudget('M30012', null, year, month)!.commission,
			}),
		]);
		const crm = await sb.other.get(`/BusinessIntelligence/Budget/Crm/M40099/${year}/${month}`);
		expect(crm.data).toEqual([
			expect.objectContaining({
				customerId: 'M40099',
				leads: storedBudget('M40099', null, year, month)!.leads,
			}),
		]);
		const none = await sb.demo.get('/BusinessIntelligence/Budget/Crm/G2/1999/1');
		expect(none.status).toBe(200);
		expect(none.data).toEqual([]);
	});

	it('answers XML with ArrayOf roots', async () => {
		const { year, month } = pastMonth(1);
		const response = await sb.demo.get(
			`/BusinessIntelligence/Budget/Estate/M30011/HANE8994B35F2DC6672CBAA6E4FEB287DD8/${year}/${month}`,
			{ headers: { Accept: 'application/xml' } },
		);
		expect(response.status).toBe(200);
		expect(response.headers['content-type']).toMatch(/^application\/xml/);
		const row = storedBudget('M30011', 'HANE8994B35F2DC6672CBAA6E4FEB287DD8', year, month)!;
		expect(response.data).toMatch(/<ArrayOfEstateBudget[\s>]/);
		expect(response.data).toContain(
			`<EstateBudget><CustomerId>M30011</CustomerId><UserId>HANE8994B35F2DC6672CBAA6E4FEB287DD8</UserId><Year>${year}</Year><Month>${month}</Month><SoldEstates>${row.soldEstates}</SoldEstates>`,
		);
	});

	it('validates year, month and the user', async () => {
		const errorsOf = async (path: string) => {
			const response = await sb.demo.get(path);
			expect(response.status).toBe(400);
			return response.data.errors.map((e: { field: string }) => e.field);
		};
		expect(
			await errorsOf(
				'/BusinessIntelligence/Budget/Estate/G2/HAN126BD4E4523136890F57E2BB7E76FEC6/2026/13',
			),
		).toEqual(['month']);
		expect(
			await errorsOf(
				'/BusinessIntelligence/Budget/Commission/G2/HAN126BD4E4523136890F57E2BB7E76FEC6/twenty/3',
			),
		).toEqual(['year']);
		expect(await errorsOf('/BusinessIntelligence/Budget/Crm/G2/2026/1.5')).toEqual(['month']);
		expect(await errorsOf('/BusinessIntelligence/Budget/Crm/G2/2026/0')).toEqual(['month']);
		const unknown = await sb.demo.get(
			'/BusinessIntelligence/Budget/Estate/G2/HAN8C502EFB294EC0CA5E8E0F889522EBC2/2026/3',
		);
		expect(unknown.status).toBe(404);
		expect(unknown.data.message).toBe('User HAN8C502EFB294EC0CA5E8E0F889522EBC2 not found');
		expect(
			(
				await sb.demo.get(
					'/BusinessIntelligence/Budget/Estate/G2/HAN89F1BF3423E443537A61B8B5CF07DB8C/2026/3',
				)
			).status,
		).toBe(403);
		expect(
			(
				await sb.sodermalm.get(
					'/BusinessIntelligence/Budget/Estate/M30011/HAN55C6B13B304CB12A6F70D20F7A0302DA/2026/3',
				)
			).status,
		).toBe(403);
		expect((await sb.other.get('/BusinessIntelligence/Budget/Estate/M30011/2026/3')).status).toBe(
			403,
		);
		expect(
			(
				await sb.other.get(
					'/BusinessIntelligence/Budget/Crm/M30011/HAN126BD4E4523136890F57E2BB7E76FEC6/2026/3',
				)
			).status,
		).toBe(403);
	});
});

describe('budget write POST /BusinessIntelligence/Budget (4.3)', () => {
	it('writes an agent budget that the reads, the office budget and the report show', async () => {
		const year = now().getUTCFullYear() + 2;
		const url = `/BusinessIntelligence/Budget/G2/M30011/HANE8994B35F2DC6672CBAA6E4FEB287DD8/${year}/2`;
		const written = await sb.demo.post(url, {
			commission: 310000,
			estates: { sold: 4, registered: 5 },
			saleMeetings: { total: 6, ownBooked: 2 },
		});
		expect(written.status).toBe(204);
		expect(written.data).toBe('');
		const estate = await sb.demo.get(
			`/BusinessIntelligence/Budget/Estate/G2/HANE8994B35F2DC6672CBAA6E4FEB287DD8/${year}/2`,
		);
		expect(estate.data).toEqual([
			expect.objectContaining({
				customerId: 'M30011',
				userId: 'HANE8994B35F2DC6672CBAA6E4FEB287DD8',
				soldEstates: 4,
				registeredEstates: 5,
			}),
		]);
		expect(
			(
				await sb.demo.get(
					`/BusinessIntelligence/Budget/Commission/M30011/HANE8994B35F2DC6672CBAA6E4FEB287DD8/${year}/2`,
				)
			).data[0].commission,
		).toBe(310000);
		const crm = (
			await sb.demo.get(
				`/BusinessIntelligence/Budget/Crm/M30011/HANE8994B35F2DC6672CBAA6E4FEB287DD8/${year}/2`,
			)
		).data[0];
		expect(crm).toMatchObject({
			valuations: 0,
			newContacts: 0,
			meetings: 6,
			ownBookedMeetings: 2,
			leads: 0,
		});

		await sb.demo.post(
			`/BusinessIntelligence/Budget/M30011/M30011/HANE974FF23D0203E1074BC3CAB155A0289/${year}/2`,
			{
				estates: { sold: 3 },
			},
		);
		const office = await sb.demo.get(`/BusinessIntelligence/Budget/Estate/M30011/${year}/2`);
		expect(office.data).toEqual([
			expect.objectContaining({ customerId: 'M30011', userId: null, soldEstates: 7 }),
		]);
		const report = await sb.demo.get('/Report/Budget/M30011/SoldEstates', {
			params: { fromYear: year, fromMonth: 2, toYear: year, toMonth: 2 },
		});
		expect(report.data).toEqual([
			{
				customerId: 'M30011',
				officeName: 'Mäklarhuset Södermalm',
				year,
				month: 2,
				budget: 7,
				outcome: 0,
				difference: -7,
				percentOfBudget: 0,
			},
		]);
		const crmReport = await sb.demo.get('/Report/Budget/M30011/Crm', {
			params: { fromYear: year, fromMonth: 2, toYear: year, toMonth: 2 },
		});
		expect(crmReport.data[0].meetings).toMatchObject({ budget: 6, outcome: 0 });
	});

	it('changes only the figures given and keeps the office sum', async () => {
		const { year, month } = pastMonth(1);
		const before = {
			...storedBudget('M30012', 'HAN20DDE9C116735E10DAFC3016F110AD81', year, month)!,
		};
		const officeBefore = storedBudget('M30012', null, year, month)!.meetings;
		const response = await sb.demo.post(
			`/BusinessIntelligence/Budget/G2/M30012/HAN20DDE9C116735E10DAFC3016F110AD81/${year}/${month}`,
			{ saleMeetings: { total: before.meetings + 10 } },
		);
		expect(response.status).toBe(204);
		const after = storedBudget('M30012', 'HAN20DDE9C116735E10DAFC3016F110AD81', year, month)!;
		expect(after).toMatchObject({
			soldEstates: before.soldEstates,
			commission: before.commission,
			valuations: before.valuations,
			newContacts: before.newContacts,
			leads: before.leads,
			meetings: before.meetings + 10,
		});
		expect(after.changedAt).not.toBe(before.changedAt);
		const office = await sb.demo.get(`/BusinessIntelligence/Budget/Crm/M30012/${year}/${month}`);
		expect(office.data[0].meetings).toBe(officeBefore + 10);
		const report = await sb.demo.get('/Report/Budget/G2/Crm', {
			params: { fromYear: year, fromMonth: month, toYear: year, toMonth: month },
		});
		expect(
			report.data.find((r: { customerId: string }) => r.customerId === 'M30012').meetings.budget,
		).toBe(officeBefore + 10);
	});

	it('validates the body, the office, the user and the month, writing nothing', async () => {
		const { year, month } = pastMonth(1);
		const url = `/BusinessIntelligence/Budget/G2/M30011/HAN126BD4E4523136890F57E2BB7E76FEC6/${year}/${month}`;
		const missing = await sb.demo.post(url, undefined, {
			headers: { 'Content-Type': 'application/json' },
		});
		expect(missing.status).toBe(400);
		expect(missing.data.errors).toEqual([{ field: 'body', message: 'a request body is required' }]);
		const empty = await sb.demo.post(url, {});
		expect(empty.status).toBe(400);
		expect(empty.data.errors[0].field).toBe('body');
		const bad = await sb.demo.post(url, {
			commission: 'lots',
			estates: { sold: 2.5 },
			saleMeetings: 3,
		});
		expect(bad.status).toBe(400);
		expect(bad.data.errors.map((e: { field: string }) => e.field).sort()).toEqual([
			'commission',
			'estates.sold',
			'saleMeetings',
		]);
		// Figures the model lacks are ignored by the service: a body of only those sets nothing.
		const unknown = await sb.demo.post(url, { soldEstates: 4 });
		expect(unknown.status).toBe(400);
		expect(unknown.data.errors[0].field).toBe('body');
		const badMonth = await sb.demo.post(
			'/BusinessIntelligence/Budget/G2/M30011/HAN126BD4E4523136890F57E2BB7E76FEC6/2026/13',
			{
				estates: { sold: 1 },
			},
		);
		expect(badMonth.data.errors).toEqual([{ field: 'month', message: 'must be at most 12' }]);
		const badYear = await sb.demo.post(
			'/BusinessIntelligence/Budget/G2/M30011/HAN126BD4E4523136890F57E2BB7E76FEC6/next/3',
			{
				estates: { sold: 1 },
			},
		);
		expect(badYear.data.errors).toEqual([{ field: 'year', message: 'must be an integer' }]);
		expect(
			(
				await sb.demo.post(
					'/BusinessIntelligence/Budget/G2/M40099/HAN89F1BF3423E443537A61B8B5CF07DB8C/2026/3',
					{
						estates: { sold: 1 },
					},
				)
			).status,
		).toBe(403);
		expect(
			(
				await sb.sodermalm.post(
					'/BusinessIntelligence/Budget/M30011/M30012/HAN55C6B13B304CB12A6F70D20F7A0302DA/2026/3',
					{
						estates: { sold: 1 },
					},
				)
			).status,
		).toBe(403);
		expect(
			(
				await sb.other.post(
					'/BusinessIntelligence/Budget/M30011/M30011/HAN126BD4E4523136890F57E2BB7E76FEC6/2026/3',
					{
						estates: { sold: 1 },
					},
				)
			).status,
		).toBe(403);
		const group = await sb.demo.post(
			'/BusinessIntelligence/Budget/G2/G2/HAN126BD4E4523136890F57E2BB7E76FEC6/2026/3',
			{
				estates: { sold: 1 },
			},
		);
		expect(group.status).toBe(400);
		expect(group.data.errors[0].field).toBe('officeId');
		const wrongOffice = await sb.demo.post(
			'/BusinessIntelligence/Budget/G2/M30011/HAN55C6B13B304CB12A6F70D20F7A0302DA/2026/3',
			{
				estates: { sold: 1 },
			},
		);
		expect(wrongOffice.status).toBe(400);
		expect(wrongOffice.data.errors[0]).toEqual({
			field: 'userId',
			message: 'is not an agent of office M30011',
		});
		expect(
			(
				await sb.demo.post(
					'/BusinessIntelligence/Budget/G2/M30011/HAN8C502EFB294EC0CA5E8E0F889522EBC2/2026/3',
					{
						estates: { sold: 1 },
					},
				)
			).status,
		).toBe(404);
		const seeded = storedBudget(
			'M30011',
			'HAN126BD4E4523136890F57E2BB7E76FEC6',
			year,
			month,
		)!.changedAt;
		expect(store().budgets.every((b) => b.changedAt === seeded)).toBe(true);
	});
});
