import { forbidden, invalidField, notFound } from '../errors';
import { budgetsOf, upsertBudget } from '../store/reportData';
import type { SandboxStore } from '../store/store';
import type { Agent, Budget } from '../store/types';

/**
 * Budgets per office and agent and month (4.3): the RealtorBudget write and the EstateBudget,
 * CommissionBudget and CrmBudget reads. An office budget is the sum of its agents' budgets,
 * as the seed lays it out; a write keeps that sum up to date.
 */

export const BUDGET_FIGURES = [
	'soldEstates',
	'commission',
	'valuations',
	'newContacts',
	'meetings',
	'leads',
] as const;
export type BudgetFigure = (typeof BUDGET_FIGURES)[number];
export const CRM_FIGURES = ['valuations', 'newContacts', 'meetings', 'leads'] as const;

/** Every figure a budget row stores (the reports read BUDGET_FIGURES of them). */
export const STORED_BUDGET_FIGURES = [
	...BUDGET_FIGURES,
	'registeredEstates',
	'ownBookedMeetings',
] as const;
type StoredFigure = (typeof STORED_BUDGET_FIGURES)[number];

/** RealtorBudget (docs/spec/models.md): any of the figures; those left out keep their stored value. */
export interface RealtorBudget {
	commission?: number;
	estates?: { sold?: number; registered?: number };
	saleMeetings?: { total?: number; ownBooked?: number };
}

/** Where each figure of a RealtorBudget is stored. */
function figuresOf(body: RealtorBudget): Partial<Record<StoredFigure, number>> {
	const figures: Partial<Record<StoredFigure, number>> = {
		commission: body.commission,
		soldEstates: body.estates?.sold,
		registeredEstates: body.estates?.registered,
		meetings: body.saleMeetings?.total,
		ownBookedMeetings: body.saleMeetings?.ownBooked,
	};
	return Object.fromEntries(Object.entries(figures).filter(([, value]) => value !== undefined));
}

export type BudgetKind = 'Estate' | 'Commission' | 'Crm';

/**
 * The agent named by a path: unknown is 404; an agent of no office covered by the customer id
 * is 403 (a record of another customer).
 */
export function requireAgent(store: SandboxStore, customerId: string, userId: string): Agent {
	const agent = store.agents.get(userId);
	if (!agent) throw notFound('User', userId);
	if (!agent.customerId.some((office) => store.inScope(office, customerId)))
		throw forbidden(`User ${userId} belongs to another customer.`);
	return agent;
}

/** The office of a budget write: an office covered by the customer id (403 for another customer's office). */
export function requireBudgetOffice(
	store: SandboxStore,
	customerId: string,
	officeId: string,
): string {
	if (!store.offices.has(officeId))
		throw invalidField('officeId', `must be an office id of customer ${customerId}`);
	if (!store.inScope(officeId, customerId))
		throw forbidden(`Office ${officeId} belongs to another customer.`);
	return officeId;
}

function stored(
	store: SandboxStore,
	officeId: string,
	userId: string | null,
	year: number,
	month: number,
): Budget | undefined {
	return store.budgets.find(
		(b) => b.customerId === officeId && b.userId === userId && b.year === year && b.month === month,
	);
}

/**
 * POST /BusinessIntelligence/Budget/{customerId}/{officeId}/{userId}/{year}/{month}: writes the
 * agent's budget for the month and recomputes the office budget as the sum of its agents'.
 */
export function writeBudget(
	store: SandboxStore,
	customerId: string,
	officeId: string,
	userId: string,
	year: number,
	month: number,
	body: RealtorBudget,
): Budget {
	requireBudgetOffice(store, customerId, officeId);
	const agent = requireAgent(store, customerId, userId);
	if (!agent.customerId.includes(officeId))
		throw invalidField('userId', `is not an agent of office ${officeId}`);
	const figures = figuresOf(body);
	if (!Object.keys(figures).length)
		throw invalidField(
			'body',
			'must contain at least one of commission, estates.sold, estates.registered, saleMeetings.total, saleMeetings.ownBooked',
		);
	const at = store.now();
	const previous = stored(store, officeId, userId, year, month);
	const row = { customerId: officeId, userId, year, month, changedAt: at } as Budget;
	for (const key of STORED_BUDGET_FIGURES) row[key] = figures[key] ?? previous?.[key] ?? 0;
	upsertBudget(store, row);
	const total = { ...row, userId: null } as Budget;
	for (const key of STORED_BUDGET_FIGURES) total[key] = 0;
	for (const agentRow of store.budgets) {
		if (
			agentRow.customerId !== officeId ||
			agentRow.userId === null ||
			agentRow.year !== year ||
			agentRow.month !== month
		)
			continue;
		for (const key of STORED_BUDGET_FIGURES) total[key] += agentRow[key];
	}
	upsertBudget(store, total);
	return row;
}

/** Wire form of one budget row for the kind of the path (EstateBudget, CommissionBudget, CrmBudget). */
export function budgetView(row: Budget, kind: BudgetKind) {
	const base = { customerId: row.customerId, userId: row.userId, year: row.year, month: row.month };
	if (kind === 'Estate')
		return {
			...base,
			soldEstates: row.soldEstates,
			registeredEstates: row.registeredEstates,
			changedAt: row.changedAt,
		};
	if (kind === 'Commission')
		return { ...base, commission: row.commission, changedAt: row.changedAt };
	return {
		...base,
		valuations: row.valuations,
		newContacts: row.newContacts,
		meetings: row.meetings,
		ownBookedMeetings: row.ownBookedMeetings,
		leads: row.leads,
		changedAt: row.changedAt,
	};
}

/**
 * Budget rows of one month, one per office of the customer id that has one, ordered by office:
 * the agent's rows when userId is given, else the office budgets.
 */
export function readBudgets(
	store: SandboxStore,
	customerId: string,
	userId: string | null,
	year: number,
	month: number,
	kind: BudgetKind,
) {
	if (userId !== null) requireAgent(store, customerId, userId);
	return budgetsOf(store, customerId, { userId, year, month })
		.sort((a, b) => (a.customerId < b.customerId ? -1 : a.customerId > b.customerId ? 1 : 0))
		.map((row) => budgetView(row, kind));
}
