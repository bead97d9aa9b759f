import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { jsonOf, poller } from '../nodes/trigger/poller';
import { useScriptedServer, type Answer, type SeenRequest } from './scriptedServer';
import { fakeDateOnly } from '../harness/fakeDate';

/**
 * The trigger against a service that answers late, wrongly or with flagged records, through
 * n8n's real poll context. Time is simulated (Date only): every
 * record time below is relative to START, never to the real date.
 */
const START = Date.parse('2026-03-02T07:00:00.000Z');
const MINUTE = 60_000;
/** The trigger's default late-records window. */
const WINDOW = 60 * MINUTE;
const iso = (ms: number) => new Date(ms).toISOString();

interface Lead {
	id: string;
	createdAt: string;
}
interface Contact {
	id: string;
	createdAt: string;
	changedAt: string;
}

/** What the scripted service holds; `honoursRange` false: it ignores every date filter (hostile). */
interface World {
	bids: IDataObject[];
	hiddenBids: IDataObject[];
	leads: Lead[];
	contacts: Contact[];
	liveData: IDataObject;
	honoursRange: boolean;
	/** When set, the answer to every request (a broken service). */
	broken?: Answer;
}

const newWorld = (honoursRange = true): World => ({
	bids: [],
	hiddenBids: [],
	leads: [],
	contacts: [],
	liveData: liveReport({
		HANBDB1DD105679979CA82B28EDD1C8CCD2: 1,
		HANFBB798C2524102012E7BD22EEF00E52D: 1,
	}),
	honoursRange,
});

function liveReport(logins: Record<string, number>): IDataObject {
	return {
		customerId: 'M30011',
		users: Object.entries(logins).map(([userId, count]) => ({ userId, logins: count })),
		totals: { logins: Object.values(logins).reduce((a, b) => a + b, 0) },
	};
}

const bid = (id: string, at: number, extra: IDataObject = {}): IDataObject => ({
	id,
	estateId: 'OBJ30011_2041100001',
	contactId: 'C000001',
	amount: '2500000',
	createdAt: iso(at),
	isHidden: false,
	isCanceled: false,
	...extra,
});

function answerOf(world: World, request: SeenRequest): Answer {
	if (world.broken) return world.broken;
	const after = (time: string, from?: string) =>
		!world.honoursRange || from === undefined || Date.parse(time) >= Date.parse(from);
	const before = (time: string, to?: string) =>
		!world.honoursRange || to === undefined || Date.parse(time) <= Date.parse(to);
	switch (request.path) {
		case '/CRM/Bids/M30011':
			return { body: world.bids };
		case '/CRM/HiddenBids/M30011':
			return { body: world.hiddenBids };
		case '/BusinessIntelligence/TipsAndLeads/Report': {
			const { dateFrom, dateTo } = request.query;
			const incomingLeads = world.leads.filter(
				(lead) => after(lead.createdAt, dateFrom) && before(lead.createdAt, dateTo),
			);
			return {
				body: {
					incomingLeads: incomingLeads.map((lead) => ({
						id: lead.id,
						createdAt: lead.createdAt,
						sender: 'HANBDB1DD105679979CA82B28EDD1C8CCD2',
						receiver: 'HANFBB798C2524102012E7BD22EEF00E52D',
					})),
					outgoingLeads: [],
					tips: [],
				},
			};
		}
		case '/CRM/Contact/M30011': {
			const changedFrom = request.query['criteria.changedAtFrom'];
			const createdFrom = request.query['criteria.createdAtFrom'];
			const persons = world.contacts.filter(
				(c) => after(c.changedAt, changedFrom) && after(c.createdAt, createdFrom),
			);
			return {
				body: {
					persons: persons.map((c) => ({ id: c.id, changedAt: c.changedAt, customerId: 'M30011' })),
					companies: [],
					deceasedEstates: [],
				},
			};
		}
		case '/BusinessIntelligence/LiveData/Report':
			return { body: world.liveData };
		default:
			return { status: 404, body: { message: `No ${request.path}` } };
	}
}

describe('Estate Broker Trigger against a hostile service', () => {
	const server = useScriptedServer();
	let world: World;
	const serve = (next: World) => {
		world = next;
		server.script((request) => answerOf(world, request));
	};
	const trigger = (parameters: INodeParameters) => poller(server, parameters);

	beforeEach(() => {
		fakeDateOnly(new Date(START));
		serve(newWorld());
	});
	afterEach(() => jest.useRealTimers());

	/** Record events: how to add a record stamped at a time, and the trigger's parameters. */
	const RECORD_EVENTS = {
		newBid: {
			parameters: { event: 'newBid' },
			add: (id: string, at: number) => world.bids.push(bid(id, at)),
			key: 'id',
		},
		hiddenBid: {
			parameters: { event: 'newBid', includeHiddenBids: true },
			add: (id: string, at: number) => world.hiddenBids.push(bid(id, at, { isHidden: true })),
			key: 'id',
		},
		newLead: {
			parameters: { event: 'newInterestOrLead' },
			add: (id: string, at: number) => world.leads.push({ id, createdAt: iso(at) }),
			key: 'id',
		},
		changedContact: {
			parameters: { event: 'contactCreatedOrChanged', contactChange: 'changed' },
			add: (id: string, at: number) =>
				world.contacts.push({ id, createdAt: iso(at - 400 * WINDOW), changedAt: iso(at) }),
			key: 'id',
		},
		createdContact: {
			parameters: { event: 'contactCreatedOrChanged', contactChange: 'created' },
			add: (id: string, at: number) =>
				world.contacts.push({ id, createdAt: iso(at), changedAt: iso(at) }),
			key: 'id',
		},
	} as const;
	type RecordEventName = keyof typeof RECORD_EVENTS;

	describe('activation boundary: a record the first poll did not see is new within the late-records window, older ones never', () => {
		/** Stamps before activation, in windows: just before, inside one window, two, far back. */
		const LATE = [-1 / 60, -0.5, -1, -1.5, -2, -2.5, -10];
		const cases: Array<[RecordEventName, boolean]> = [
			['newBid', false],
			['hiddenBid', false],
			['newLead', true],
			['newLead', false],
			['changedContact', true],
			['changedContact', false],
			// The contact list gives a change time only: "created before activation" is known by the service's createdAtFrom filter alone.
			['createdContact', true],
		];

		it.each(cases)('%s (service honours the date filters: %s)', async (name, honoursRange) => {
			serve(newWorld(honoursRange));
			const event = RECORD_EVENTS[name];
			const poll = trigger(event.parameters);
			// Already there at activation: recorded, not emitted.
			event.add('before-0', START - 0.25 * WINDOW);
			expect((await poll.poll()).items).toBeNull();
			let clock = START;
			for (const [index, windows] of LATE.entries()) {
				// 20 minutes per poll: the look-back reaches further behind activation than one window over the first polls.
				clock += 20 * MINUTE;
				jest.setSystemTime(clock);
				event.add(`late-${index}`, START + windows * WINDOW);
				event.add(`fresh-${index}`, clock - MINUTE);
				const run = await poll.poll();
				expect(run.error).toBeUndefined();
				// A minute and half a window before activation, entered 20 and 40 minutes after it: within the window
				// behind the cursor (activation, then 19 minutes after it), so new. A window or more before: never.
				expect(jsonOf(run).map((item) => item[event.key])).toEqual([
					...(index <= 1 ? [`late-${index}`] : []),
					`fresh-${index}`,
				]);
			}
		});
	});

	it.each([
		['created', []],
		['changed', ['C-old']],
	])(
		'a contact created before activation and changed after it is a change, not a created contact (%s)',
		async (contactChange, expected) => {
			const poll = trigger({ event: 'contactCreatedOrChanged', contactChange });
			expect((await poll.poll()).items).toBeNull();
			for (const minutes of [20, 40, 60, 80]) {
				jest.setSystemTime(START + minutes * MINUTE);
				world.contacts = [
					{
						id: 'C-old',
						createdAt: iso(START - 1.5 * WINDOW),
						changedAt: iso(START + (minutes - 1) * MINUTE),
					},
				];
				const run = await poll.poll();
				expect(run.error).toBeUndefined();
				expect(jsonOf(run).map((item) => item.id)).toEqual(expected);
			}
		},
	);

	describe('broken answers: an error, and the state as it was', () => {
		const BROKEN: Array<[string, Answer]> = [
			['200 {"message":"OK"}', { body: { message: 'OK' } }],
			['200 with an empty body', { body: undefined }],
			['204', { status: 204 }],
			['200 null', { body: 'null', type: 'application/json' }],
			['200 "OK"', { body: '"OK"', type: 'application/json' }],
			['200 {}', { body: {} }],
			[
				'200 an HTML page',
				{
					body: '<html><head><title>Gateway</title></head><body><p>Service OK</p></body></html>',
					type: 'text/html; charset=utf-8',
				},
			],
			['200 a foreign XML document', { body: '<Message>OK</Message>', type: 'application/xml' }],
			['200 a number', { body: '42', type: 'application/json' }],
		];
		// A list where a report is due, and a report where a list is due.
		const WRONG_SHAPE: Record<string, Answer> = {
			list: { body: { incomingLeads: [] } },
			report: { body: [] },
		};
		const EVENTS: Array<[RecordEventName, 'list' | 'report']> = [
			['newBid', 'list'],
			['hiddenBid', 'list'],
			['newLead', 'report'],
			['changedContact', 'report'],
			['createdContact', 'report'],
		];
		const recordCases = EVENTS.flatMap(([name, shape]) =>
			[...BROKEN, [`200 the wrong shape (${shape})`, WRONG_SHAPE[shape]] as [string, Answer]].map(
				([answer, broken]) => [name, answer, broken] as const,
			),
		);

		it.each(recordCases)('%s: %s', async (name, _answer, broken) => {
			const event = RECORD_EVENTS[name];
			event.add('old', START - 10 * MINUTE);
			const poll = trigger(event.parameters);
			expect((await poll.poll()).items).toBeNull();
			jest.setSystemTime(START + 5 * MINUTE);
			event.add('new', START + 4 * MINUTE);
			const before = JSON.parse(JSON.stringify(poll.staticData));
			world.broken = broken;
			const failed = await poll.poll();
			// An HTML page is refused already by the shared transport, in the words it uses for every node.
			expect(failed.error?.message).toMatch(
				/^The service's answer is not (a list of bids|a tips-and-leads report|a contact list|a live-data report)|^The service sent a response that could not be read$/,
			);
			expect(poll.staticData).toEqual(before);
			world.broken = undefined;
			jest.setSystemTime(START + 6 * MINUTE);
			const good = await poll.poll();
			expect(good.error).toBeUndefined();
			expect(jsonOf(good).map((item) => item.id)).toEqual(['new']);
		});

		const liveCases = [
			...BROKEN,
			['200 a list where a report is due', { body: [] }] as [string, Answer],
			['200 a report without rows', { body: { customerId: 'M30011', totals: null } }] as [
				string,
				Answer,
			],
		];
		it.each(liveCases)('liveDataChanged: %s', async (_answer, broken) => {
			const poll = trigger({ event: 'liveDataChanged', liveDataPeriod: 'today' });
			expect((await poll.poll()).items).toBeNull();
			const before = JSON.parse(JSON.stringify(poll.staticData));
			jest.setSystemTime(START + MINUTE);
			world.broken = broken;
			const failed = await poll.poll();
			expect(failed.error?.message).toMatch(
				/^The service's answer is not a live-data report|^The service sent a response that could not be read$/,
			);
			expect(poll.staticData).toEqual(before);
			world.broken = undefined;
			// The same figures as before the broken answer: nobody changed, nothing fires again.
			jest.setSystemTime(START + 2 * MINUTE);
			const same = await poll.poll();
			expect(same.error).toBeUndefined();
			expect(same.items).toBeNull();
			world.liveData = liveReport({
				HANBDB1DD105679979CA82B28EDD1C8CCD2: 1,
				HANFBB798C2524102012E7BD22EEF00E52D: 2,
			});
			const moved = await poll.poll();
			expect(jsonOf(moved).map((item) => item.row)).toEqual([
				'users:HANFBB798C2524102012E7BD22EEF00E52D',
				'summary',
			]);
		});
	});

	describe('annulled bids: never emitted, whether the list flags or drops them', () => {
		const FLAGS: Array<[string, IDataObject]> = [
			['isCanceled true', { isCanceled: true }],
			['isCanceled "true" (text)', { isCanceled: 'true' }],
			['isCanceled "True" (text)', { isCanceled: 'True' }],
		];

		it.each(FLAGS)(
			'a bid first listed with %s, visible or hidden, JSON or XML',
			async (_flag, flag) => {
				for (const [format, hidden] of [
					['json', false],
					['json', true],
					['xml', false],
					['xml', true],
				] as const) {
					serve(newWorld());
					const list = hidden ? world.hiddenBids : world.bids;
					jest.setSystemTime(START);
					const poll = trigger({
						event: 'newBid',
						includeHiddenBids: hidden,
						messageFormat: format,
					});
					expect((await poll.poll()).items).toBeNull();
					jest.setSystemTime(START + MINUTE);
					list.push(
						bid('B-annulled', START + 30_000, { ...flag, isHidden: hidden }),
						bid('B-live', START + 40_000, { isHidden: hidden }),
					);
					if (format === 'xml') server.script((request) => xmlAnswer(answerOf(world, request)));
					const run = await poll.poll();
					expect(run.error).toBeUndefined();
					expect(jsonOf(run).map((item) => item.id)).toEqual(['B-live']);
					jest.setSystemTime(START + 2 * MINUTE);
					expect((await poll.poll()).items).toBeNull();
				}
			},
		);

		it('a bid emitted, then flagged, then dropped, is not emitted again', async () => {
			const poll = trigger({ event: 'newBid' });
			await poll.poll();
			jest.setSystemTime(START + MINUTE);
			world.bids.push(bid('B1', START + 30_000));
			expect(jsonOf(await poll.poll()).map((item) => item.id)).toEqual(['B1']);
			jest.setSystemTime(START + 2 * MINUTE);
			world.bids[0].isCanceled = true;
			expect((await poll.poll()).items).toBeNull();
			jest.setSystemTime(START + 3 * MINUTE);
			world.bids.length = 0;
			expect((await poll.poll()).items).toBeNull();
		});

		it('Emit Existing and Fetch Test Event skip flagged bids', async () => {
			world.bids.push(
				bid('B-old', START - 3 * MINUTE),
				bid('B-newest-annulled', START - MINUTE, { isCanceled: true }),
			);
			const test = await trigger({ event: 'newBid' }).poll('manual');
			expect(jsonOf(test).map((item) => item.id)).toEqual(['B-old']);
			const existing = await trigger({ event: 'newBid', emitExistingOnFirstRun: true }).poll();
			expect(jsonOf(existing).map((item) => item.id)).toEqual(['B-old']);
		});
	});
});

/** The scripted JSON answer as the service's XML (a list of bids as ArrayOfBid). */
function xmlAnswer(answer: Answer): Answer {
	if (!Array.isArray(answer.body)) return answer;
	const field = (name: string, value: unknown) =>
		`<${name[0].toUpperCase()}${name.slice(1)}>${String(value)}</${name[0].toUpperCase()}${name.slice(1)}>`;
	const bids = (answer.body as IDataObject[]).map(
		(entry) =>
			`<Bid>${Object.entries(entry)
				.map(([name, value]) => field(name, value))
				.join('')}</Bid>`,
	);
	return {
		body: `<ArrayOfBid xmlns:i="http://www.w3.org/2001/XMLSchema-instance">${bids.join('')}</ArrayOfBid>`,
		type: 'application/xml; charset=utf-8',
	};
}
