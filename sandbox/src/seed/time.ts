import { instantToWall, wallToInstant } from '../http/serviceTime';
import type { SandboxStore } from '../store/store';

const DAY_MS = 86_400_000;

/** ISO time `days` (fractional allowed) before the seed's reference time. */
export function daysBefore(store: SandboxStore, days: number): string {
	return new Date(store.seedOptions.now.getTime() - days * DAY_MS).toISOString();
}

/**
 * A random ISO time within the last `maxDays` days before the seed's reference time, in office
 * hours on the Swedish clock (08:00 to 17:59 Stockholm time, as the service writes it), never
 * later than a second before the reference time.
 */
export function randomPastTime(store: SandboxStore, maxDays: number, minDays = 0): string {
	const { random } = store;
	// The Swedish date of that many days back, its wall time set, then the instant of that wall time.
	const day = new Date(
		instantToWall(store.seedOptions.now.getTime() - random.int(minDays, maxDays) * DAY_MS),
	);
	day.setUTCHours(random.int(8, 17), random.int(0, 59), random.int(0, 59), random.int(0, 999));
	const ms = Math.min(wallToInstant(day.getTime()), store.seedOptions.now.getTime() - 1000);
	return new Date(ms).toISOString();
}

export function addDays(iso: string, days: number): string {
	return new Date(new Date(iso).getTime() + days * DAY_MS).toISOString();
}
