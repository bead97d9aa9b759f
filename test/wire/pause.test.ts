import axios from 'axios';
import type { ICredentialDataDecryptedObject, IDataObject, INodeExecutionData } from 'n8n-workflow';

import { runNode } from '../harness/engine';
import { recordFigures } from '../harness/figures';
import { packageNode } from '../harness/packageNodes';
import { useSandbox } from '../harness/sandbox';
import { packagePause } from '../harness/transportPause';
import { bidFixtures } from '../nodes/bid/fixtures';
import { contactsOf, contactsRunner } from '../nodes/contacts/fixtures';
import { jsonOf, poller, type Activity } from '../nodes/trigger/poller';
import { fakeDateOnly } from '../harness/fakeDate';

/**
 * Calls held back from a refusing office and a failing service (nodes/shared/account/pause.ts),
 * through n8n-core's engine and PollContext against the sandbox's closedOffice and outage
 * faults; calls counted in the sandbox's request log. The time is jest's (Date only: timers
 * run for real), moved by the test.
 */
const START = '2026-03-02T07:00:00.000Z';
const MINUTE = 60_000;
const REFUSED =
	/^The service refused customer M30011 (\d+) times in a row; calls for it are paused until 2026-03-0\d \d\d:\d\d:\d\d \(America\/New_York\), in \d+ minutes?$/;
const FORBIDDEN = 'The credential has no access to this customer or record';

const bidNode = packageNode('estateBrokerBid');
const advertisingNode = packageNode('estateBrokerAdvertising');

// Runs of 1,000 items through n8n's engine: slow on a loaded machine, never a timing assertion.
jest.setTimeout(5 * 60_000);

/** Each item has the record of its own id, or, for another office's contact, the refusal. */
function expectOwnReadForeignRefused(
	items: INodeExecutionData[],
	ids: string[],
	foreignIds: Set<string>,
): void {
	items.forEach((item, index) => {
		if (foreignIds.has(ids[index])) expect(item.json.error).toBe(FORBIDDEN);
		else expect(item.json.id).toBe(ids[index]);
	});
}

describe('Calls paused while the service refuses a customer or keeps failing', () => {
	const sandbox = useSandbox({ seed: 7, now: START });
	const activity = async (body: object) =>
		await sandbox.control<Activity>('activity', { customerId: 'M30011', ...body });
	const fault = async (body: object) => await sandbox.control('faults', body);
	const liftFaults = async () => await axios.delete(`${sandbox.url}/__sandbox/faults`);
	const bookRecord = (customerId = 'M30011') =>
		packagePause().pauses.recordOf(`${sandbox.url}|demo|${customerId}`);

	beforeEach(() => {
		fakeDateOnly(new Date(START));
		packagePause().pauses.clear();
	});
	afterEach(() => {
		jest.useRealTimers();
		packagePause().setPauseClock();
	});

	/** 1,000 items reading one bid, each failure an item of its own (Continue On Fail), in a run the schedule started. */
	const readBids = async (
		parameters: IDataObject = {},
		mode: 'trigger' | 'manual' = 'trigger',
		items = 1000,
	) => {
		const { visibleBid } = bidFixtures(sandbox.handle.store);
		return await runNode({
			nodeType: bidNode,
			parameters: {
				resource: 'bid',
				operation: 'get',
				bidId: visibleBid.id,
				...parameters,
			} as never,
			credentials: sandbox.credentials(),
			input: Array.from({ length: items }, () => ({})),
			continueOnFail: true,
			mode,
		});
	};

	test('a trigger polling a closed office: 30 polls make at most 10 calls, every poll fails; after the office opens the next poll after the pause emits every bid made meanwhile', async () => {
		const trigger = poller(sandbox, { event: 'newBid' });
		expect((await trigger.poll()).error).toBeUndefined();
		await fault({ kind: 'closedOffice', customerId: 'M30011' });
		await sandbox.clearRequests();
		let clock = Date.parse(START);
		const made: string[] = [];
		const messages: string[] = [];
		for (let poll = 1; poll <= 30; poll++) {
			clock += MINUTE;
			jest.setSystemTime(clock);
			if (poll % 10 === 0)
				made.push(...(await activity({ bids: 1, at: new Date(clock - 1000).toISOString() })).bids);
			const run = await trigger.poll();
			expect(run.items).toBeNull();
			messages.push(run.error?.message ?? 'no error');
		}
		const calls = await sandbox.requests();
		// Polls 1-5 refused (5 calls), a pause of 2 minutes; then one call after each pause (4, 8, 16 minutes).
		expect(calls.map((call) => call.status)).toEqual(Array(8).fill(403));
		expect(messages.slice(0, 5)).toEqual(Array(5).fill(FORBIDDEN));
		expect(messages.filter((message) => message === FORBIDDEN)).toHaveLength(8);
		const paused = messages.filter((message) => REFUSED.test(message));
		expect(paused).toHaveLength(22);
		expect(paused.at(-1)).toMatch(/refused customer M30011 8 times in a row/);
		// The pause is kept in the trigger's static data beside its state, which the failed polls left as it was.
		const kept = trigger.staticData.pause as IDataObject;
		expect(kept).toMatchObject({
			version: 1,
			scope: `${sandbox.url}|demo|M30011`,
			trouble: 'refused',
			inRow: 8,
			pauses: 4,
		});
		expect(kept.resumeAt).toBe(Date.parse(START) + 19 * MINUTE + 16 * MINUTE);

		await liftFaults();
		jest.setSystemTime(kept.resumeAt as number);
		const resumed = await trigger.poll();
		expect(resumed.error).toBeUndefined();
		expect(jsonOf(resumed).map((item) => item.id)).toEqual(made);
		expect(made).toHaveLength(3);
		expect(trigger.staticData.pause).toBeUndefined();
		expect(bookRecord()).toBeUndefined();
		expect((await sandbox.requests()).length).toBeGreaterThan(8);
	});

	test('the pause a trigger keeps in its state outlasts a restart of n8n: the poll after it fails at once, sending nothing', async () => {
		const trigger = poller(sandbox, { event: 'newBid' });
		expect((await trigger.poll()).error).toBeUndefined();
		await fault({ kind: 'closedOffice', customerId: 'M30011' });
		await sandbox.clearRequests();
		for (let poll = 1; poll <= 5; poll++)
			expect((await trigger.poll()).error?.message).toBe(FORBIDDEN);
		// A restart: the process forgets, the workflow's static data stays.
		packagePause().pauses.clear();
		jest.setSystemTime(Date.parse(START) + MINUTE);
		const run = await trigger.poll();
		expect(run.error?.message).toMatch(REFUSED);
		expect(run.error?.message).toMatch(/ in 1 minute$/);
		expect(run.error?.description).toMatch(/office is closed.*credential's rights changed/);
		expect(await sandbox.requests()).toHaveLength(5);
		expect(bookRecord()).toMatchObject({ trouble: 'refused', inRow: 5, pauses: 1 });
	});

	test('a 1,000-item run against a closed office makes at most 10 calls, every item failing with its own error; the next run after the pause succeeds', async () => {
		await fault({ kind: 'closedOffice', customerId: 'M30011' });
		const refused = await readBids();
		expect(refused.error).toBeUndefined();
		const calls = await sandbox.requests();
		expect(calls.length).toBeLessThanOrEqual(10);
		expect(calls.every((call) => call.status === 403)).toBe(true);
		expect(refused.items).toHaveLength(1000);
		refused.items.forEach((item, index) => {
			expect(item.pairedItem).toEqual({ item: index });
			expect(item.json.error === FORBIDDEN || REFUSED.test(String(item.json.error))).toBe(true);
		});
		const pausedItems = refused.items.filter((item) => REFUSED.test(String(item.json.error)));
		expect(pausedItems.length).toBe(1000 - calls.length);

		// During the pause a run the schedule started sends nothing at all.
		await sandbox.clearRequests();
		jest.setSystemTime(Date.parse(START) + MINUTE);
		const during = await readBids({}, 'trigger', 10);
		expect(during.items.every((item) => REFUSED.test(String(item.json.error)))).toBe(true);
		expect(await sandbox.requests()).toHaveLength(0);

		await liftFaults();
		jest.setSystemTime(bookRecord()!.resumeAt);
		const resumed = await readBids();
		expect(resumed.items).toHaveLength(1000);
		expect(resumed.items.filter((item) => item.json.error !== undefined)).toHaveLength(0);
		expect((await sandbox.requests()).length).toBe(1000);
		expect(bookRecord()).toBeUndefined();
	});

	test('run by hand during a pause, a node tries once: its call goes, and the rest of the run waits for the outcome', async () => {
		await fault({ kind: 'closedOffice', customerId: 'M30011' });
		await readBids({}, 'trigger', 20);
		expect(bookRecord()).toMatchObject({ trouble: 'refused', pauses: 1 });
		const { resumeAt } = bookRecord()!;
		await sandbox.clearRequests();
		const stillClosed = await readBids({}, 'manual', 20);
		expect((await sandbox.requests()).map((call) => call.status)).toEqual([403]);
		expect(stillClosed.items[0].json.error).toBe(FORBIDDEN);
		expect(stillClosed.items.slice(1).every((item) => REFUSED.test(String(item.json.error)))).toBe(
			true,
		);
		// The failed try adds one to the count and leaves the pause of scheduled runs as it was.
		expect(bookRecord()).toMatchObject({ inRow: 6, pauses: 1, resumeAt });
		await liftFaults();
		await sandbox.clearRequests();
		const opened = await readBids({}, 'manual', 20);
		expect(opened.items.filter((item) => item.json.error !== undefined)).toHaveLength(0);
		expect(bookRecord()).toBeUndefined();
	});

	/** 1,000 items opting out of contact orders of office group G2 (a custom operation, one call per item), each failure an item. */
	const optOut = async (mode: 'trigger' | 'manual', items = 1000) => {
		const orders = [...sandbox.handle.store.contactOrders.values()].filter(
			(order) => order.active && sandbox.handle.store.inScope(order.customerId, 'G2'),
		);
		return await runNode({
			nodeType: advertisingNode,
			parameters: {
				resource: 'contactOrder',
				operation: 'optOut',
				contactOrderId: '={{ $json.id }}',
				customerId: 'G2',
			} as never,
			credentials: sandbox.credentials(),
			input: Array.from({ length: items }, (_, index) => ({
				id: orders[index % orders.length].id,
			})),
			continueOnFail: true,
			mode,
		});
	};
	const REFUSED_G2 =
		/^The service refused customer G2 (\d+) times in a row; calls for it are paused until 2026-03-0\d \d\d:\d\d:\d\d \(America\/New_York\), in \d+ minutes?$/;
	const failures = (run: { items: Array<{ json: IDataObject }> }) => ({
		refused: run.items.filter((item) => item.json.error === FORBIDDEN).length,
		paused: run.items.filter((item) => REFUSED_G2.test(String(item.json.error))).length,
	});

	test('runs by hand against a closed office (Opt Out, 1,000 items): the first at most 10 calls, a second 1 more, every item failing; the pause of scheduled runs is no longer for them', async () => {
		await fault({ kind: 'closedOffice', customerId: 'G2' });
		const first = await optOut('manual');
		const firstCalls = await sandbox.requests();
		expect(firstCalls.length).toBeLessThanOrEqual(10);
		expect(firstCalls.every((call) => call.status === 403)).toBe(true);
		expect(first.items).toHaveLength(1000);
		expect(failures(first)).toEqual({
			refused: firstCalls.length,
			paused: 1000 - firstCalls.length,
		});
		const afterFirst = bookRecord('G2')!;
		expect(afterFirst).toMatchObject({ trouble: 'refused', pauses: 1 });

		await sandbox.clearRequests();
		jest.setSystemTime(Date.parse(START) + MINUTE);
		const second = await optOut('manual');
		const secondCalls = await sandbox.requests();
		expect(secondCalls.map((call) => call.status)).toEqual([403]);
		expect(second.items[0].json.error).toBe(FORBIDDEN);
		expect(failures(second)).toEqual({ refused: 1, paused: 999 });
		// One refusal in a row added, the pause as it was.
		expect(bookRecord('G2')).toEqual({ ...afterFirst, inRow: afterFirst.inRow + 1 });

		// The next scheduled run sends nothing, paused until the time the first run by hand set.
		await sandbox.clearRequests();
		const scheduled = await optOut('trigger', 10);
		expect(await sandbox.requests()).toHaveLength(0);
		expect(failures(scheduled)).toEqual({ refused: 0, paused: 10 });
		expect(bookRecord('G2')!.resumeAt).toBe(afterFirst.resumeAt);
		recordFigures(
			'runs by hand against a closed office (Opt Out, 1,000 items)',
			`first run by hand ${firstCalls.length} calls, second 1 (${secondCalls.length}), the scheduled run after them 0; pause ${(afterFirst.resumeAt - Date.parse(START)) / MINUTE} minutes from the first run, unchanged after the second (count ${afterFirst.inRow} then ${afterFirst.inRow + 1})`,
		);
	});

	test('scheduled runs first, then runs by hand: the pause the scheduled run began stays as it was; an office open again ends it at the try', async () => {
		await fault({ kind: 'closedOffice', customerId: 'G2' });
		const scheduled = await optOut('trigger');
		const scheduledCalls = (await sandbox.requests()).length;
		expect(scheduledCalls).toBeLessThanOrEqual(10);
		const before = bookRecord('G2')!;
		expect(before.pauses).toBe(1);
		expect(failures(scheduled).refused + failures(scheduled).paused).toBe(1000);
		await sandbox.clearRequests();
		for (const minute of [1, 1.5]) {
			jest.setSystemTime(Date.parse(START) + minute * MINUTE);
			const byHand = await optOut('manual');
			expect(failures(byHand)).toEqual({ refused: 1, paused: 999 });
		}
		expect(await sandbox.requests()).toHaveLength(2);
		expect(bookRecord('G2')).toEqual({ ...before, inRow: before.inRow + 2 });
		await sandbox.clearRequests();
		expect(failures(await optOut('trigger', 10))).toEqual({ refused: 0, paused: 10 });
		expect(await sandbox.requests()).toHaveLength(0);

		// The office opens: the next run by hand's try is accepted, and every item goes.
		await liftFaults();
		const opened = await optOut('manual', 30);
		expect(opened.items.filter((item) => item.json.error !== undefined)).toHaveLength(0);
		expect(await sandbox.requests()).toHaveLength(30);
		expect(bookRecord('G2')).toBeUndefined();
	});

	test('by hand, a gathered read (Contacts › Person › Get Many) and Fetch Test Event try once during a pause', async () => {
		await fault({ kind: 'closedOffice', customerId: 'M30011' });
		await readBids({}, 'trigger', 20);
		const paused = bookRecord()!;
		expect(paused.pauses).toBe(1);
		await sandbox.clearRequests();
		const own = contactsOf(sandbox.handle.store, 'Person').slice(0, 200);
		const gathered = await contactsRunner(sandbox, 'person')(
			{ operation: 'getAll', contactIds: '={{ $json.id }}', simplify: false },
			{ input: own.map((person) => ({ id: person.id })), continueOnFail: true, mode: 'manual' },
		);
		expect((await sandbox.requests()).map((call) => call.status)).toEqual([403]);
		expect(gathered.items).toHaveLength(200);
		expect(gathered.items.every((item) => item.json.error !== undefined)).toBe(true);
		await sandbox.clearRequests();
		const trigger = poller(sandbox, { event: 'newBid', includeHiddenBids: true });
		const test = await trigger.poll('manual');
		expect(test.error?.message).toMatch(
			/^The credential has no access|^The service refused customer M30011/,
		);
		expect(await sandbox.requests()).toHaveLength(1);
		// The gathered try (20 ids) counts for nothing: a refusal of several ids may be one record's.
		expect(bookRecord()).toEqual({ ...paused, inRow: paused.inRow + 1 });
	});

	test('an outage: 1,000 items make at most 10 calls; the pause honours Retry-After (up to 5 minutes)', async () => {
		await fault({ kind: 'outage', retryAfterSeconds: 240 });
		const failed = await readBids();
		const calls = await sandbox.requests();
		expect(calls.length).toBeLessThanOrEqual(10);
		expect(calls.every((call) => call.status === 503)).toBe(true);
		const failing =
			/^The service failed (\d+) times in a row for customer M30011 \(server errors, time-outs or unreadable answers\); calls for it are paused until /;
		expect(failed.items.filter((item) => failing.test(String(item.json.error)))).toHaveLength(
			1000 - calls.length,
		);
		expect(bookRecord()).toMatchObject({
			trouble: 'failing',
			pauses: 1,
			resumeAt: Date.parse(START) + 4 * MINUTE,
		});
	});

	test('answers that cannot be read count as failures: five in a row pause the customer', async () => {
		await fault({ kind: 'malformedJson', share: 1 });
		const failed = await readBids({}, 'trigger', 50);
		expect((await sandbox.requests()).length).toBeLessThanOrEqual(10);
		expect(
			failed.items.filter((item) =>
				/^The service failed \d+ times in a row/.test(String(item.json.error)),
			).length,
		).toBeGreaterThan(39);
		expect(bookRecord()).toMatchObject({ trouble: 'failing', pauses: 1 });
	});

	test('contacts of another office among others that succeed never pause anything: the halving search finds each', async () => {
		const own = contactsOf(sandbox.handle.store, 'Person')
			.slice(0, 60)
			.map((person) => person.id);
		expect(own).toHaveLength(60);
		const foreign = contactsOf(sandbox.handle.store, 'Person', 'M40099').filter(
			(person) => !sandbox.handle.store.contactLinkedTo(person, 'M30011'),
		);
		expect(foreign.length).toBeGreaterThanOrEqual(7);
		// Seven refused ids in two of the three calls of 20, six of them side by side.
		const ids = [...own];
		for (let index = 0; index < 6; index++) ids[20 + index] = foreign[index].id;
		ids[45] = foreign[6].id;
		const foreignIds = new Set(foreign.slice(0, 7).map((person) => person.id));
		const { items, error } = await contactsRunner(sandbox, 'person')(
			{ operation: 'getAll', contactIds: '={{ $json.id }}', simplify: false },
			{ input: ids.map((id) => ({ id })), continueOnFail: true },
		);
		expect(error).toBeUndefined();
		expectOwnReadForeignRefused(items, ids, foreignIds);
		expect(bookRecord()).toBeUndefined();
	});
});

describe('A gathered read with another office’s contact in every call', () => {
	const sandbox = useSandbox({ seed: 7, now: START });
	const bookRecord = () => packagePause().pauses.recordOf(`${sandbox.url}|demo|M30011`);
	beforeEach(() => packagePause().pauses.clear());

	test.each([['trigger' as const], ['manual' as const]])(
		'mode %s: every call of 20 refused for one record; the halving search finds each, nothing pauses',
		async (mode) => {
			// 1,000 items: the office gets persons enough for 50 calls of 19 of its own.
			await sandbox.control('activity', { customerId: 'M30011', interestApplications: 800 });
			await sandbox.clearRequests();
			const own = contactsOf(sandbox.handle.store, 'Person').map((person) => person.id);
			const store = sandbox.handle.store;
			const foreign = [...store.contacts.values()]
				.filter(
					(contact) =>
						contact.type === 'Person' &&
						!store.scopeOf('G2').has(contact.customerId) &&
						!store.contactLinkedTo(contact, 'M30011'),
				)
				.map((person) => person.id)
				.sort();
			const calls = Math.min(Math.floor(own.length / 19), foreign.length, 50);
			expect(calls).toBe(50);
			// Each call of 20 ids holds one contact of another office, at a different place in each.
			const ids: string[] = [];
			for (let call = 0; call < calls; call++) {
				const batch = own.slice(call * 19, call * 19 + 19);
				batch.splice(call % 20, 0, foreign[call]);
				ids.push(...batch);
			}
			const foreignIds = new Set(foreign.slice(0, calls));
			const { items, error } = await contactsRunner(sandbox, 'person')(
				{ operation: 'getAll', contactIds: '={{ $json.id }}', simplify: false },
				{ input: ids.map((id) => ({ id })), continueOnFail: true, mode },
			);
			expect(error).toBeUndefined();
			const requests = await sandbox.requests();
			recordFigures(
				`gathered read, another office's contact in every call (${mode})`,
				`${ids.length} items in ${calls} calls of 20, each with one contact of another office: ${requests.length} requests (${requests.filter((request) => request.status === 403).length} refused); book after the run: ${JSON.stringify(bookRecord() ?? 'all well')}`,
			);
			expectOwnReadForeignRefused(items, ids, foreignIds);
			expect(bookRecord()).toBeUndefined();
		},
	);
});

describe('A gathered read against a closed office', () => {
	const sandbox = useSandbox({ seed: 7, now: START });
	const bookRecord = () => packagePause().pauses.recordOf(`${sandbox.url}|demo|M30011`);
	beforeEach(() => packagePause().pauses.clear());

	test('1,000 items in calls of 20: the halving search reaches single ids one call at a time, five refused in a row pause the office, every item fails', async () => {
		await sandbox.control('activity', { customerId: 'M30011', interestApplications: 800 });
		const own = contactsOf(sandbox.handle.store, 'Person')
			.slice(0, 1000)
			.map((person) => person.id);
		expect(own).toHaveLength(1000);
		await sandbox.control('faults', { kind: 'closedOffice', customerId: 'M30011' });
		await sandbox.clearRequests();
		const { items, error } = await contactsRunner(sandbox, 'person')(
			{ operation: 'getAll', contactIds: '={{ $json.id }}', simplify: false },
			{ input: own.map((id) => ({ id })), continueOnFail: true, mode: 'trigger' },
		);
		expect(error).toBeUndefined();
		const requests = await sandbox.requests();
		recordFigures(
			'gathered read against a closed office',
			`1,000 items in 50 calls of 20: ${requests.length} requests, all refused; book ${JSON.stringify(bookRecord())}`,
		);
		expect(requests.every((request) => request.status === 403)).toBe(true);
		expect(requests.length).toBeLessThanOrEqual(25);
		expect(bookRecord()).toMatchObject({ trouble: 'refused', inRow: 5, pauses: 1 });
		expect(items).toHaveLength(1000);
		expect(items.every((item) => item.json.error !== undefined)).toBe(true);
	});
});

describe('The credential’s speed limit', () => {
	const sandbox = useSandbox({ seed: 7 });
	afterEach(() => packagePause().setPauseClock());

	/** A clock that moves only when the throttle waits: the waits add up, nothing depends on real time. */
	const virtualClock = () => {
		const clock = { time: 1_000_000, waited: [] as number[] };
		packagePause().setPauseClock({
			now: () => clock.time,
			sleep: async (ms) => {
				clock.waited.push(ms);
				clock.time += ms;
			},
		});
		return clock;
	};
	const readBids = async (credentialExtra: ICredentialDataDecryptedObject, items: number) => {
		const { visibleBid } = bidFixtures(sandbox.handle.store);
		return await runNode({
			nodeType: bidNode,
			parameters: { resource: 'bid', operation: 'get', bidId: visibleBid.id } as never,
			credentials: sandbox.credentials(credentialExtra),
			input: Array.from({ length: items }, () => ({})),
		});
	};

	test('4 requests per second: 12 items start a quarter second apart (2.75 s on the throttle’s clock), every item answered', async () => {
		const clock = virtualClock();
		const { items, error } = await readBids({ requestsPerSecond: 4 }, 12);
		expect(error).toBeUndefined();
		expect(items).toHaveLength(12);
		expect(await sandbox.requests()).toHaveLength(12);
		expect(clock.time - 1_000_000).toBe(2750);
	});

	test.each([[0], ['']])('%p: no speed limit, no wait', async (requestsPerSecond) => {
		const clock = virtualClock();
		const { items } = await readBids({ requestsPerSecond }, 12);
		expect(items).toHaveLength(12);
		expect(clock.waited).toEqual([]);
	});

	test('a value out of range is refused naming the field, before any request', async () => {
		const { error } = await readBids({ requestsPerSecond: 500 }, 1);
		expect(error?.message).toBe(
			'Requests per Second per n8n Process (credential) must be a number from 0.1 to 100',
		);
		expect(await sandbox.requests()).toHaveLength(0);
	});
});
