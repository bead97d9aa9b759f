import { DateTime } from 'luxon';
import type { IDataObject } from 'n8n-workflow';

import { runNode } from '../../harness/engine';
import { packageNode } from '../../harness/packageNodes';
import { useSandbox } from '../../harness/sandbox';
import { officeFixtures } from '../office/fixtures';
import { poller } from '../trigger/poller';
import { fakeDateOnly } from '../../harness/fakeDate';

/**
 * Dates through n8n's real engine as an office in Sweden means them: the workflow's Timezone
 * setting decides what a picked date and every default mean, not the zone n8n's process runs
 * in. Each case runs with the process on UTC while the workflow is on Europe/Stockholm, and
 * the other way round. Where "now" matters, Date is set to the instant of the case (timers
 * stay real), and the sandbox reads the same clock.
 */
const reports = packageNode('estateBrokerReports');
const office = packageNode('estateBrokerOffice');
const STOCKHOLM = 'Europe/Stockholm';

const SETUPS = [
	{ process: 'UTC', workflow: STOCKHOLM },
	{ process: STOCKHOLM, workflow: 'UTC' },
];

/** Sets Date to `at` for one case; Node reads TZ again when it is set. */
function atInstant(at: string) {
	fakeDateOnly(new Date(at));
}

describe.each(SETUPS)(
	'dates in the workflow zone: process on $process, workflow on $workflow',
	({ process: processZone, workflow: zone }) => {
		const sandbox = useSandbox({ now: '2026-11-01T12:00:00Z', clock: () => Date.now() });
		const savedZone = process.env.TZ;
		beforeAll(() => {
			process.env.TZ = processZone;
		});
		afterAll(() => {
			if (savedZone === undefined) delete process.env.TZ;
			else process.env.TZ = savedZone;
		});
		afterEach(() => jest.useRealTimers());
		const inStockholm = zone === STOCKHOLM;
		const report = async (resource: string, parameters: IDataObject) =>
			await runNode({
				nodeType: reports,
				parameters: { resource, ...parameters } as never,
				credentials: sandbox.credentials(),
				timezone: zone,
			});
		const sentQuery = async () => (await sandbox.requests())[0]?.query;

		it('a picked 1 January 00:30 goes out as that time in the workflow zone, in UTC', async () => {
			const { error } = await report('tipsAndLeads', {
				operation: 'getReport',
				dateFrom: '2027-01-01T00:30:00',
				dateTo: '2027-01-02T00:00:00',
			});
			expect(error).toBeUndefined();
			expect(await sentQuery()).toMatchObject(
				inStockholm
					? { dateFrom: '2026-12-31T23:30:00.000Z', dateTo: '2027-01-01T23:00:00.000Z' }
					: { dateFrom: '2027-01-01T00:30:00.000Z', dateTo: '2027-01-02T00:00:00.000Z' },
			);
		});

		it('"this month so far" at 00:30 on 1 March in Stockholm is March there, still February in UTC', async () => {
			atInstant('2027-02-28T23:30:00Z');
			const { error } = await report('tipsAndLeads', { operation: 'getReport' });
			expect(error).toBeUndefined();
			expect(await sentQuery()).toMatchObject({
				dateFrom: inStockholm ? '2027-02-28T23:00:00.000Z' : '2027-02-01T00:00:00.000Z',
				dateTo: '2027-02-28T23:30:00.000Z',
			});
		});

		it("the budget's default month is the workflow zone's month", async () => {
			atInstant('2027-02-28T23:30:00Z');
			const { error } = await report('budget', { operation: 'getCrm', budgetOf: 'office' });
			expect(error).toBeUndefined();
			expect((await sandbox.requests())[0].path).toBe(
				`/BusinessIntelligence/Budget/Crm/M30011/2027/${inStockholm ? 3 : 2}`,
			);
		});

		it('an all-day appointment lands on the picked local date; a monthly one repeats on the local day', async () => {
			const { agent } = officeFixtures(sandbox.handle.store);
			const book = async (parameters: IDataObject) =>
				await runNode({
					nodeType: office,
					parameters: {
						resource: 'appointment',
						operation: 'create',
						userId: agent.userId,
						subject: 'Viewing',
						...parameters,
					} as never,
					credentials: sandbox.credentials(),
					timezone: zone,
				});
			expect(
				(
					await book({
						startsAt: '2027-03-01T00:00:00',
						endsAt: '2027-03-02T00:00:00',
						additionalFields: { allDayEvent: true },
					})
				).error,
			).toBeUndefined();
			expect(
				(
					await book({
						startsAt: '2027-03-01T00:30:00',
						recurrence: true,
						recurrencePattern: 'Monthly',
					})
				).error,
			).toBeUndefined();
			const [allDay, monthly] = (await sandbox.requests()).map(
				(request) => (request.body as IDataObject) ?? {},
			);
			expect(allDay).toMatchObject({
				startsAt: '2027-03-01T00:00:00.000Z',
				endsAt: '2027-03-02T00:00:00.000Z',
				allDayEvent: true,
			});
			expect(monthly).toMatchObject({
				startsAt: inStockholm ? '2027-02-28T23:30:00.000Z' : '2027-03-01T00:30:00.000Z',
				recurrenceDay: 1,
			});
			const stored = [...sandbox.handle.store.appointments.values()];
			expect(stored.map((appointment) => appointment.recurrenceDay)).toEqual([null, 1]);
		});

		it('limits hold on the Swedish calendar at month ends and on 29 February, whatever the workflow zone, refused before sending', async () => {
			const cases: Array<{
				resource: string;
				operation: string;
				from: string;
				latest: string;
				beyond: string;
				summer?: boolean;
			}> = [
				// Two months from 31 December: the end of February.
				{
					resource: 'tipsAndLeads',
					operation: 'getReport',
					from: '2026-12-31T00:00:00',
					latest: '2027-02-28T00:00:00',
					beyond: '2027-02-28T00:00:01',
				},
				// Two months from 29 February: 29 April.
				{
					resource: 'tipsAndLeads',
					operation: 'getReport',
					from: '2028-02-29T09:00:00',
					latest: '2028-04-29T09:00:00',
					beyond: '2028-04-29T09:00:01',
					summer: true,
				},
				// One year from 29 February: 28 February.
				{
					resource: 'commissionReport',
					operation: 'getByOffice',
					from: '2028-02-29T00:00:00',
					latest: '2029-02-28T00:00:00',
					beyond: '2029-02-28T00:00:01',
				},
				// One year from 31 December: 31 December.
				{
					resource: 'commissionReport',
					operation: 'getByOffice',
					from: '2026-12-31T00:00:00',
					latest: '2027-12-31T00:00:00',
					beyond: '2027-12-31T00:00:01',
				},
			];
			// The cases are Swedish wall times (the service's calendar); the workflow's user types them in its own zone.
			const inWorkflowZone = (swedish: string) =>
				DateTime.fromISO(swedish, { zone: STOCKHOLM }).setZone(zone);
			const typed = (swedish: string) => inWorkflowZone(swedish).toFormat("yyyy-MM-dd'T'HH:mm:ss");
			for (const { resource, operation, from, latest, beyond, summer } of cases) {
				await sandbox.clearRequests();
				const refused = await report(resource, {
					operation,
					dateFrom: typed(from),
					dateTo: typed(beyond),
				});
				expect(refused.error?.message).toMatch(/must not exceed (two months|one year)$/);
				const swedishLatest = `${latest}${summer ? '+02:00' : '+01:00'} (Europe/Stockholm)`;
				expect(refused.error?.description).toContain(
					`may be ${inStockholm ? '' : `${inWorkflowZone(latest).toISO({ suppressMilliseconds: true })} (UTC), `}${swedishLatest} at the latest`,
				);
				expect(await sandbox.requests()).toHaveLength(0);
				const allowed = await report(resource, {
					operation,
					dateFrom: typed(from),
					dateTo: typed(latest),
				});
				expect(allowed.error).toBeUndefined();
				expect((await sandbox.requests())[0].status).toBe(200);
			}
		});

		it('"today" of the live-data trigger has 23 hours on the last Sunday of March and 25 on the last of October', async () => {
			const span = async (at: string) => {
				atInstant(at);
				await sandbox.clearRequests();
				const run = await poller(
					sandbox,
					{ event: 'liveDataChanged', liveDataPeriod: 'today' },
					{},
					{ timezone: zone },
				).poll('manual');
				expect(run.error).toBeUndefined();
				const query = (await sandbox.requests())[0].query;
				return (Date.parse(String(query.dateTo)) - Date.parse(String(query.dateFrom))) / 3_600_000;
			};
			// One minute before the local midnight that ends the day.
			expect(await span(inStockholm ? '2027-03-28T21:59:00Z' : '2027-03-28T23:59:00Z')).toBeCloseTo(
				inStockholm ? 23 - 1 / 60 : 24 - 1 / 60,
				5,
			);
			expect(await span(inStockholm ? '2027-10-31T22:59:00Z' : '2027-10-31T23:59:00Z')).toBeCloseTo(
				inStockholm ? 25 - 1 / 60 : 24 - 1 / 60,
				5,
			);
		});
	},
);
