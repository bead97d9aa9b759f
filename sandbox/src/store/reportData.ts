import type { SandboxStore } from './store';
import type { Agent, Budget, Estate, Lead, LiveDataEvent } from './types';

/**
 * Read helpers over the data the report endpoints (4.3) build on. All take the call's
 * customer id (office or group) and return records of the offices it covers. Time bounds
 * are epoch milliseconds, inclusive; undefined means open.
 */

export interface TimeBounds {
	from?: number;
	to?: number;
}

function within(iso: string | null, bounds: TimeBounds): boolean {
	if (!iso) return false;
	const t = Date.parse(iso);
	return (
		(bounds.from === undefined || t >= bounds.from) && (bounds.to === undefined || t <= bounds.to)
	);
}

export function estatesOf(store: SandboxStore, customerId: string): Estate[] {
	const scope = store.scopeOf(customerId);
	return [...store.estates.values()].filter((e) => scope.has(e.customerId));
}

/** Which estate date a sales-report selectionType refers to. */
export const SELECTION_DATE: Record<string, keyof Estate> = {
	Create: 'createdAt',
	Access: 'accessDate',
	Agreement: 'agreementDate',
	Changed: 'changedAt',
	LatestPropertyChangeDate: 'latestPropertyChangeDate',
};

/** Estates whose date for `selectionType` lies within the bounds. */
export function estatesBySelection(
	store: SandboxStore,
	customerId: string,
	selectionType: string,
	bounds: TimeBounds,
): Estate[] {
	const field = SELECTION_DATE[selectionType];
	return estatesOf(store, customerId).filter((e) => within(e[field] as string | null, bounds));
}

/** Sold estates by contract date (BusinessIntelligence/Estates, commission reports). */
export function soldEstates(store: SandboxStore, customerId: string, bounds: TimeBounds): Estate[] {
	return estatesOf(store, customerId).filter(
		(e) => e.status === 'Sold' && within(e.contractDate, bounds),
	);
}

/** Agents of the offices covered by the customer id, archived ones included. */
export function agentsOf(store: SandboxStore, customerId: string): Agent[] {
	return store.agentsOf(customerId);
}

/** Leads and tips created within the bounds; `status` follows activeStatusTipLead. */
export function leadsOf(
	store: SandboxStore,
	customerId: string,
	bounds: TimeBounds,
	status: 'Active' | 'ActiveAndRemoved' | 'Removed' = 'Active',
): Lead[] {
	const scope = store.scopeOf(customerId);
	return [...store.leads.values()]
		.filter((l) => scope.has(l.customerId) && within(l.createdAt, bounds))
		.filter((l) =>
			status === 'ActiveAndRemoved'
				? true
				: status === 'Removed'
					? l.removedAt !== null
					: l.removedAt === null,
		)
		.sort((a, b) =>
			a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : a.id < b.id ? -1 : 1,
		);
}

/** Budget rows; userId null = office budgets, undefined = both kinds. */
export function budgetsOf(
	store: SandboxStore,
	customerId: string,
	filter: { userId?: string | null; year?: number; month?: number } = {},
): Budget[] {
	const scope = store.scopeOf(customerId);
	return store.budgets.filter(
		(b) =>
			scope.has(b.customerId) &&
			(filter.userId === undefined || b.userId === filter.userId) &&
			(filter.year === undefined || b.year === filter.year) &&
			(filter.month === undefined || b.month === filter.month),
	);
}

/** Writes one budget row (office when userId is null), replacing an existing one for the same month. */
export function upsertBudget(store: SandboxStore, row: Budget): void {
	const index = store.budgets.findIndex(
		(b) =>
			b.customerId === row.customerId &&
			b.userId === row.userId &&
			b.year === row.year &&
			b.month === row.month,
	);
	if (index >= 0) store.budgets[index] = row;
	else store.budgets.push(row);
}

/** Live-data events within the bounds, oldest first. */
export function liveDataOf(
	store: SandboxStore,
	customerId: string,
	bounds: TimeBounds,
): LiveDataEvent[] {
	const scope = store.scopeOf(customerId);
	return store.liveData
		.filter((e) => scope.has(e.customerId) && within(e.at, bounds))
		.sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0));
}
