import { useSandbox } from '../../harness/sandbox';
import { jsonOf, poller } from './poller';

describe('Estate Broker Trigger: Live Data Changed', () => {
	const sandbox = useSandbox();
	const liveTrigger = (parameters: object = {}) =>
		poller(sandbox, { event: 'liveDataChanged', liveDataPeriod: 'thisMonth', ...parameters });
	const liveData = async (count: number) =>
		await sandbox.control('activity', { customerId: 'M30011', liveData: count });

	it('records the figures on the first run and emits nothing; asks for the period up to now in UTC', async () => {
		const trigger = liveTrigger();
		const first = await trigger.poll();
		expect(first.error).toBeUndefined();
		expect(first.items).toBeNull();
		const [call] = await sandbox.requests();
		expect(call).toMatchObject({
			method: 'GET',
			path: '/BusinessIntelligence/LiveData/Report',
			query: { customerId: 'M30011' },
		});
		expect(Object.keys(call.query).sort()).toEqual(['customerId', 'dateFrom', 'dateTo']);
		expect(String(call.query.dateFrom)).toMatch(/Z$/);
		expect(Date.parse(String(call.query.dateFrom))).toBeLessThan(
			Date.parse(String(call.query.dateTo)),
		);
		expect(trigger.staticData.figures).toBeDefined();
	});

	it('emits the rows whose figures moved, with previous and new values, then null when nothing moved', async () => {
		const trigger = liveTrigger();
		await trigger.poll();
		await liveData(3);
		const run = await trigger.poll();
		expect(run.error).toBeUndefined();
		const changes = jsonOf(run);
		expect(changes.length).toBeGreaterThan(0);
		for (const change of changes) {
			expect(change).toMatchObject({
				report: 'activity',
				period: 'thisMonth',
				row: expect.any(String),
			});
			expect(JSON.stringify(change.previous)).not.toBe(JSON.stringify(change.current));
		}
		expect((await trigger.poll()).items).toBeNull();
	});

	it('reads the commission report when chosen', async () => {
		const trigger = liveTrigger({ liveDataReport: 'commission', liveDataPeriod: 'lastTwoMonths' });
		const run = await trigger.poll();
		expect(run.error).toBeUndefined();
		const [call] = await sandbox.requests();
		expect(call.path).toBe('/BusinessIntelligence/LiveData/CommissionReport');
	});

	it('Fetch Test Event shows the current figures and leaves the state untouched; a failed poll keeps it too', async () => {
		const trigger = liveTrigger();
		await trigger.poll();
		await liveData(2);
		const before = JSON.stringify(trigger.staticData);
		const manual = await trigger.poll('manual');
		expect(manual.error).toBeUndefined();
		expect(jsonOf(manual).length).toBeGreaterThan(0);
		expect(JSON.stringify(trigger.staticData)).toBe(before);
		await sandbox.control('faults', { kind: 'status500', count: 1 });
		expect((await trigger.poll()).error?.message).toBe(
			'The service failed to process the request (HTTP 500)',
		);
		expect(JSON.stringify(trigger.staticData)).toBe(before);
		expect(jsonOf(await trigger.poll()).length).toBeGreaterThan(0);
	});
});
