import { DateTime } from 'luxon';
import type { IDataObject } from 'n8n-workflow';

import { leadKey } from '../../../nodes/EstateBrokerTrigger/events/newLead';
import { serviceLatestEnd } from '../../../nodes/shared/dates';
import { swedishTime, useSandbox } from '../../harness/sandbox';
import { jsonOf, poller, type Activity } from './poller';

const REPORT = '/BusinessIntelligence/TipsAndLeads/Report';

describe('Estate Broker Trigger: New Interest Application or Lead', () => {
	const sandbox = useSandbox();
	const activity = async (body: object) =>
		await sandbox.control<Activity>('activity', { customerId: 'M30011', ...body });
	const leadTrigger = (parameters: object = {}) =>
		poller(sandbox, { event: 'newInterestOrLead', ...parameters });
	const reportCalls = async () =>
		(await sandbox.requests()).filter((request) => request.path === REPORT);

	it('records where it stands on the first run, reading the report over the late-records window in UTC', async () => {
		const trigger = leadTrigger();
		const first = await trigger.poll();
		expect(first.error).toBeUndefined();
		expect(first.items).toBeNull();
		const [call] = await reportCalls();
		expect(call.method).toBe('GET');
		expect(Object.keys(call.query).sort()).toEqual([
			'activeStatusTipLead',
			'customerId',
			'dateFrom',
			'dateTo',
		]);
		expect(call.query).toMatchObject({
			customerId: 'M30011',
			activeStatusTipLead: 'ActiveAndRemoved',
		});
		expect(String(call.query.dateFrom)).toMatch(/Z$/);
		expect(Date.parse(String(call.query.dateTo)) - Date.parse(String(call.query.dateFrom))).toBe(
			60 * 60_000,
		);
	});

	it('emits each new interest application lead once, then null when nothing is new', async () => {
		const trigger = leadTrigger();
		await trigger.poll();
		const made = await activity({ interestApplications: 2 });
		const run = await trigger.poll();
		expect(run.error).toBeUndefined();
		const leads = jsonOf(run);
		expect(leads).toHaveLength(2);
		expect(leads.map((lead) => lead.createdAt)).toEqual([
			swedishTime(made.at),
			swedishTime(made.at),
		]);
		expect(new Set(leads.map(leadKey)).size).toBe(2);
		// Each item is the report's incoming-lead row: the lead with its id, who sent it, the contact and the estate, for routing.
		expect(leads.map((lead) => (lead.lead as IDataObject).id).sort()).toEqual(
			[...made.leads].sort(),
		);
		expect(leads.map(leadKey).sort()).toEqual([...made.leads].sort());
		const stored = sandbox.handle.store.leads.get(String((leads[0].lead as IDataObject).id))!;
		expect(leads[0]).toMatchObject({
			contact: { id: stored.contactId },
			estate: { id: stored.estateId },
		});
		expect((await trigger.poll()).items).toBeNull();
	});

	it('emits a lead stamped with the same time as the newest one already seen', async () => {
		const trigger = leadTrigger();
		await trigger.poll();
		const before = await activity({ interestApplications: 1 });
		expect(jsonOf(await trigger.poll())).toHaveLength(1);
		await activity({ interestApplications: 1, at: before.at });
		expect(jsonOf(await trigger.poll())).toHaveLength(1);
		expect((await trigger.poll()).items).toBeNull();
	});

	it('catches up on a long gap in windows of at most two months, one after the other', async () => {
		const trigger = leadTrigger();
		await trigger.poll();
		const state = trigger.staticData.state as IDataObject;
		const gap = leadTrigger();
		const fiveMonthsAgo = new Date(Date.now() - 150 * 86_400_000).toISOString();
		// The state as the trigger stores it, its place five months back and nothing seen (no `seen`).
		const { seen: _seen, ...place } = state;
		Object.assign(gap.staticData, {
			state: { ...place, cursor: fiveMonthsAgo, activatedAt: fiveMonthsAgo },
		});
		await sandbox.clearRequests();
		const run = await gap.poll();
		expect(run.error).toBeUndefined();
		const windows = (await reportCalls()).map((call) => ({
			from: String(call.query.dateFrom),
			to: String(call.query.dateTo),
		}));
		expect(windows.length).toBe(3);
		for (const [index, window] of windows.entries()) {
			// Within the limit on the workflow's calendar (n8n's default zone here) and in UTC.
			for (const zone of ['America/New_York', 'utc']) {
				expect(Date.parse(window.to)).toBeLessThanOrEqual(
					serviceLatestEnd(DateTime.fromISO(window.from, { zone }), 'twoMonths').toMillis(),
				);
			}
			if (index > 0) expect(window.from).toBe(windows[index - 1].to);
		}
		expect(jsonOf(run).length).toBeGreaterThan(0);
	});

	it('Fetch Test Event returns the newest lead and leaves the state untouched', async () => {
		const trigger = leadTrigger();
		await trigger.poll();
		const made = await activity({ interestApplications: 1 });
		const before = JSON.stringify(trigger.staticData);
		const manual = await trigger.poll('manual');
		expect(manual.error).toBeUndefined();
		expect(jsonOf(manual)).toHaveLength(1);
		expect(jsonOf(manual)[0].createdAt).toBe(swedishTime(made.at));
		expect(JSON.stringify(trigger.staticData)).toBe(before);
		expect(jsonOf(await trigger.poll())).toHaveLength(1);
	});

	it('a failed poll keeps the state, and the next poll emits the lead', async () => {
		const trigger = leadTrigger();
		await trigger.poll();
		await activity({ interestApplications: 1 });
		const before = JSON.stringify(trigger.staticData);
		await sandbox.control('faults', { kind: 'drop', count: 1, pathPrefix: REPORT });
		const failed = await trigger.poll();
		expect(failed.error?.message).toMatch(/^The service could not be reached|^The request failed/);
		expect(JSON.stringify(trigger.staticData)).toBe(before);
		expect(jsonOf(await trigger.poll())).toHaveLength(1);
	});
});
