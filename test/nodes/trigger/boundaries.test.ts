import axios from 'axios';
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { useSandbox } from '../../harness/sandbox';
import { jsonOf, poller, type Activity } from './poller';
import { fakeDateOnly } from '../../harness/fakeDate';

/**
 * The activation boundary and annulled bids against the sandbox: a record the activation
 * poll did not see is new when it shows up if its stamp is within the late-records window
 * (one taken by phone just before activation, registered after it); older ones are never
 * emitted, however late they are entered. An annulled bid is never emitted. Time is simulated (Date only).
 */
const START = '2026-03-02T07:00:00.000Z';
const MINUTE = 60_000;
const WINDOW = 60 * MINUTE;

type Pick = (made: Activity) => string[];
const EVENTS: Array<[string, INodeParameters, Pick, (item: IDataObject) => string]> = [
	['New Bid', { event: 'newBid' }, (made) => made.bids, (item) => String(item.id)],
	[
		'New Bid with hidden bids',
		{ event: 'newBid', includeHiddenBids: true },
		(made) => [...made.bids, ...made.hiddenBids],
		(item) => String(item.id),
	],
	[
		'New Interest or Lead',
		{ event: 'newInterestOrLead' },
		(made) => made.leads,
		(item) => String((item.lead as IDataObject).id),
	],
	[
		'Changed Contacts',
		{ event: 'contactCreatedOrChanged', contactChange: 'changed' },
		(made) => [...made.contacts.created, ...made.contacts.changed],
		(item) => String(item.id),
	],
	[
		'Created Contacts',
		{ event: 'contactCreatedOrChanged', contactChange: 'created' },
		(made) => made.contacts.created,
		(item) => String(item.id),
	],
];
/** How long before activation the late records are stamped, in late-records windows. */
const LATE = [-0.25, -1, -1.5, -2, -3];

describe('Estate Broker Trigger against the sandbox: activation boundary and annulled bids', () => {
	const sandbox = useSandbox({ seed: 7, now: START });
	const activity = async (body: object) =>
		await sandbox.control<Activity>('activity', { customerId: 'M30011', ...body });
	const everything = { bids: 1, hiddenBids: 1, interestApplications: 1, contactChanges: 1 };

	beforeEach(() => {
		fakeDateOnly(new Date(START));
	});
	afterEach(() => jest.useRealTimers());

	it.each(EVENTS)(
		'%s: records entered late with a time before activation start the workflow only within the late-records window',
		async (_name, parameters, pick, idOf) => {
			const trigger = poller(sandbox, parameters);
			expect((await trigger.poll()).error).toBeUndefined();
			let clock = Date.parse(START);
			for (const [index, windows] of LATE.entries()) {
				clock += 20 * MINUTE;
				jest.setSystemTime(clock);
				const late = await activity({
					...everything,
					at: new Date(Date.parse(START) + windows * WINDOW).toISOString(),
				});
				const fresh = await activity({ ...everything, at: new Date(clock - MINUTE).toISOString() });
				const run = await trigger.poll();
				expect(run.error).toBeUndefined();
				// The first, a quarter window before activation and entered 20 minutes after it, is within the window
				// behind the cursor (activation): new. The others are a window or more before activation, which the cursor has passed.
				expect(jsonOf(run).map(idOf).sort()).toEqual(
					[...(index === 0 ? pick(late) : []), ...pick(fresh)].sort(),
				);
			}
		},
	);

	it('New Bid: a bid entered late, stamped at the very start of the late-records window, is emitted once; a millisecond earlier it is beyond the window', async () => {
		const trigger = poller(sandbox, { event: 'newBid' });
		expect((await trigger.poll()).error).toBeUndefined();
		let clock = Date.parse(START) + 90 * MINUTE;
		jest.setSystemTime(clock);
		const recent = await activity({ bids: 1, at: new Date(clock - MINUTE).toISOString() });
		expect(jsonOf(await trigger.poll()).map((item) => item.id)).toEqual(recent.bids);
		const cursor = Date.parse((trigger.staticData.state as { cursor: string }).cursor);
		expect(cursor).toBe(clock - MINUTE);
		clock += MINUTE;
		jest.setSystemTime(clock);
		const atEdge = await activity({ bids: 1, at: new Date(cursor - WINDOW).toISOString() });
		await activity({ bids: 1, at: new Date(cursor - WINDOW - 1).toISOString() });
		const run = await trigger.poll();
		expect(run.error).toBeUndefined();
		expect(jsonOf(run).map((item) => item.id)).toEqual(atEdge.bids);
		expect((await trigger.poll()).items).toBeNull();
	});

	it.each(['json', 'xml'])('an annulled bid is not emitted (%s)', async (messageFormat) => {
		const trigger = poller(sandbox, { event: 'newBid', includeHiddenBids: true, messageFormat });
		await trigger.poll();
		jest.setSystemTime(Date.parse(START) + MINUTE);
		const made = await activity({ bids: 2, hiddenBids: 1 });
		const { username, password, apiKey } = sandbox.credentials() as Record<string, string>;
		for (const id of [made.bids[0], made.hiddenBids[0]]) {
			const annulled = await axios.delete(`${sandbox.url}/CRM/Bid/M30011/${id}`, {
				auth: { username, password },
				headers: { 'X-Api-Key': apiKey },
			});
			expect(annulled.data).toBe(true);
		}
		const run = await trigger.poll();
		expect(run.error).toBeUndefined();
		expect(jsonOf(run).map((item) => item.id)).toEqual([made.bids[1]]);
	});
});
