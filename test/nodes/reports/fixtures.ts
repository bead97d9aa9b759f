import type { IDataObject } from 'n8n-workflow';

import type { SandboxStore } from '../../../sandbox/src';
import type { Estate } from '../../../sandbox/src/store/types';
import { packageNode } from '../../harness/packageNodes';
import { resourceRunner } from '../../harness/resourceRunner';
import type { useSandbox } from '../../harness/sandbox';

type Sandbox = ReturnType<typeof useSandbox>;

export const nodeType = packageNode('estateBrokerReports');
const DAY = 86_400_000;

/** Runs the Reports node for one resource against the sandbox, as the demo user. */
export const reportsRunner = (sandbox: Sandbox, resource: string) =>
	resourceRunner(sandbox, nodeType, resource);

export interface Range {
	dateFrom: string;
	dateTo: string;
}

/** The seed's last 364 days (every seeded sale lies in the last year), ending at the seed's reference time. */
export function lastYear(store: SandboxStore): Range {
	const to = store.seedOptions.now.getTime();
	return { dateFrom: new Date(to - 364 * DAY).toISOString(), dateTo: new Date(to).toISOString() };
}

/**
 * The last 55 days before the seed's reference time: within every two-month limit on any
 * date and in any zone (two months are at least 59 days, less an hour across a clock change).
 */
export function lastTwoMonths(store: SandboxStore): Range {
	const to = store.seedOptions.now.getTime();
	return { dateFrom: new Date(to - 55 * DAY).toISOString(), dateTo: new Date(to).toISOString() };
}

/** The offices a customer id covers, as the store's groups and offices say. */
export function officesOf(store: SandboxStore, customerId: string): string[] {
	const group = store.groups.get(customerId);
	return (group ? [...group.officeIds] : [customerId]).sort();
}

export const inRange = (iso: string | null, range: Partial<Range>) =>
	iso !== null &&
	(range.dateFrom === undefined || Date.parse(iso) >= Date.parse(range.dateFrom)) &&
	(range.dateTo === undefined || Date.parse(iso) <= Date.parse(range.dateTo));

/** Sold estates of the offices with a contract date in the range (optionally one assignment), by contract date. */
export function soldIn(
	store: SandboxStore,
	offices: string[],
	range: Partial<Range>,
	assignment?: string,
): Estate[] {
	return [...store.estates.values()]
		.filter(
			(e) =>
				offices.includes(e.customerId) &&
				e.status === 'Sold' &&
				inRange(e.contractDate, range) &&
				(!assignment || e.commission.assignment === assignment),
		)
		.sort((a, b) => a.contractDate!.localeCompare(b.contractDate!) || a.id.localeCompare(b.id));
}

export const figures = (estates: Estate[]) => ({
	soldEstates: estates.length,
	salesVolume: estates.reduce((total, e) => total + (e.finalPrice ?? 0), 0),
	commission: estates.reduce((total, e) => total + e.commission.amount, 0),
});

/** Agents working at the offices, archived ones included, by user id. */
export function agentsAt(store: SandboxStore, offices: string[]) {
	return [...store.agents.values()]
		.filter((a) => a.customerId.some((office) => offices.includes(office)))
		.sort((a, b) => a.userId.localeCompare(b.userId));
}

export const jsonOf = (items: Array<{ json: IDataObject }>) => items.map((item) => item.json);
