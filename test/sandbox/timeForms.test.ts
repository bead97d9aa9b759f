import { DateTime } from 'luxon';

import { startTestSandbox, useTestSandbox, type TestSandbox } from './helpers';

/**
 * The sandbox writes times as the service does (docs/spec/service-clock.md): by default the
 * live form, Swedish wall time without an offset and .NET's trimmed fraction; as an option,
 * a control call or a fault, the help pages' form with seven digits and the offset. It reads
 * offsets and offset-less (Swedish) times in queries and bodies, and counts its limits on the
 * Swedish calendar. Expected texts are computed here with luxon, not with the sandbox's code.
 */
const LIVE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{0,2}[1-9])?$/;
const HELP_PAGE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{7}\+0[12]:00$/;

function liveText(iso: string): string {
	const swedish = DateTime.fromISO(iso, { zone: 'utc' }).setZone('Europe/Stockholm');
	const fraction = swedish.toFormat('SSS').replace(/0+$/, '');
	return swedish.toFormat("yyyy-MM-dd'T'HH:mm:ss") + (fraction ? `.${fraction}` : '');
}

function helpPageText(iso: string): string {
	const swedish = DateTime.fromISO(iso, { zone: 'utc' }).setZone('Europe/Stockholm');
	return `${swedish.toFormat("yyyy-MM-dd'T'HH:mm:ss.SSS")}0000${swedish.toFormat('ZZ')}`;
}

type Bid = { id: string; createdAt: string };

async function bidTimes(
	sb: TestSandbox,
	accept = 'application/json',
): Promise<Array<{ id: string; text: string }>> {
	const answer = await sb.demo.get('/CRM/Bids/G2', {
		headers: { Accept: accept },
		responseType: 'text',
	});
	expect(answer.status).toBe(200);
	const body = answer.data as string;
	if (accept.includes('xml'))
		return [...body.matchAll(/<Id>([^<]+)<\/Id>.*?<CreatedAt>([^<]+)<\/CreatedAt>/g)].map(
			([, id, text]) => ({ id, text }),
		);
	return (JSON.parse(body) as Bid[]).map((bid) => ({ id: bid.id, text: bid.createdAt }));
}

describe('sandbox: the live form by default', () => {
	const sb = useTestSandbox({ scale: { bids: 300 } });

	it.each(['application/json', 'application/xml'])(
		'writes every stored time as Swedish wall time without an offset, fraction trimmed (%s)',
		async (accept) => {
			const times = await bidTimes(sb, accept);
			expect(times.length).toBeGreaterThan(100);
			for (const { id, text } of times) {
				expect(text).toMatch(LIVE);
				expect(text).toBe(liveText(sb.handle.store.bids.get(id)!.createdAt));
			}
			// The seed has winter and summer times, and fractions .NET trims (a whole second or a trailing zero).
			const stored = times.map(({ id }) => sb.handle.store.bids.get(id)!.createdAt);
			expect(
				stored.some((iso) => DateTime.fromISO(iso).setZone('Europe/Stockholm').offset === 60),
			).toBe(true);
			expect(
				stored.some((iso) => DateTime.fromISO(iso).setZone('Europe/Stockholm').offset === 120),
			).toBe(true);
			expect(times.some(({ text }) => /\.\d{1,2}$/.test(text) || /:\d{2}$/.test(text))).toBe(true);
		},
	);

	it('reads an offset-less time in a body as Swedish time, and an offset as given', async () => {
		const estate = [...sb.handle.store.estates.values()].find(
			(e) => e.customerId === 'M30011' && e.status === 'ForSale',
		)!;
		const contact = [...sb.handle.store.contacts.values()].find(
			(c) => c.customerId === 'M30011' && c.type === 'Person',
		)!;
		const place = async (createdAt: string) =>
			(
				await sb.demo.post(`/CRM/Bid/M30011/${estate.id}/${contact.id}`, {
					amount: '4150000',
					createdAt,
				})
			).data as string;
		const winter = await place('2026-01-15T10:00:00');
		const summer = await place('2026-06-10T10:00:00.5');
		const withOffset = await place('2026-06-10T10:00:00+02:00');
		const utc = await place('2026-06-10T08:00:00Z');
		expect(sb.handle.store.bids.get(winter)!.createdAt).toBe('2026-01-15T09:00:00.000Z');
		expect(sb.handle.store.bids.get(summer)!.createdAt).toBe('2026-06-10T08:00:00.500Z');
		expect(sb.handle.store.bids.get(withOffset)!.createdAt).toBe('2026-06-10T08:00:00.000Z');
		expect(sb.handle.store.bids.get(utc)!.createdAt).toBe('2026-06-10T08:00:00.000Z');
		// The hour that comes twice: standard time, the second occurrence, as .NET reads an ambiguous time.
		const repeated = await place('2026-10-25T02:30:00');
		expect(sb.handle.store.bids.get(repeated)!.createdAt).toBe('2026-10-25T01:30:00.000Z');
		expect((await sb.demo.get(`/CRM/Bid/M30011/${summer}`)).data.createdAt).toBe(
			'2026-06-10T10:00:00.5',
		);
		expect((await sb.demo.get(`/CRM/Bid/M30011/${winter}`)).data.createdAt).toBe(
			'2026-01-15T10:00:00',
		);
	});

	it('reads query times with and without an offset alike', async () => {
		const report = async (dateFrom: string, dateTo: string) =>
			await sb.demo.get('/BusinessIntelligence/TipsAndLeads/Report', {
				params: { customerId: 'G2', dateFrom, dateTo },
			});
		const swedish = await report('2026-04-20T08:00:00', '2026-06-15T13:00:00');
		const offsets = await report('2026-04-20T08:00:00+02:00', '2026-06-15T11:00:00Z');
		expect(swedish.status).toBe(200);
		expect(offsets.data).toEqual(swedish.data);
		// Read as UTC, the offset-less bounds would name other instants: the answer would differ in its echoed bounds at least.
		expect((await report('2026-04-20T08:00:00Z', '2026-06-15T13:00:00Z')).data).not.toEqual(
			swedish.data,
		);
	});

	it('counts two months on the Swedish calendar', async () => {
		const report = async (dateFrom: string, dateTo: string) =>
			(
				await sb.demo.get('/BusinessIntelligence/TipsAndLeads/Report', {
					params: { customerId: 'G2', dateFrom, dateTo },
				})
			).status;
		// 1 January 00:30 in Stockholm is 31 December 23:30Z: two months later is 1 March 00:30 Swedish time, 28 February 23:30Z.
		expect(await report('2026-12-31T23:30:00Z', '2027-02-28T23:30:00Z')).toBe(200);
		expect(await report('2026-12-31T23:30:00Z', '2027-02-28T23:30:01Z')).toBe(400);
		expect(await report('2027-01-01T00:30:00', '2027-03-01T00:30:00')).toBe(200);
		// From 31 December, the last day of February (as .NET's AddMonths).
		expect(await report('2026-12-31', '2027-02-28')).toBe(200);
		expect(await report('2026-12-31', '2027-02-28T00:00:01')).toBe(400);
	});
});

describe('sandbox: the help pages form', () => {
	it('as the sandbox option: seven digits and +01:00/+02:00', async () => {
		const sb = await startTestSandbox({ scale: { bids: 100 }, timeForm: 'helpPage' });
		try {
			for (const accept of ['application/json', 'application/xml']) {
				const times = await bidTimes(sb, accept);
				expect(times.length).toBeGreaterThan(30);
				for (const { id, text } of times) {
					expect(text).toMatch(HELP_PAGE);
					expect(text).toBe(helpPageText(sb.handle.store.bids.get(id)!.createdAt));
				}
			}
		} finally {
			await sb.handle.close();
		}
	});

	describe('by the control API and by a fault', () => {
		const sb = useTestSandbox({ scale: { bids: 50 } });

		it('switches with PUT /__sandbox/time-form until a reset', async () => {
			expect((await sb.control.get('/time-form')).data).toEqual({ form: 'live' });
			expect((await sb.control.put('/time-form', { form: 'helpPage' })).data).toEqual({
				form: 'helpPage',
			});
			for (const { text } of await bidTimes(sb)) expect(text).toMatch(HELP_PAGE);
			expect((await sb.control.put('/time-form', { form: 'utc' })).status).toBe(400);
			await sb.control.post('/reset');
			expect((await sb.control.get('/time-form')).data).toEqual({ form: 'live' });
			for (const { text } of await bidTimes(sb)) expect(text).toMatch(LIVE);
		});

		it('answers the next matching request in the help pages form with a helpPageTimes fault', async () => {
			expect(
				(
					await sb.control.post('/faults', {
						kind: 'helpPageTimes',
						count: 1,
						pathPrefix: '/CRM/Bids',
					})
				).status,
			).toBe(200);
			const first = await bidTimes(sb);
			const second = await bidTimes(sb);
			for (const { text } of first) expect(text).toMatch(HELP_PAGE);
			for (const { text } of second) expect(text).toMatch(LIVE);
			expect(first.map(({ id }) => id)).toEqual(second.map(({ id }) => id));
		});

		it('keeps UTC in the control API (its request log)', async () => {
			await sb.demo.get('/CRM/Bids/G2');
			const [entry] = (await sb.control.get('/requests')).data as Array<{ at: string }>;
			expect(entry.at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
		});
	});
});
