import type { ActivityResult, Lead, LiveDataEvent } from '../../sandbox/src';
import { estateOf, liveTime, useTestSandbox } from './helpers';

const sb = useTestSandbox();

const store = () => sb.handle.store;
const DAY = 86_400_000;
const OFFICES: Record<string, string[]> = {
	G2: ['M30011', 'M30012'],
	M30011: ['M30011'],
	M30012: ['M30012'],
};
const LEADS = '/BusinessIntelligence/TipsAndLeads/Report';
const PAGED = '/BusinessIntelligence/TipsAndLeads/Report/Paged';
const LIVE = '/BusinessIntelligence/LiveData/Report';
const LIVE_COMMISSION = '/BusinessIntelligence/LiveData/CommissionReport';

/** Two months less a day, ending a minute from now: covers the seed's latest data and activity stamped now. */
function recent(days = 59) {
	const to = Date.parse(sb.handle.store.now()) + 60_000;
	return { dateFrom: new Date(to - days * DAY).toISOString(), dateTo: new Date(to).toISOString() };
}
const within = (iso: string, range: { dateFrom: string; dateTo: string }) =>
	Date.parse(iso) >= Date.parse(range.dateFrom) && Date.parse(iso) <= Date.parse(range.dateTo);
const oldestFirst = (a: Lead, b: Lead) =>
	a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : a.id < b.id ? -1 : 1;
const listOf = (l: Lead) =>
	l.kind === 'Tip' ? 'tips' : l.direction === 'Incoming' ? 'incomingLeads' : 'outgoingLeads';
/** A row's lead, or a tip's tip (SentTip of models.md). */
const leadOf = (row: {
	lead?: { id: string; state?: string };
	tip?: { id: string; state?: string };
}) => (row.lead ?? row.tip)!;
const leadIds = (rows: { lead?: { id: string }; tip?: { id: string } }[]) =>
	rows.map((r) => leadOf(r).id);

/** The store's leads of a scope and range, counted here, split into the report's lists. */
function expectedLeads(
	customerId: string,
	range: { dateFrom: string; dateTo: string },
	status: 'Active' | 'Removed' | 'ActiveAndRemoved' = 'Active',
) {
	const leads = [...store().leads.values()]
		.filter((l) => OFFICES[customerId].includes(l.customerId) && within(l.createdAt, range))
		.filter((l) =>
			status === 'Active' ? !l.removedAt : status === 'Removed' ? !!l.removedAt : true,
		)
		.sort(oldestFirst);
	return {
		all: leads,
		incomingLeads: leads.filter((l) => listOf(l) === 'incomingLeads').map((l) => l.id),
		outgoingLeads: leads.filter((l) => listOf(l) === 'outgoingLeads').map((l) => l.id),
		tips: leads.filter((l) => listOf(l) === 'tips').map((l) => l.id),
	};
}

async function activity(body: object): Promise<ActivityResult> {
	const response = await sb.control.post('/activity', body);
	expect(response.status).toBe(200);
	return response.data;
}

describe('tips and leads report (4.3)', () => {
	it('splits the leads of the range into incoming, outgoing and tips, oldest first, in the row shapes of models.md', async () => {
		const range = recent();
		const response = await sb.demo.get(LEADS, { params: { customerId: 'G2', ...range } });
		expect(response.status).toBe(200);
		expect(Object.keys(response.data).sort()).toEqual(['incomingLeads', 'outgoingLeads', 'tips']);
		const expected = expectedLeads('G2', range);
		expect(expected.incomingLeads.length).toBeGreaterThan(3);
		expect(expected.outgoingLeads.length).toBeGreaterThan(0);
		for (const list of ['incomingLeads', 'outgoingLeads', 'tips'] as const)
			expect(leadIds(response.data[list])).toEqual(expected[list]);
		const incoming = response.data.incomingLeads[0];
		expect(Object.keys(incoming).sort()).toEqual([
			'contact',
			'createdAt',
			'estate',
			'lead',
			'receiver',
			'sender',
		]);
		const lead = store().leads.get(incoming.lead.id)!;
		expect(incoming).toMatchObject({
			createdAt: liveTime(lead.createdAt),
			sender: { name: lead.sender.name },
			receiver: {
				id: lead.receiver.userId,
				name: lead.receiver.name,
				company: { id: lead.receiver.customerId },
			},
			lead: { id: lead.id, type: lead.leadType, state: 'New' },
		});
		expect(incoming.contact?.id ?? null).toBe(lead.contactId);
		expect(incoming.estate?.id ?? null).toBe(lead.estateId);
		expect(Object.keys(response.data.outgoingLeads[0]).sort()).toEqual([
			'contact',
			'createdAt',
			'lead',
			'receiver',
			'sender',
			'user',
		]);
		const outgoing = store().leads.get(response.data.outgoingLeads[0].lead.id)!;
		expect(response.data.outgoingLeads[0].user).toMatchObject({
			id: outgoing.userId,
			type: 'User',
		});
	});

	it('a group covers the leads of its offices', async () => {
		const range = recent();
		const group = (await sb.demo.get(LEADS, { params: { customerId: 'G2', ...range } })).data;
		const a = (await sb.demo.get(LEADS, { params: { customerId: 'M30011', ...range } })).data;
		const b = (await sb.demo.get(LEADS, { params: { customerId: 'M30012', ...range } })).data;
		for (const list of ['incomingLeads', 'outgoingLeads', 'tips']) {
			expect(leadIds(group[list]).sort()).toEqual(
				[...leadIds(a[list]), ...leadIds(b[list])].sort(),
			);
			expect(
				a[list].every(
					(r: { lead: { id: string } }) => store().leads.get(r.lead.id)!.customerId === 'M30011',
				),
			).toBe(true);
		}
		expect(b.incomingLeads.length).toBeGreaterThan(0);
	});

	it('activeStatusTipLead picks active, removed or both', async () => {
		const range = recent();
		const removed = (
			await sb.demo.get(LEADS, {
				params: { customerId: 'G2', ...range, activeStatusTipLead: 'Removed' },
			})
		).data;
		const both = (
			await sb.demo.get(LEADS, {
				params: { customerId: 'G2', ...range, activeStatusTipLead: 'ActiveAndRemoved' },
			})
		).data;
		const active = (
			await sb.demo.get(LEADS, {
				params: { customerId: 'G2', ...range, activeStatusTipLead: 'Active' },
			})
		).data;
		const expectedRemoved = expectedLeads('G2', range, 'Removed');
		expect(expectedRemoved.all.length).toBeGreaterThan(0);
		for (const list of ['incomingLeads', 'outgoingLeads', 'tips'] as const) {
			expect(leadIds(removed[list])).toEqual(expectedRemoved[list]);
			expect(leadIds(both[list])).toEqual(expectedLeads('G2', range, 'ActiveAndRemoved')[list]);
			expect(both[list]).toHaveLength(active[list].length + removed[list].length);
		}
		expect(
			[...removed.incomingLeads, ...removed.tips].every(
				(r: { lead?: { id: string; state?: string }; tip?: { id: string; state?: string } }) =>
					leadOf(r).state === 'RemovedOther',
			),
		).toBe(true);
	});

	it('shows the incoming leads of activity, interest applications and final-price watches', async () => {
		const made = await activity({ customerId: 'M30011', interestApplications: 2 });
		const estate = estateOf(sb, 'M30012');
		expect(
			(
				await sb.demo.post(`/Advertising/Estate/M30012/${estate.id}/interest`, {
					firstName: 'Vera',
					lastName: 'Ekström',
					email: { emailAddress: 'vera.ekstrom@mail.example' },
				})
			).status,
		).toBe(204);
		const interestLead = [...store().interestApplications.values()].pop()!.leadId;
		const watchId = (
			await sb.demo.post(`/Advertising/Estate/M30012/${estate.id}/FinalPriceWatched`, {
				person: {
					firstName: 'Stig',
					lastName: 'Holm',
					email: { emailAddress: 'stig.holm@mail.example' },
				},
			})
		).data;
		const watchLead = store().finalPriceWatches.get(watchId)!.leadId;

		const report = (await sb.demo.get(LEADS, { params: { customerId: 'G2', ...recent() } })).data;
		const ids = leadIds(report.incomingLeads);
		const tail = ids.slice(-4);
		expect(tail).toEqual([...[...made.leads].sort(), interestLead, watchLead]);
		const byId = new Map(report.incomingLeads.map((r: { lead: { id: string } }) => [r.lead.id, r]));
		for (const id of made.leads) {
			expect(byId.get(id)).toMatchObject({
				createdAt: liveTime(made.at),
				lead: { id, type: 'InterestApplication' },
				receiver: { company: { id: 'M30011' } },
			});
		}
		expect(made.contacts.created).toContain(
			(byId.get(made.leads[0]) as { contact: { id: string } }).contact.id,
		);
		expect(byId.get(interestLead)).toMatchObject({
			contact: { firstName: 'Vera', lastName: 'Ekström' },
			estate: { id: estate.id, estateStatus: expect.any(String) },
			lead: { type: 'InterestApplication' },
		});
		expect(byId.get(watchLead)).toMatchObject({
			contact: { firstName: 'Stig', lastName: 'Holm' },
			estate: { id: estate.id },
			lead: { type: 'FinalPriceWatch' },
		});
		const office = (
			await sb.sodermalm.get(LEADS, { params: { customerId: 'M30011', ...recent() } })
		).data;
		expect(leadIds(office.incomingLeads)).toEqual(expect.arrayContaining(made.leads));
		expect(leadIds(office.incomingLeads)).not.toContain(interestLead);
	});

	it('400 for missing dates, a bad status and more than two months; 403 for other firms; XML out', async () => {
		const missing = await sb.demo.get(LEADS, {
			params: { customerId: 'G2', dateFrom: '2026-01-01' },
		});
		expect(missing.status).toBe(400);
		expect(missing.data.errors).toEqual([{ field: 'dateTo', message: 'is required' }]);
		const bad = await sb.demo.get(LEADS, {
			params: {
				customerId: 'G2',
				dateFrom: '2026-01-01',
				dateTo: '2026-02-01',
				activeStatusTipLead: 'All',
			},
		});
		expect(bad.data.errors[0].field).toBe('activeStatusTipLead');
		const long = await sb.demo.get(LEADS, {
			params: {
				customerId: 'G2',
				dateFrom: '2026-01-01T00:00:00Z',
				dateTo: '2026-03-01T00:00:01Z',
			},
		});
		expect(long.status).toBe(400);
		expect(long.data.errors[0].field).toBe('dateTo');
		expect(
			(
				await sb.demo.get(LEADS, {
					params: {
						customerId: 'G2',
						dateFrom: '2026-01-01T00:00:00Z',
						dateTo: '2026-03-01T00:00:00Z',
					},
				})
			).status,
		).toBe(200);
		expect(
			(await sb.other.get(LEADS, { params: { customerId: 'M30011', ...recent() } })).status,
		).toBe(403);
		expect(
			(await sb.sodermalm.get(LEADS, { params: { customerId: 'G2', ...recent() } })).status,
		).toBe(403);
		const xml = await sb.demo.get(LEADS, {
			params: { customerId: 'M30011', ...recent() },
			headers: { Accept: 'application/xml' },
		});
		expect(xml.status).toBe(200);
		expect(xml.data).toMatch(/^<TipsAndLeadsReport[^>]*><IncomingLeads><IncomingLead><CreatedAt>/);
		expect(xml.data).toContain('<OutgoingLeads><OutgoingLead>');
	});
});

describe('paged tips and leads report (4.3)', () => {
	it('pages over the combined rows, oldest first; any range length; every row once', async () => {
		const range = recent(180);
		expect((await sb.demo.get(LEADS, { params: { customerId: 'G2', ...range } })).status).toBe(400);
		const expected = expectedLeads('G2', range, 'ActiveAndRemoved');
		const seen: string[] = [];
		const lists: Record<string, string[]> = { incomingLeads: [], outgoingLeads: [], tips: [] };
		for (let pageIndex = 0; ; pageIndex++) {
			const page = await sb.demo.get(PAGED, {
				params: {
					customerId: 'G2',
					...range,
					activeStatusTipLead: 'ActiveAndRemoved',
					pageIndex,
					pageSize: 7,
				},
			});
			expect(page.status).toBe(200);
			expect(page.data).toMatchObject({
				pageIndex,
				pageSize: 7,
				totalCount: expected.all.length,
				pageCount: Math.ceil(expected.all.length / 7),
			});
			const rows = [...page.data.incomingLeads, ...page.data.outgoingLeads, ...page.data.tips];
			if (pageIndex >= page.data.pageCount) {
				expect(rows).toEqual([]);
				break;
			}
			expect(rows.length).toBe(Math.min(7, expected.all.length - pageIndex * 7));
			const pageIds = expected.all.slice(pageIndex * 7, pageIndex * 7 + 7).map((l) => l.id);
			expect(leadIds(rows).sort()).toEqual([...pageIds].sort());
			seen.push(...pageIds);
			for (const list of Object.keys(lists)) lists[list].push(...leadIds(page.data[list]));
		}
		expect(seen).toEqual(expected.all.map((l) => l.id));
		expect(lists.incomingLeads).toEqual(expected.incomingLeads);
		expect(lists.outgoingLeads).toEqual(expected.outgoingLeads);
		expect(lists.tips).toEqual(expected.tips);
	});

	it('the first page grows with new interest applications', async () => {
		const params = { customerId: 'M30011', ...recent(), pageIndex: 0, pageSize: 1000 };
		const before = (await sb.demo.get(PAGED, { params })).data;
		const made = await activity({ customerId: 'M30011', interestApplications: 3 });
		const after = (await sb.demo.get(PAGED, { params })).data;
		expect(after.totalCount).toBe(before.totalCount + 3);
		expect(leadIds(after.incomingLeads).slice(-3)).toEqual([...made.leads].sort());
	});

	it('400 for a negative pageIndex, a pageSize under 1, missing or non-integer paging; 403 for other firms', async () => {
		const base = { customerId: 'G2', ...recent() };
		const cases: [object, string][] = [
			[{ pageIndex: -1, pageSize: 10 }, 'pageIndex'],
			[{ pageIndex: 0, pageSize: 0 }, 'pageSize'],
			[{ pageSize: 10 }, 'pageIndex'],
			[{ pageIndex: 0 }, 'pageSize'],
			[{ pageIndex: 'first', pageSize: 10 }, 'pageIndex'],
			[{ pageIndex: 0, pageSize: 2.5 }, 'pageSize'],
			[{ pageIndex: 0, pageSize: 10, activeStatusTipLead: 'Open' }, 'activeStatusTipLead'],
		];
		for (const [paging, field] of cases) {
			const response = await sb.demo.get(PAGED, { params: { ...base, ...paging } });
			expect(response.status).toBe(400);
			expect(response.data.errors.map((e: { field: string }) => e.field)).toEqual([field]);
		}
		const missingDate = await sb.demo.get(PAGED, {
			params: { customerId: 'G2', dateFrom: base.dateFrom, pageIndex: 0, pageSize: 5 },
		});
		expect(missingDate.data.errors).toEqual([{ field: 'dateTo', message: 'is required' }]);
		expect(
			(
				await sb.other.get(PAGED, {
					params: { ...base, customerId: 'M30011', pageIndex: 0, pageSize: 5 },
				})
			).status,
		).toBe(403);
		expect(
			(await sb.sodermalm.get(PAGED, { params: { ...base, pageIndex: 0, pageSize: 5 } })).status,
		).toBe(403);
	});
});

describe('running commissions (4.3)', () => {
	it('lists the deals signed within the range with their commission, settled once the access date has passed', async () => {
		const to = store().seedOptions.now.getTime();
		const range = {
			dateFrom: new Date(to - 60 * DAY).toISOString(),
			dateTo: new Date(to).toISOString(),
		};
		const response = await sb.demo.get('/BusinessIntelligence/RunningCommissions', {
			params: { customerId: 'G2', ...range },
		});
		expect(response.status).toBe(200);
		const expected = [...store().estates.values()]
			.filter(
				(e) =>
					OFFICES.G2.includes(e.customerId) &&
					e.status === 'Sold' &&
					within(e.contractDate!, range),
			)
			.sort((a, b) => (a.contractDate! < b.contractDate! ? -1 : 1));
		expect(expected.length).toBeGreaterThan(0);
		expect(response.data.map((r: { estateId: string }) => r.estateId)).toEqual(
			expected.map((e) => e.id),
		);
		response.data.forEach((row: Record<string, unknown>, i: number) => {
			const e = expected[i];
			expect(row).toMatchObject({
				customerId: e.customerId,
				userId: e.agentId,
				commission: e.commission.amount,
				finalPrice: e.finalPrice,
				contractDate: liveTime(e.contractDate),
				settled: Date.parse(e.accessDate!) <= to,
			});
		});
		const office = await sb.sodermalm.get('/BusinessIntelligence/RunningCommissions', {
			params: { customerId: 'M30011', ...range },
		});
		expect(office.data).toEqual(
			response.data.filter((r: { customerId: string }) => r.customerId === 'M30011'),
		);
		const xml = await sb.demo.get('/BusinessIntelligence/RunningCommissions', {
			params: { customerId: 'G2', ...range },
			headers: { Accept: 'text/xml' },
		});
		expect(xml.data).toMatch(/^<ArrayOfRunningCommission[^>]*><RunningCommission><EstateId>/);
	});

	it('400 for a range over two months or missing dates; 403 for other firms', async () => {
		const url = '/BusinessIntelligence/RunningCommissions';
		expect(
			(
				await sb.demo.get(url, {
					params: {
						customerId: 'G2',
						dateFrom: '2026-01-01T00:00:00Z',
						dateTo: '2026-03-02T00:00:00Z',
					},
				})
			).data.errors[0].field,
		).toBe('dateTo');
		expect(
			(await sb.demo.get(url, { params: { customerId: 'G2', dateTo: '2026-03-02' } })).data.errors,
		).toEqual([{ field: 'dateFrom', message: 'is required' }]);
		expect(
			(await sb.other.get(url, { params: { customerId: 'M30011', ...recent() } })).status,
		).toBe(403);
		expect(
			(await sb.sodermalm.get(url, { params: { customerId: 'G2', ...recent() } })).status,
		).toBe(403);
	});
});

describe('live data reports (4.3)', () => {
	const COUNT_OF: Record<string, string> = {
		Login: 'logins',
		ContactCreated: 'contactsCreated',
		ContactUpdated: 'contactsUpdated',
		CallLogged: 'calls',
		ViewingHeld: 'viewings',
		ValuationBooked: 'valuations',
		AssignmentSigned: 'assignments',
		EstatePublished: 'publishedEstates',
		BidRegistered: 'bids',
		ContractSigned: 'contracts',
	};
	const eventsOf = (
		customerId: string,
		range: { dateFrom: string; dateTo: string },
	): LiveDataEvent[] =>
		store().liveData.filter(
			(e) => OFFICES[customerId].includes(e.customerId) && within(e.at, range),
		);
	const countsOf = (events: LiveDataEvent[]) => {
		const counts: Record<string, number> = Object.fromEntries(
			Object.values(COUNT_OF).map((k) => [k, 0]),
		);
		for (const e of events) counts[COUNT_OF[e.type]]++;
		return { ...counts, events: events.length };
	};
	const horizon = () => {
		const d = new Date(sb.handle.store.now());
		d.setUTCMonth(d.getUTCMonth() - 3);
		return d.getTime();
	};
	const commissionOf = (events: LiveDataEvent[]) => {
		const contracts = events.filter(
			(e) => e.type === 'ContractSigned' && Date.parse(e.at) >= horizon(),
		);
		const commission = contracts.reduce((t, e) => t + e.commission, 0);
		return {
			contracts: contracts.length,
			commission,
			averageCommission: contracts.length ? Math.round(commission / contracts.length) : 0,
			valuations: events.filter((e) => e.type === 'ValuationBooked').length,
			assignments: events.filter((e) => e.type === 'AssignmentSigned').length,
		};
	};

	it('LiveData/Report: counts per agent and event type; activity moves them', async () => {
		const range = recent();
		const before = await sb.demo.get(LIVE, { params: { customerId: 'M30011', ...range } });
		expect(before.status).toBe(200);
		expect(before.data).toMatchObject({
			customerId: 'M30011',
			dateFrom: liveTime(range.dateFrom),
			dateTo: liveTime(range.dateTo),
		});
		const agents = [...store().agents.values()].filter(
			(a) =>
				a.customerId.includes('M30011') &&
				(!a.archived || eventsOf('M30011', range).some((e) => e.userId === a.userId)),
		);
		expect(before.data.users.map((u: { userId: string }) => u.userId)).toEqual(
			agents.map((a) => a.userId).sort(),
		);
		for (const row of before.data.users) {
			expect(row).toEqual({
				userId: row.userId,
				userName: store().agents.get(row.userId)!.userName,
				name: `${store().agents.get(row.userId)!.firstName} ${store().agents.get(row.userId)!.lastName}`,
				customerId: 'M30011',
				...countsOf(eventsOf('M30011', range).filter((e) => e.userId === row.userId)),
			});
		}
		expect(before.data.totals).toEqual(countsOf(eventsOf('M30011', range)));
		expect(before.data.totals.events).toBeGreaterThan(100);

		const made = await activity({ customerId: 'M30011', liveData: 5 });
		expect(made.liveData).toBe(5);
		const after = (await sb.demo.get(LIVE, { params: { customerId: 'M30011', ...range } })).data;
		expect(after.totals.events).toBe(before.data.totals.events + 5);
		expect(after.totals).toEqual(countsOf(eventsOf('M30011', range)));
		for (const row of after.users)
			expect(row).toMatchObject(
				countsOf(eventsOf('M30011', range).filter((e) => e.userId === row.userId)),
			);
		const moved = after.users.filter(
			(row: { events: number }, i: number) => row.events !== before.data.users[i].events,
		);
		expect(moved.length).toBeGreaterThan(0);
	});

	it('LiveData/Report: a group sums its offices', async () => {
		const range = recent();
		const group = (await sb.demo.get(LIVE, { params: { customerId: 'G2', ...range } })).data;
		const a = (await sb.demo.get(LIVE, { params: { customerId: 'M30011', ...range } })).data;
		const b = (await sb.demo.get(LIVE, { params: { customerId: 'M30012', ...range } })).data;
		expect(group.users).toEqual(
			[...a.users, ...b.users].sort((x, y) => (x.userId < y.userId ? -1 : 1)),
		);
		expect(group.totals.events).toBe(a.totals.events + b.totals.events);
		expect(group.totals).toEqual(countsOf(eventsOf('G2', range)));
		const xml = await sb.demo.get(LIVE, {
			params: { customerId: 'G2', ...range },
			headers: { Accept: 'application/xml' },
		});
		expect(xml.data).toMatch(/^<LiveDataReport[^>]*><CustomerId>G2<\/CustomerId>/);
		expect(xml.data.match(/<User><UserId>/g)).toHaveLength(group.users.length);
	});

	it('LiveData/CommissionReport: commission of the contracts signed in the range per agent; activity recomputes it', async () => {
		const range = recent();
		const before = await sb.demo.get(LIVE_COMMISSION, { params: { customerId: 'G2', ...range } });
		expect(before.status).toBe(200);
		const events = eventsOf('G2', range);
		expect(events.some((e) => e.type === 'ContractSigned')).toBe(true);
		for (const row of before.data.users)
			expect(row).toMatchObject(commissionOf(events.filter((e) => e.userId === row.userId)));
		expect(before.data.totals).toEqual(commissionOf(events));
		expect(before.data.totals.commission).toBeGreaterThan(0);
		await activity({ customerId: 'G2', liveData: 5 });
		const after = (await sb.demo.get(LIVE_COMMISSION, { params: { customerId: 'G2', ...range } }))
			.data;
		const now = eventsOf('G2', range);
		expect(now).toHaveLength(events.length + 5);
		for (const row of after.users)
			expect(row).toMatchObject(commissionOf(now.filter((e) => e.userId === row.userId)));
		expect(after.totals).toEqual(commissionOf(now));
	});

	it('LiveData/CommissionReport counts only contracts of the latest three months', async () => {
		const old = store().liveData.find(
			(e) =>
				e.type === 'ContractSigned' &&
				Date.parse(e.at) < horizon() - 5 * DAY &&
				OFFICES.G2.includes(e.customerId),
		);
		expect(old).toBeDefined();
		const range = {
			dateFrom: new Date(Date.parse(old!.at) - DAY).toISOString(),
			dateTo: new Date(Date.parse(old!.at) + DAY).toISOString(),
		};
		const activityReport = (await sb.demo.get(LIVE, { params: { customerId: 'G2', ...range } }))
			.data;
		expect(activityReport.totals.contracts).toBeGreaterThan(0);
		const commission = (
			await sb.demo.get(LIVE_COMMISSION, { params: { customerId: 'G2', ...range } })
		).data;
		expect(commission.totals).toMatchObject({ contracts: 0, commission: 0 });
	});

	it('400 for missing dates and more than two months; 403 for other firms', async () => {
		for (const url of [LIVE, LIVE_COMMISSION]) {
			expect(
				(await sb.demo.get(url, { params: { customerId: 'M30011', dateFrom: '2026-01-01' } })).data
					.errors,
			).toEqual([{ field: 'dateTo', message: 'is required' }]);
			expect(
				(await sb.demo.get(url, { params: { dateFrom: '2026-01-01', dateTo: '2026-01-02' } })).data
					.errors,
			).toEqual([{ field: 'customerId', message: 'is required' }]);
			const long = await sb.demo.get(url, {
				params: {
					customerId: 'M30011',
					dateFrom: '2026-01-01T00:00:00Z',
					dateTo: '2026-03-01T00:00:01Z',
				},
			});
			expect(long.status).toBe(400);
			expect(long.data.errors[0].field).toBe('dateTo');
			expect(
				(await sb.other.get(url, { params: { customerId: 'M30011', ...recent() } })).status,
			).toBe(403);
			expect(
				(await sb.sodermalm.get(url, { params: { customerId: 'G2', ...recent() } })).status,
			).toBe(403);
			expect(
				(await sb.sodermalm.get(url, { params: { customerId: 'M30011', ...recent() } })).status,
			).toBe(200);
		}
	});
});
