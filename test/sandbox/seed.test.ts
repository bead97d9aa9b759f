import axios from 'axios';
import { startSandbox, type SandboxHandle } from '../../sandbox/src';
import {
	budgetsOf,
	estatesBySelection,
	leadsOf,
	liveDataOf,
	soldEstates,
} from '../../sandbox/src/store/reportData';

const NOW = '2026-06-15T12:00:00.000Z';
const YEAR_AGO = Date.parse('2025-06-15T12:00:00.000Z');
let a: SandboxHandle;
let b: SandboxHandle;
beforeAll(async () => {
	[a, b] = await Promise.all([
		startSandbox({ seed: 42, now: NOW }),
		startSandbox({ seed: 42, now: NOW }),
	]);
});
afterAll(async () => Promise.all([a.close(), b.close()]));

describe('seed', () => {
	it('is deterministic for a seed and reference time', () => {
		expect([...a.store.contacts.values()]).toEqual([...b.store.contacts.values()]);
		expect([...a.store.bids.values()]).toEqual([...b.store.bids.values()]);
		expect(a.store.liveData).toEqual(b.store.liveData);
	});

	it('has the offices, group, agents and the default volumes', () => {
		const s = a.store;
		expect(s.offices.get('M30011')!.name).toBe('Mäklarhuset Södermalm');
		expect(s.offices.get('M30012')!.name).toBe('Mäklarhuset Uppsala');
		expect(s.groups.get('G2')!.officeIds).toEqual(['M30011', 'M30012']);
		expect(s.offices.get('M40099')!.groupId).toBeNull();
		expect(s.agents.size).toBe(10);
		expect(s.estates.size).toBe(50);
		expect(s.bids.size).toBe(200);
		expect(s.contacts.size).toBeGreaterThanOrEqual(500);
		const types = new Set([...s.contacts.values()].map((c) => c.type));
		expect(types).toEqual(new Set(['Person', 'Company', 'DeceasedEstate']));
		const person = [...s.contacts.values()].find((c) => c.type === 'Person')!;
		expect(person.socialSecurityNumber).toMatch(/^(19|20)\d{6}-\d{4}$/);
	});

	it('has report data over the last year: sold estates, leads, budgets, live data', () => {
		const s = a.store;
		const bounds = { from: YEAR_AGO, to: Date.parse(NOW) };
		const sold = soldEstates(s, 'G2', bounds);
		expect(sold.length).toBeGreaterThan(5);
		for (const e of sold) {
			expect(e.finalPrice).toBeGreaterThan(0);
			expect(e.commission.amount).toBeGreaterThan(0);
			expect(Date.parse(e.accessDate!)).toBeGreaterThan(Date.parse(e.contractDate!));
		}
		expect(
			estatesBySelection(s, 'M30011', 'Agreement', bounds).every(
				(e) => e.customerId === 'M30011' && e.agreementDate,
			),
		).toBe(true);
		const leads = leadsOf(s, 'G2', bounds, 'ActiveAndRemoved');
		expect(leads.some((l) => l.direction === 'Incoming')).toBe(true);
		expect(leads.some((l) => l.direction === 'Outgoing')).toBe(true);
		expect(leads.some((l) => l.kind === 'Tip')).toBe(true);
		expect(leadsOf(s, 'G2', bounds, 'Removed').every((l) => l.removedAt)).toBe(true);
		expect(budgetsOf(s, 'M30011', { userId: null, year: 2026, month: 3 })).toHaveLength(1);
		expect(
			budgetsOf(s, 'M30011', {
				userId: 'HAN126BD4E4523136890F57E2BB7E76FEC6',
				year: 2025,
				month: 7,
			}),
		).toHaveLength(1);
		const events = liveDataOf(s, 'G2', bounds);
		expect(events.length).toBeGreaterThan(1000);
		expect(new Set(events.map((e) => e.userId)).size).toBeGreaterThanOrEqual(6);
		expect(events.every((e) => Date.parse(e.at) <= Date.parse(NOW))).toBe(true);
	});

	it('starts at scale with 100,000 bids and 50,000 contacts', async () => {
		const big = await startSandbox({ scale: { bids: 100_000, contacts: 50_000 } });
		try {
			expect(big.store.bids.size).toBe(100_000);
			// 50,000 seeded contacts, and the persons other parts of the seed register (bidders, applicants).
			expect(big.store.contacts.size).toBeGreaterThanOrEqual(50_000);
			expect(big.store.contacts.size).toBeLessThan(51_000);
		} finally {
			await big.close();
		}
	});
});

describe("the sandbox's clock", () => {
	it('runs from the reference time it was started with, whatever the real date, for changes and the request log', async () => {
		const sandbox = await startSandbox({ seed: 42, now: NOW });
		try {
			const made = await axios.post(`${sandbox.url}/__sandbox/activity`, {
				customerId: 'M30011',
				bids: 1,
			});
			const at = Date.parse(made.data.at);
			expect(at).toBeGreaterThanOrEqual(Date.parse(NOW));
			expect(at).toBeLessThan(Date.parse(NOW) + 60_000);
			expect(Date.parse(sandbox.store.bids.get(made.data.bids[0])!.createdAt)).toBe(at);
			await axios.get(`${sandbox.url}/CRM/Contact/M30011`, { validateStatus: () => true });
			const [logged] = (await axios.get(`${sandbox.url}/__sandbox/requests`)).data;
			expect(Math.abs(Date.parse(logged.at) - at)).toBeLessThan(60_000);
		} finally {
			await sandbox.close();
		}
	});

	it('reads the clock a test gives it', async () => {
		let now = Date.parse('2031-05-01T00:00:00Z');
		const sandbox = await startSandbox({ seed: 42, now: '2031-05-01T00:00:00Z', clock: () => now });
		try {
			now += 3_600_000;
			expect(sandbox.store.now()).toBe('2031-05-01T01:00:00.000Z');
		} finally {
			await sandbox.close();
		}
	});
});
