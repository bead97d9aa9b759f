import { DateTime } from 'luxon';

import { startTestSandbox, type TestSandbox } from './helpers';

/**
 * The seed's times as the service writes them (docs/spec/service-clock.md): Swedish office
 * hours, and a date alone (a date of birth, the day a budget was set) as midnight on the Swedish
 * clock. Checked with luxon, not with the sandbox's own clock, in summer (+02:00) and winter (+01:00).
 */
const stockholm = (iso: string) => DateTime.fromISO(iso, { zone: 'Europe/Stockholm' });

describe.each([
	['summer', '2026-06-15T12:00:00.000Z'],
	['winter', '2026-01-15T12:00:00.000Z'],
])('seeded times (%s)', (_season, now) => {
	let sb: TestSandbox;
	beforeAll(async () => {
		sb = await startTestSandbox({ now });
	});
	afterAll(async () => await sb.handle.close());

	it('fall in office hours on the Swedish clock (08:00 to 17:59), whatever the season', () => {
		const store = sb.handle.store;
		const times = [
			...[...store.contacts.values()].map((c) => c.createdAt),
			...[...store.estates.values()].map((e) => e.createdAt),
			...[...store.interestApplications.values()].map((a) => a.createdAt),
		];
		expect(times.length).toBeGreaterThan(500);
		// A time clamped to just before the reference time (noon) is an office hour too.
		const hours = new Set(times.map((iso) => stockholm(iso).hour));
		expect([...hours].sort((a, b) => a - b)).toEqual([8, 9, 10, 11, 12, 13, 14, 15, 16, 17]);
	});

	it("write a person's date of birth as midnight, Swedish time, without an offset", async () => {
		const person = [...sb.handle.store.contacts.values()].find(
			(c) =>
				c.type === 'Person' && c.customerId === 'M30011' && /^\d{8}-/.test(c.socialSecurityNumber),
		)!;
		const { data } = await sb.demo.get(`/CRM/Contact/M30011/Person/${person.id}`);
		const digits = person.socialSecurityNumber.slice(0, 8);
		expect(data.dateOfBirth).toBe(
			`${digits.slice(0, 4)}-${digits.slice(4, 6)}-${digits.slice(6, 8)}T00:00:00`,
		);
	});

	it('set the budgets on 15 December at midnight, Swedish time', () => {
		const changed = new Set(sb.handle.store.budgets.map((budget) => budget.changedAt));
		expect([...changed].map((iso) => stockholm(iso).toFormat("MM-dd'T'HH:mm:ss.SSS"))).toEqual([
			'12-15T00:00:00.000',
		]);
	});
});
