import type { IDataObject } from 'n8n-workflow';

import type { Budget } from '../../../sandbox/src/store/types';
import { swedishTime, useSandbox } from '../../harness/sandbox';
import { jsonOf, officesOf, reportsRunner, soldIn } from './fixtures';

describe('Estate Broker Reports: budgets', () => {
	const sandbox = useSandbox();
	const run = reportsRunner(sandbox, 'budget');
	const store = () => sandbox.handle.store;

	/** A month the seed has budgets for (this month). */
	const month = () => {
		const now = store().seedOptions.now;
		return { year: now.getUTCFullYear(), month: now.getUTCMonth() + 1 };
	};
	const budgetRows = (
		offices: string[],
		userId: string | null,
		at: { year: number; month: number },
	): Budget[] =>
		store()
			.budgets.filter(
				(row) =>
					offices.includes(row.customerId) &&
					row.userId === userId &&
					row.year === at.year &&
					row.month === at.month,
			)
			.sort((a, b) => a.customerId.localeCompare(b.customerId));

	test('Get Sold Estates Budget of the offices: the office path, one item per office of the group', async () => {
		const at = month();
		const { items, error } = await run({
			operation: 'getEstate',
			budgetOf: 'office',
			...at,
			customerId: 'G2',
		});
		expect(error).toBeUndefined();
		const [request] = await sandbox.requests();
		expect(request).toMatchObject({
			method: 'GET',
			path: `/BusinessIntelligence/Budget/Estate/G2/${at.year}/${at.month}`,
			status: 200,
		});
		const expected = budgetRows(officesOf(store(), 'G2'), null, at);
		expect(expected).toHaveLength(2);
		expect(jsonOf(items)).toEqual(
			expected.map((row) => ({
				customerId: row.customerId,
				userId: null,
				year: at.year,
				month: at.month,
				soldEstates: row.soldEstates,
				registeredEstates: row.registeredEstates,
				changedAt: swedishTime(row.changedAt),
			})),
		);
	});

	test('Year and Month default to the month the workflow runs in', async () => {
		const { error } = await run({ operation: 'getCrm', budgetOf: 'office' });
		expect(error).toBeUndefined();
		// $now is in the workflow's time zone: within a day of now, whatever that zone is.
		const candidates = [-1, 0, 1].map((days) => {
			const date = new Date(Date.now() + days * 86_400_000);
			return `/BusinessIntelligence/Budget/Crm/M30011/${date.getUTCFullYear()}/${date.getUTCMonth() + 1}`;
		});
		expect(candidates).toContain((await sandbox.requests())[0].path);
	});

	test("Get Commission Budget of an agent: the per-user path with the agent's row", async () => {
		const at = month();
		const agent = [...store().agents.values()].find(
			(candidate) => candidate.customerId.includes('M30011') && !candidate.archived,
		)!;
		const { items, error } = await run({
			operation: 'getCommission',
			budgetOf: 'agent',
			userId: agent.userId,
			...at,
		});
		expect(error).toBeUndefined();
		expect((await sandbox.requests())[0].path).toBe(
			`/BusinessIntelligence/Budget/Commission/M30011/${agent.userId}/${at.year}/${at.month}`,
		);
		const [row] = budgetRows(['M30011'], agent.userId, at);
		expect(jsonOf(items)).toEqual([
			{
				customerId: 'M30011',
				userId: agent.userId,
				year: at.year,
				month: at.month,
				commission: row.commission,
				changedAt: swedishTime(row.changedAt),
			},
		]);
	});

	test('Get CRM Budget of the office gives its CRM targets', async () => {
		const at = month();
		const { items } = await run({ operation: 'getCrm', budgetOf: 'office', ...at });
		expect((await sandbox.requests())[0].path).toBe(
			`/BusinessIntelligence/Budget/Crm/M30011/${at.year}/${at.month}`,
		);
		const [row] = budgetRows(['M30011'], null, at);
		expect(items[0].json).toMatchObject({
			customerId: 'M30011',
			valuations: row.valuations,
			newContacts: row.newContacts,
			meetings: row.meetings,
			leads: row.leads,
		});
	});

	test('an agent left empty, a month outside 1 to 12 or a year that is no year is refused before sending', async () => {
		const at = month();
		const noAgent = await run(
			{ operation: 'getEstate', budgetOf: 'agent', userId: '={{ $json.agent }}', ...at },
			{ input: [{ agent: '' }] },
		);
		expect(noAgent.error?.message).toBe('Agent is required');
		const badMonth = await run({
			operation: 'getEstate',
			budgetOf: 'office',
			year: at.year,
			month: '={{ 13 }}',
		});
		expect(badMonth.error?.message).toBe(
			'Month must be a month from 1 (January) to 12 (December); got "13"',
		);
		const badYear = await run({
			operation: 'getCommission',
			budgetOf: 'office',
			year: '={{ 2026.5 }}',
			month: 1,
		});
		expect(badYear.error?.message).toBe('Year must be a year such as 2026; got "2026.5"');
		expect(await sandbox.requests()).toHaveLength(0);
	});

	test("Update sets an agent's figures, and the budget reads show them, the office's as the sum of its agents'", async () => {
		const at = month();
		const agent = [...store().agents.values()].find(
			(candidate) => candidate.customerId.includes('M30011') && !candidate.archived,
		)!;
		const { items, error } = await run({
			operation: 'update',
			officeId: 'M30011',
			userId: agent.userId,
			...at,
			budget: { soldEstates: 7, commission: 412500 },
		});
		expect(error).toBeUndefined();
		const [write] = await sandbox.requests();
		expect(write).toMatchObject({
			method: 'POST',
			path: `/BusinessIntelligence/Budget/M30011/M30011/${agent.userId}/${at.year}/${at.month}`,
			status: 204,
		});
		expect(write.body).toEqual({ estates: { sold: 7 }, commission: 412500 });
		expect(jsonOf(items)).toEqual([
			{
				updated: true,
				officeId: 'M30011',
				userId: agent.userId,
				...at,
				soldEstates: 7,
				commission: 412500,
			},
		]);

		const agentEstate = await run({
			operation: 'getEstate',
			budgetOf: 'agent',
			userId: agent.userId,
			...at,
		});
		expect(agentEstate.items[0].json).toMatchObject({ userId: agent.userId, soldEstates: 7 });
		const officeCommission = await run({ operation: 'getCommission', budgetOf: 'office', ...at });
		const agentsRows = store().budgets.filter(
			(row) =>
				row.customerId === 'M30011' &&
				row.userId !== null &&
				row.year === at.year &&
				row.month === at.month,
		);
		expect(agentsRows.find((row) => row.userId === agent.userId)?.commission).toBe(412500);
		expect(officeCommission.items[0].json.commission).toBe(
			agentsRows.reduce((total, row) => total + row.commission, 0),
		);
	});

	test('Update in XML sends a RealtorBudget document', async () => {
		const at = month();
		const agent = [...store().agents.values()].find(
			(candidate) => candidate.customerId.includes('M30012') && !candidate.archived,
		)!;
		const budget = { saleMeetings: 6, ownBookedSaleMeetings: 2, registeredEstates: 3 };
		const { error } = await run({
			operation: 'update',
			officeId: 'M30012',
			userId: agent.userId,
			...at,
			budget,
			customerId: 'G2',
			messageFormat: 'xml',
		});
		expect(error).toBeUndefined();
		const [write] = await sandbox.requests();
		expect(write.contentType).toContain('application/xml');
		expect(write).toMatchObject({
			path: `/BusinessIntelligence/Budget/G2/M30012/${agent.userId}/${at.year}/${at.month}`,
			status: 204,
		});
		expect(write.body).toEqual({
			estates: { registered: 3 },
			saleMeetings: { total: 6, ownBooked: 2 },
		});
		expect(
			store().budgets.find(
				(row) => row.userId === agent.userId && row.year === at.year && row.month === at.month,
			),
		).toMatchObject({
			meetings: 6,
			ownBookedMeetings: 2,
			registeredEstates: 3,
		});
	});

	test('Update without any figure, or with a negative or broken count, is refused before sending', async () => {
		const at = month();
		const base = {
			operation: 'update',
			officeId: 'M30011',
			userId: 'HAN126BD4E4523136890F57E2BB7E76FEC6',
			...at,
		};
		expect((await run({ ...base, budget: {} })).error?.message).toBe(
			'Add at least one budget figure',
		);
		expect((await run({ ...base, budget: { soldEstates: -1 } })).error?.message).toBe(
			'Estates Sold must be a whole number of 0 or more; got "-1"',
		);
		expect((await run({ ...base, budget: { commission: 2.5 } })).error?.message).toBe(
			'Commission must be a whole number of 0 or more; got "2.5"',
		);
		expect(await sandbox.requests()).toHaveLength(0);
	});
});

describe('Estate Broker Reports: budget reports', () => {
	const sandbox = useSandbox();
	const run = reportsRunner(sandbox, 'budgetReport');
	const store = () => sandbox.handle.store;
	const officeBudget = (office: string, year: number, month: number) =>
		store().budgets.find(
			(row) =>
				row.customerId === office &&
				row.userId === null &&
				row.year === year &&
				row.month === month,
		);

	test('Sold Estates Against Budget: one item per office and month of the period, outcome from the sales', async () => {
		const year = store().seedOptions.now.getUTCFullYear();
		const { items, error } = await run({
			operation: 'getSoldEstates',
			customerId: 'G2',
			period: { fromYear: year, fromMonth: 1, toYear: year, toMonth: 3 },
		});
		expect(error).toBeUndefined();
		const [request] = await sandbox.requests();
		expect(request).toMatchObject({
			method: 'GET',
			path: '/Report/Budget/G2/SoldEstates',
			status: 200,
		});
		expect(request.query).toEqual({
			fromYear: String(year),
			fromMonth: '1',
			toYear: String(year),
			toMonth: '3',
		});
		const expected = officesOf(store(), 'G2').flatMap((office) =>
			[1, 2, 3].map((month) => {
				const prefix = `${year}-${String(month).padStart(2, '0')}`;
				const outcome = soldIn(store(), [office], {}).filter((estate) =>
					estate.contractDate!.startsWith(prefix),
				).length;
				const budget = officeBudget(office, year, month)?.soldEstates ?? 0;
				return { customerId: office, year, month, budget, outcome, difference: outcome - budget };
			}),
		);
		expect(
			jsonOf(items).map(({ customerId, year: y, month, budget, outcome, difference }) => ({
				customerId,
				year: y,
				month,
				budget,
				outcome,
				difference,
			})),
		).toEqual(expected);
	});

	test('Commission Against Budget without a period: this year up to this month, nothing sent', async () => {
		const { items, error } = await run({ operation: 'getCommission' });
		expect(error).toBeUndefined();
		const [request] = await sandbox.requests();
		expect(request).toMatchObject({ method: 'GET', path: '/Report/Budget/M30011/Commission' });
		expect(request.query).toEqual({});
		const now = new Date(store().now());
		expect(jsonOf(items).map((row) => row.month)).toEqual(
			Array.from({ length: now.getUTCMonth() + 1 }, (_, index) => index + 1),
		);
		for (const row of jsonOf(items))
			expect(row.budget).toBe(
				officeBudget('M30011', now.getUTCFullYear(), Number(row.month))?.commission ?? 0,
			);
	});

	test('CRM Against Budget compares each CRM figure, new contacts counted from the contacts created', async () => {
		const now = store().seedOptions.now;
		const at = { year: now.getUTCFullYear(), month: now.getUTCMonth() + 1 };
		const { items } = await run({
			operation: 'getCrm',
			period: { fromYear: at.year, fromMonth: at.month, toYear: at.year, toMonth: at.month },
		});
		expect((await sandbox.requests())[0].path).toBe('/Report/Budget/M30011/Crm');
		expect(items).toHaveLength(1);
		const prefix = `${at.year}-${String(at.month).padStart(2, '0')}`;
		const created = [...store().contacts.values()].filter(
			(contact) => contact.customerId === 'M30011' && contact.createdAt.startsWith(prefix),
		).length;
		const budget = officeBudget('M30011', at.year, at.month)!;
		expect(items[0].json.newContacts).toMatchObject({
			budget: budget.newContacts,
			outcome: created,
		});
		expect((items[0].json.valuations as IDataObject).budget).toBe(budget.valuations);
	});

	test('a period ending before it starts, or a month outside 1 to 12, is refused before sending', async () => {
		const reversed = await run({
			operation: 'getCommission',
			period: { fromYear: 2026, fromMonth: 5, toYear: 2026, toMonth: 4 },
		});
		expect(reversed.error?.message).toBe(
			'From Year and From Month must not be after To Year and To Month',
		);
		const badMonth = await run({ operation: 'getCrm', period: { toMonth: '={{ 0 }}' } });
		expect(badMonth.error?.message).toBe(
			'To Month must be a month from 1 (January) to 12 (December); got "0"',
		);
		expect(await sandbox.requests()).toHaveLength(0);
	});
});
