import type { SandboxStore } from '../store/store';

const DAY_MS = 86_400_000;

/** ISO time `days` (fractional allowed) before the seed's reference time. */
export function daysBefore(store: SandboxStore, days: number): string {
	return new Date(store.seedOptions.now.getTime() - days * DAY_MS).toISOString();
}

/** A random ISO time within the last `maxDays` days before the seed's reference time, office hours. */
export function randomPastTime(store: SandboxStore, maxDays: number, minDays = 0): string {
	const { random } = store;
	const day = new Date(store.seedOptions.now.getTime() - random.int(minDays, maxDays) * DAY_MS);
	day.setUTCHours(random.int(6, 17), random.int(0, 59), random.int(0, 59), random.int(0, 999));
	const ms = Math.min(day.getTime(), store.seedOptions.now.getTime() - 1000);
	return new Date(ms).toISOString();
}

export function addDays(iso: string, days: number): string {
	return new Date(new Date(iso).getTime() + days * DAY_MS).toISOString();
}

/** Start of a calendar day (UTC) as ISO. */
export function dayStart(iso: string): string {
	return iso.slice(0, 10) + 'T00:00:00.000Z';
}
