import { parseDateTime } from '../http/validation';
import type { TimeBounds } from '../store/reportData';
import type { SandboxStore } from '../store/store';
import type { Agent } from '../store/types';

/** Pieces the report computations (4.3) share: bounds, names, sums, ordering. */

/** Inclusive bounds from optional dateFrom/dateTo query values (a date alone is midnight UTC). */
export function boundsOf(query: { dateFrom?: string; dateTo?: string }): TimeBounds {
	return {
		from: query.dateFrom ? parseDateTime(query.dateFrom) : undefined,
		to: query.dateTo ? parseDateTime(query.dateTo) : undefined,
	};
}

/** A query time echoed in a report: normalised like stored times, null when absent. */
export function echoTime(value: string | undefined): string | null {
	return value ? new Date(parseDateTime(value)).toISOString() : null;
}

export function agentName(agent: Agent | undefined): string {
	return agent ? `${agent.firstName} ${agent.lastName}` : '';
}

export function officeName(store: SandboxStore, customerId: string): string {
	return store.offices.get(customerId)?.name ?? store.groups.get(customerId)?.name ?? '';
}

/** Offices (not the group itself) a customer id covers, in id order. */
export function officesOf(store: SandboxStore, customerId: string): string[] {
	return [...store.scopeOf(customerId)].filter((id) => store.offices.has(id)).sort();
}

/**
 * Agents a per-agent report lists: everyone still working in the scope, plus archived agents
 * who have figures (`withFigures`), by user id.
 */
export function reportAgents(
	store: SandboxStore,
	customerId: string,
	withFigures: Set<string>,
): Agent[] {
	return store
		.agentsOf(customerId)
		.filter((a) => !a.archived || withFigures.has(a.userId))
		.sort((a, b) => compareText(a.userId, b.userId));
}

/** The agent's office within the scope (agents work at one office in the seed). */
export function agentOffice(store: SandboxStore, agent: Agent, customerId: string): string {
	const scope = store.scopeOf(customerId);
	return agent.customerId.find((id) => scope.has(id)) ?? agent.customerId[0] ?? '';
}

export function compareText(a: string, b: string): number {
	return a < b ? -1 : a > b ? 1 : 0;
}

/** Oldest first, ties by id: the order of rows inside every report. */
export function byTimeThenId<T>(time: (row: T) => string | null, id: (row: T) => string) {
	return (a: T, b: T) => compareText(time(a) ?? '', time(b) ?? '') || compareText(id(a), id(b));
}

export function sum<T>(rows: T[], value: (row: T) => number): number {
	return rows.reduce((total, row) => total + value(row), 0);
}

/** Whole-krona average, or 0 for no rows. */
export function average(total: number, count: number): number {
	return count ? Math.round(total / count) : 0;
}

/** Share in percent with two decimals, or null when the base is zero. */
export function percentOf(part: number, whole: number): number | null {
	return whole ? Math.round((part / whole) * 10_000) / 100 : null;
}
