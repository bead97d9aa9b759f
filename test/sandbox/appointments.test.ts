import { parseXml } from '../../nodes/shared/xml';
import { useTestSandbox } from './helpers';

const sb = useTestSandbox();

const agentOf = (office: string) =>
	[...sb.handle.store.agents.values()].find((a) => a.customerId.includes(office) && !a.archived)!;
const fields = (response: { data: { errors: { field: string }[] } }) =>
	response.data.errors.map((e) => e.field).sort();
const WEEK_DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

describe('POST /Appointment/{customerId}/{id} (4.1)', () => {
	it('books a calendar event for an agent of the customer and keeps it in the store', async () => {
		const agent = agentOf('M30012');
		const body = {
			subject: 'Visning Kungsgatan 12',
			location: 'Kungsgatan 12, Uppsala',
			startsAt: '2026-06-17T17:00:00+02:00',
			endsAt: '2026-06-17T17:45:00+02:00',
			allDayEvent: false,
			note: 'Ta med planritningar',
		};
		const response = await sb.demo.post(`/Appointment/G2/${agent.userId}`, body);
		expect(response.status).toBe(200);
		expect(response.data).toMatch(/^AP\d{5}$/);
		expect(sb.handle.store.appointments.size).toBe(1);
		expect(sb.handle.store.appointments.get(response.data)).toMatchObject({
			...body,
			id: response.data,
			userId: agent.userId,
			customerId: 'M30012',
			recurrence: false,
			recurrencePattern: null,
			recurrenceDayOfWeeks: [],
			recurrenceInterval: null,
		});
		const second = await sb.sodermalm.post(`/Appointment/M30011/${agentOf('M30011').userId}`, {
			subject: 'Värdering',
			startsAt: '2026-06-18',
		});
		expect(second.status).toBe(200);
		expect(second.data).not.toBe(response.data);
		expect(sb.handle.store.appointments.get(second.data)).toMatchObject({
			customerId: 'M30011',
			endsAt: null,
			location: '',
			allDayEvent: false,
		});
	});

	it('fills left-out recurrence details from startsAt', async () => {
		const url = `/Appointment/M30011/${agentOf('M30011').userId}`;
		const startsAt = '2026-08-31T09:00:00Z';
		const date = new Date(startsAt);
		const weekly = await sb.demo.post(url, {
			subject: 'Kontorsmöte',
			startsAt,
			recurrence: true,
			recurrencePattern: 'Weekly',
		});
		expect(sb.handle.store.appointments.get(weekly.data)).toMatchObject({
			recurrenceDayOfWeeks: [WEEK_DAYS[date.getUTCDay()]],
			recurrenceInterval: 1,
			recurrenceDay: null,
			recurrenceMonth: null,
		});
		const monthly = await sb.demo.post(url, {
			subject: 'Budgetgenomgång',
			startsAt,
			recurrence: true,
			recurrencePattern: 'Monthly',
			recurrenceInterval: 3,
		});
		expect(sb.handle.store.appointments.get(monthly.data)).toMatchObject({
			recurrenceDay: date.getUTCDate(),
			recurrenceInterval: 3,
			recurrenceDayOfWeeks: [],
		});
		const yearly = await sb.demo.post(url, {
			subject: 'Årsmöte',
			startsAt,
			recurrence: true,
			recurrencePattern: 'Yearly',
			recurrenceDay: 15,
		});
		expect(sb.handle.store.appointments.get(yearly.data)).toMatchObject({
			recurrenceMonth: date.getUTCMonth() + 1,
			recurrenceDay: 15,
		});
		const days = await sb.demo.post(url, {
			subject: 'Visningar',
			startsAt,
			recurrence: true,
			recurrencePattern: 'Weekly',
			recurrenceDayOfWeeks: ['Tuesday', 'Thursday', 'Tuesday'],
		});
		expect(sb.handle.store.appointments.get(days.data)!.recurrenceDayOfWeeks).toEqual([
			'Tuesday',
			'Thursday',
		]);
	});

	it('reads an XML body and answers the id as XML', async () => {
		const agent = agentOf('M30011');
		const xml = `<Appointment>
	<Subject>Kontraktsskrivning</Subject>
	<StartsAt>2026-07-01T10:00:00Z</StartsAt>
	<EndsAt>2026-07-01T11:00:00Z</EndsAt>
	<AllDayEvent>false</AllDayEvent>
	<Recurrence>true</Recurrence>
	<RecurrencePattern>Weekly</RecurrencePattern>
	<RecurrenceDayOfWeeks><string>Monday</string><string>Wednesday</string></RecurrenceDayOfWeeks>
	<RecurrenceInterval>2</RecurrenceInterval>
</Appointment>`;
		const response = await sb.demo.post(`/Appointment/M30011/${agent.userId}`, xml, {
			headers: { 'Content-Type': 'application/xml', Accept: 'application/xml' },
			responseType: 'text',
		});
		expect(response.status).toBe(200);
		expect(response.headers['content-type']).toMatch(/^application\/xml/);
		const id = parseXml(response.data);
		expect(response.data).toContain(`<string>${id}</string>`);
		expect(sb.handle.store.appointments.get(String(id))).toMatchObject({
			subject: 'Kontraktsskrivning',
			recurrencePattern: 'Weekly',
			recurrenceDayOfWeeks: ['Monday', 'Wednesday'],
			recurrenceInterval: 2,
		});
	});

	it('answers 404 for an unknown user, 403 for another firm, 401 without credentials', async () => {
		const body = { subject: 'Visning', startsAt: '2026-06-17T17:00:00Z' };
		const unknown = await sb.demo.post('/Appointment/G2/HAN8C502EFB294EC0CA5E8E0F889522EBC2', body);
		expect(unknown.status).toBe(404);
		expect(unknown.data.message).toContain('HAN8C502EFB294EC0CA5E8E0F889522EBC2');
		expect(
			(await sb.demo.post(`/Appointment/M30011/${agentOf('M30012').userId}`, body)).status,
		).toBe(403);
		expect((await sb.demo.post(`/Appointment/G2/${agentOf('M40099').userId}`, body)).status).toBe(
			403,
		);
		expect(
			(await sb.other.post(`/Appointment/M30011/${agentOf('M30011').userId}`, body)).status,
		).toBe(403);
		expect(
			(await sb.anonymous.post(`/Appointment/M30011/${agentOf('M30011').userId}`, body)).status,
		).toBe(401);
		expect(sb.handle.store.appointments.size).toBe(0);
	});

	it('rejects a missing body, missing fields, reversed times and bad recurrence values', async () => {
		const url = `/Appointment/M30011/${agentOf('M30011').userId}`;
		const missing = await sb.demo.post(url);
		expect(missing.status).toBe(400);
		expect(missing.data.errors).toEqual([{ field: 'body', message: 'a request body is required' }]);
		expect(fields(await sb.demo.post(url, { note: 'x' }))).toEqual(['startsAt', 'subject']);
		expect((await sb.demo.post(url, { subject: 'x', startsAt: 'tomorrow' })).data.errors).toEqual([
			{ field: 'startsAt', message: 'must be an ISO 8601 date-time' },
		]);
		const reversed = await sb.demo.post(url, {
			subject: 'x',
			startsAt: '2026-06-17T17:00:00Z',
			endsAt: '2026-06-17T16:00:00Z',
		});
		expect(reversed.data.errors).toEqual([
			{ field: 'endsAt', message: 'must not be before startsAt' },
		]);
		const base = { subject: 'x', startsAt: '2026-06-17T17:00:00Z' };
		expect(
			fields(
				await sb.demo.post(url, {
					...base,
					recurrence: true,
					recurrencePattern: 'Fortnightly',
					recurrenceDayOfWeeks: ['Funday'],
					recurrenceInterval: 0,
				}),
			),
		).toEqual(['recurrenceDayOfWeeks[0]', 'recurrenceInterval', 'recurrencePattern']);
		expect(
			fields(
				await sb.demo.post(url, { ...base, recurrencePattern: 'Daily', recurrenceInterval: 2 }),
			),
		).toEqual(['recurrenceInterval', 'recurrencePattern']);
		expect((await sb.demo.post(url, { ...base, recurrence: true })).data.errors).toEqual([
			{ field: 'recurrencePattern', message: 'is required when recurrence is true' },
		]);
		expect(
			fields(
				await sb.demo.post(url, {
					...base,
					recurrence: true,
					recurrencePattern: 'Weekly',
					recurrenceMonth: 5,
					recurrenceDay: 3,
				}),
			),
		).toEqual(['recurrenceDay', 'recurrenceMonth']);
		const february = await sb.demo.post(url, {
			...base,
			recurrence: true,
			recurrencePattern: 'Yearly',
			recurrenceMonth: 2,
			recurrenceDay: 30,
		});
		expect(fields(february)).toEqual(['recurrenceDay']);
		expect(sb.handle.store.appointments.size).toBe(0);
		// Nulls mean "not set", as JSON clients send them.
		const nulls = await sb.demo.post(url, {
			...base,
			endsAt: null,
			recurrencePattern: null,
			recurrenceDayOfWeeks: null,
			recurrenceInterval: null,
		});
		expect(nulls.status).toBe(200);
	});

	it('forgets appointments on reset', async () => {
		await sb.demo.post(`/Appointment/M30011/${agentOf('M30011').userId}`, {
			subject: 'x',
			startsAt: '2026-06-17',
		});
		expect(sb.handle.store.appointments.size).toBe(1);
		await sb.control.post('/reset');
		expect(sb.handle.store.appointments.size).toBe(0);
	});
});
