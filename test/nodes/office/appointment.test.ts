import type { IDataObject } from 'n8n-workflow';

import { packageNode } from '../../harness/packageNodes';
import { runNode } from '../../harness/engine';
import { useSandbox } from '../../harness/sandbox';
import { officeFixtures } from './fixtures';

const nodeType = packageNode('estateBrokerOffice');

describe('Estate Broker Office: appointments', () => {
	const sandbox = useSandbox();
	const run = async (parameters: IDataObject, input?: IDataObject[], continueOnFail = false) =>
		await runNode({
			nodeType,
			parameters: { resource: 'appointment', operation: 'create', ...parameters } as never,
			credentials: sandbox.credentials(),
			input,
			continueOnFail,
		});
	const appointments = () => [...sandbox.handle.store.appointments.values()];

	test('Create books the event in the chosen user’s calendar, times in UTC, and returns its id with what was booked', async () => {
		const { agent } = officeFixtures(sandbox.handle.store);
		const { items, error } = await run({
			userId: agent.userId,
			subject: '  Viewing at Storgatan 12 ',
			startsAt: '2026-06-17T17:00:00+02:00',
			endsAt: '2026-06-17T18:00:00+02:00',
			additionalFields: {
				location: 'Storgatan 12, Stockholm',
				note: 'Bring the keys',
				allDayEvent: false,
			},
		});
		expect(error).toBeUndefined();
		const [request] = await sandbox.requests();
		expect(request).toMatchObject({
			method: 'POST',
			path: `/Appointment/M30011/${agent.userId}`,
			status: 200,
		});
		expect(request.body).toEqual({
			subject: 'Viewing at Storgatan 12',
			startsAt: '2026-06-17T15:00:00.000Z',
			endsAt: '2026-06-17T16:00:00.000Z',
			location: 'Storgatan 12, Stockholm',
			note: 'Bring the keys',
			allDayEvent: false,
		});
		const stored = appointments();
		expect(stored).toHaveLength(1);
		expect(stored[0]).toMatchObject({
			userId: agent.userId,
			customerId: 'M30011',
			subject: 'Viewing at Storgatan 12',
			startsAt: '2026-06-17T15:00:00.000Z',
			endsAt: '2026-06-17T16:00:00.000Z',
			location: 'Storgatan 12, Stockholm',
			note: 'Bring the keys',
			recurrence: false,
			recurrencePattern: null,
		});
		expect(items).toEqual([
			{
				json: {
					appointmentId: stored[0].id,
					userId: agent.userId,
					subject: stored[0].subject,
					startsAt: stored[0].startsAt,
					endsAt: stored[0].endsAt,
				},
				pairedItem: { item: 0 },
			},
		]);
	});

	test('A weekly recurrence sends its days and interval, and only the details of its frequency', async () => {
		const { agent } = officeFixtures(sandbox.handle.store);
		const { error } = await run({
			userId: agent.userId,
			subject: 'Open house',
			startsAt: '2026-07-07T16:00:00Z',
			recurrence: true,
			recurrencePattern: 'Weekly',
			recurrenceInterval: 2,
			// Day of Month and Month were set under another frequency and are hidden now.
			recurrenceOptions: { daysOfWeek: ['Tuesday', 'Thursday'], dayOfMonth: 15, month: 3 },
		});
		expect(error).toBeUndefined();
		const [request] = await sandbox.requests();
		expect(request.body).toEqual({
			subject: 'Open house',
			startsAt: '2026-07-07T16:00:00.000Z',
			recurrence: true,
			recurrencePattern: 'Weekly',
			recurrenceInterval: 2,
			recurrenceDayOfWeeks: ['Tuesday', 'Thursday'],
		});
		expect(appointments()[0]).toMatchObject({
			recurrence: true,
			recurrencePattern: 'Weekly',
			recurrenceInterval: 2,
			recurrenceDayOfWeeks: ['Tuesday', 'Thursday'],
			recurrenceDay: null,
		});
	});

	test('With Repeat off no recurrence detail is sent, whatever the hidden fields hold', async () => {
		const { agent } = officeFixtures(sandbox.handle.store);
		const { error } = await run({
			userId: agent.userId,
			subject: 'Valuation visit',
			startsAt: '2026-07-01T08:00:00Z',
			recurrence: false,
			recurrencePattern: 'Monthly',
			recurrenceInterval: 3,
			recurrenceOptions: { dayOfMonth: 12 },
		});
		expect(error).toBeUndefined();
		expect((await sandbox.requests())[0].body).toEqual({
			subject: 'Valuation visit',
			startsAt: '2026-07-01T08:00:00.000Z',
		});
		expect(appointments()[0]).toMatchObject({
			recurrence: false,
			recurrenceInterval: null,
			recurrenceDay: null,
		});
	});

	test('A yearly recurrence takes an expression’s frequency in any case and fills the details left out from the date of Starts At', async () => {
		const { agent } = officeFixtures(sandbox.handle.store);
		const { error } = await run(
			{
				userId: '={{ $json.agent }}',
				subject: 'Contract anniversary',
				startsAt: '2026-03-14T09:00:00Z',
				recurrence: true,
				recurrencePattern: '={{ $json.every }}',
			},
			[{ agent: agent.userId, every: 'yearly' }],
		);
		expect(error).toBeUndefined();
		const [request] = await sandbox.requests();
		expect(request.path).toBe(`/Appointment/M30011/${agent.userId}`);
		// The day and month of Starts At on the workflow's calendar, sent rather than left to the service's reading of the UTC time.
		expect(request.body).toEqual({
			subject: 'Contract anniversary',
			startsAt: '2026-03-14T09:00:00.000Z',
			recurrence: true,
			recurrencePattern: 'Yearly',
			recurrenceInterval: 1,
			recurrenceMonth: 3,
			recurrenceDay: 14,
		});
		expect(appointments()[0]).toMatchObject({
			recurrencePattern: 'Yearly',
			recurrenceMonth: 3,
			recurrenceDay: 14,
		});
	});

	test('Create in XML sends the appointment as XML and gives the same item', async () => {
		const { agent } = officeFixtures(sandbox.handle.store);
		const { items, error } = await run({
			userId: agent.userId,
			subject: 'Open house',
			startsAt: '2026-07-07T16:00:00Z',
			recurrence: true,
			recurrencePattern: 'Weekly',
			recurrenceOptions: { daysOfWeek: ['Monday', 'Wednesday'] },
			messageFormat: 'xml',
		});
		expect(error).toBeUndefined();
		const [request] = await sandbox.requests();
		expect(request.contentType).toContain('application/xml');
		expect(request.headers.accept).toBe('application/xml');
		// The sandbox logs an XML body decoded to camelCase.
		expect(request.body).toMatchObject({
			recurrencePattern: 'Weekly',
			recurrenceDayOfWeeks: ['Monday', 'Wednesday'],
		});
		const [stored] = appointments();
		expect(stored.recurrenceDayOfWeeks).toEqual(['Monday', 'Wednesday']);
		expect(items.map((item) => item.json)).toEqual([
			{
				appointmentId: stored.id,
				userId: agent.userId,
				subject: 'Open house',
				startsAt: '2026-07-07T16:00:00.000Z',
			},
		]);
	});

	test.each([
		['a blank subject', { subject: '  ' }, 'Subject is required'],
		[
			'a subject over 255 characters',
			{ subject: 'x'.repeat(256) },
			'Subject may have at most 255 characters; got 256',
		],
		[
			'no start from the input',
			{ startsAt: '={{ $json.missing ?? "" }}' },
			'Starts At is required',
		],
		[
			'an end before the start',
			{ endsAt: '2026-06-17T07:00:00Z' },
			'Starts At must not be after Ends At',
		],
		[
			'an unknown frequency',
			{ recurrence: true, recurrencePattern: '={{ "Fortnightly" }}' },
			'Frequency must be one of Daily, Weekly, Monthly, Yearly; got "Fortnightly"',
		],
		[
			'an interval over 99',
			{ recurrence: true, recurrencePattern: 'Daily', recurrenceInterval: 100 },
			'Repeat Every must be a whole number from 1 to 99; got "100"',
		],
		[
			'an unknown weekday',
			{
				recurrence: true,
				recurrencePattern: 'Weekly',
				recurrenceOptions: { daysOfWeek: '={{ ["Monday", "Funday"] }}' },
			},
			'Days of Week must be one of Monday, Tuesday, Wednesday, Thursday, Friday, Saturday, Sunday; got "Funday"',
		],
		[
			'31 February, yearly',
			{
				recurrence: true,
				recurrencePattern: 'Yearly',
				recurrenceOptions: { dayOfMonth: 31, month: 2 },
			},
			'Day of Month 31 does not exist in February',
		],
		[
			'31 April by Starts At, yearly',
			{
				startsAt: '2026-03-31T08:00:00Z',
				recurrence: true,
				recurrencePattern: 'Yearly',
				recurrenceOptions: { month: 4 },
			},
			'Day of Month 31 does not exist in April',
		],
	])('Create refuses %s before sending anything', async (_case, overrides, message) => {
		const { agent } = officeFixtures(sandbox.handle.store);
		const { error } = await run({
			userId: agent.userId,
			subject: 'Viewing',
			startsAt: '2026-06-17T08:00:00Z',
			...overrides,
		});
		expect(error?.message).toBe(message);
		expect(await sandbox.requests()).toHaveLength(0);
		expect(appointments()).toHaveLength(0);
	});

	test('A yearly event on 29 February is allowed', async () => {
		const { agent } = officeFixtures(sandbox.handle.store);
		const { error } = await run({
			userId: agent.userId,
			subject: 'Leap day',
			startsAt: '2028-02-29T08:00:00Z',
			recurrence: true,
			recurrencePattern: 'Yearly',
		});
		expect(error).toBeUndefined();
		expect(appointments()[0]).toMatchObject({ recurrenceMonth: 2, recurrenceDay: 29 });
	});

	test('With Continue On Fail an unknown user gives an error item paired to its input, the other item is booked', async () => {
		const { agent } = officeFixtures(sandbox.handle.store);
		const { items, error } = await run(
			{ userId: '={{ $json.agent }}', subject: 'Viewing', startsAt: '2026-06-17T08:00:00Z' },
			[{ agent: 'HAN8C502EFB294EC0CA5E8E0F889522EBC2' }, { agent: agent.userId }],
			true,
		);
		expect(error).toBeUndefined();
		expect(items).toHaveLength(2);
		expect(items[0]).toMatchObject({
			json: { error: 'The service found no such record' },
			pairedItem: { item: 0 },
		});
		const [stored] = appointments();
		expect(stored.userId).toBe(agent.userId);
		expect(items[1]).toMatchObject({
			json: { appointmentId: stored.id, userId: agent.userId },
			pairedItem: { item: 1 },
		});
	});

	test('A customer the credential may not use is refused by the service (403) and nothing is booked', async () => {
		const { agent } = officeFixtures(sandbox.handle.store);
		const { error } = await run({
			userId: agent.userId,
			subject: 'Viewing',
			startsAt: '2026-06-17T08:00:00Z',
			customerId: 'M40099',
		});
		expect(error?.message).toBe('The credential has no access to this customer or record');
		expect((await sandbox.requests())[0]).toMatchObject({
			path: `/Appointment/M40099/${agent.userId}`,
			status: 403,
		});
		expect(appointments()).toHaveLength(0);
	});
});
