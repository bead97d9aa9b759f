import { invalidField } from '../errors';
import { budgetsOf, leadsOf, liveDataOf, soldEstates, type TimeBounds } from '../store/reportData';
import type { SandboxStore } from '../store/store';
import { BUDGET_FIGURES, CRM_FIGURES, type BudgetFigure } from './budgets';

/**
 * /Report/Budget/{customerId}/SoldEstates|Commission|Crm: budget against outcome per office and
 * calendar month (UTC). Outcomes are computed from the store on every call:
 * - soldEstates, commission: estates sold (contract date) in the month and their commission;
 * - newContacts: contacts the office owns that were created in the month;
 * - leads: tips-and-leads rows of the office created in the month (removed ones included);
 * - valuations, meetings: live-data ValuationBooked and ViewingHeld events in the month.
 */

export interface BudgetReportQuery {
	fromYear?: number;
	fromMonth?: number;
	toYear?: number;
	toMonth?: number;
}

interface YearMonth {
	year: number;
	month: number;
}

/** Longest range a report covers, so that a typo in a year cannot ask for millions of rows. */
export const MAX_REPORT_MONTHS = 120;

type Figures = Record<BudgetFigure, number>;

const index = (ym: YearMonth) => ym.year * 12 + ym.month - 1;
const zero = (): Figures => ({
	soldEstates: 0,
	commission: 0,
	valuations: 0,
	newContacts: 0,
	meetings: 0,
	leads: 0,
});

/**
 * The months of the report. Defaults: to = the current month (December when only toYear is
 * given), from = January of the to-year (of fromYear when given). from after to is a 400 on
 * the field the caller gave.
 */
export function reportMonths(query: BudgetReportQuery, now: Date): YearMonth[] {
	const toYear = query.toYear ?? now.getUTCFullYear();
	const to = {
		year: toYear,
		month: query.toMonth ?? (query.toYear === undefined ? now.getUTCMonth() + 1 : 12),
	};
	const from = { year: query.fromYear ?? to.year, month: query.fromMonth ?? 1 };
	if (index(from) > index(to)) {
		const field =
			from.year > to.year
				? query.toYear !== undefined
					? 'toYear'
					: 'fromYear'
				: query.toMonth !== undefined
					? 'toMonth'
					: 'fromMonth';
		throw invalidField(
			field,
			'the range must not end before it starts (fromYear/fromMonth after toYear/toMonth)',
		);
	}
	if (index(to) - index(from) + 1 > MAX_REPORT_MONTHS) {
		throw invalidField(
			query.toYear !== undefined ? 'toYear' : 'fromYear',
			`the range must not exceed ${MAX_REPORT_MONTHS} months`,
		);
	}
	const months: YearMonth[] = [];
	for (let i = index(from); i <= index(to); i++)
		months.push({ year: Math.floor(i / 12), month: (i % 12) + 1 });
	return months;
}

function monthOf(iso: string): YearMonth {
	const d = new Date(iso);
	return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1 };
}

const key = (office: string, ym: YearMonth) => `${office}|${ym.year}|${ym.month}`;

/** Outcome per office and month within the months (one pass over each source). */
export function outcomes(
	store: SandboxStore,
	customerId: string,
	months: YearMonth[],
): Map<string, Figures> {
	const first = months[0];
	const last = months[months.length - 1];
	const bounds: TimeBounds = {
		from: Date.UTC(first.year, first.month - 1, 1),
		to: Date.UTC(last.year, last.month, 1) - 1,
	};
	const out = new Map<string, Figures>();
	const add = (office: string, iso: string, figure: BudgetFigure, amount = 1) => {
		const k = key(office, monthOf(iso));
		const row = out.get(k) ?? zero();
		row[figure] += amount;
		out.set(k, row);
	};
	for (const estate of soldEstates(store, customerId, bounds)) {
		add(estate.customerId, estate.contractDate!, 'soldEstates');
		add(estate.customerId, estate.contractDate!, 'commission', estate.commission.amount);
	}
	const scope = store.scopeOf(customerId);
	for (const contact of store.contacts.values()) {
		const at = Date.parse(contact.createdAt);
		if (scope.has(contact.customerId) && at >= bounds.from! && at <= bounds.to!)
			add(contact.customerId, contact.createdAt, 'newContacts');
	}
	for (const lead of leadsOf(store, customerId, bounds, 'ActiveAndRemoved'))
		add(lead.customerId, lead.createdAt, 'leads');
	for (const event of liveDataOf(store, customerId, bounds)) {
		if (event.type === 'ValuationBooked') add(event.customerId, event.at, 'valuations');
		else if (event.type === 'ViewingHeld') add(event.customerId, event.at, 'meetings');
	}
	return out;
}

/** Office budgets (userId null) per office and month. */
function officeBudgets(store: SandboxStore, customerId: string): Map<string, Figures> {
	const out = new Map<string, Figures>();
	for (const row of budgetsOf(store, customerId, { userId: null })) {
		const figures = zero();
		for (const k of BUDGET_FIGURES) figures[k] = row[k];
		out.set(key(row.customerId, row), figures);
	}
	return out;
}

/** Budget, outcome, difference and percent of budget (null when the budget is 0). */
function compare(budget: number, outcome: number) {
	return {
		budget,
		outcome,
		difference: outcome - budget,
		percentOfBudget: budget > 0 ? Math.round((outcome / budget) * 1000) / 10 : null,
	};
}

function eachOfficeMonth<T>(
	store: SandboxStore,
	customerId: string,
	query: BudgetReportQuery,
	row: (office: string, ym: YearMonth, budget: Figures, outcome: Figures) => T,
): T[] {
	const months = reportMonths(query, new Date(store.now()));
	const offices = [...store.scopeOf(customerId)].filter((id) => store.offices.has(id)).sort();
	const budgets = officeBudgets(store, customerId);
	const done = outcomes(store, customerId, months);
	const out: T[] = [];
	for (const office of offices) {
		for (const ym of months)
			out.push(
				row(
					office,
					ym,
					budgets.get(key(office, ym)) ?? zero(),
					done.get(key(office, ym)) ?? zero(),
				),
			);
	}
	return out;
}

/** BudgetOfficeReportRow (assumed shape) for sold estates or commission. */
export function budgetOfficeReport(
	store: SandboxStore,
	customerId: string,
	figure: 'soldEstates' | 'commission',
	query: BudgetReportQuery,
) {
	return eachOfficeMonth(store, customerId, query, (office, ym, budget, outcome) => ({
		customerId: office,
		officeName: store.offices.get(office)!.name,
		year: ym.year,
		month: ym.month,
		...compare(budget[figure], outcome[figure]),
	}));
}

/** BudgetCrmOfficeReportRow (assumed shape): one comparison per CRM figure. */
export function budgetCrmOfficeReport(
	store: SandboxStore,
	customerId: string,
	query: BudgetReportQuery,
) {
	return eachOfficeMonth(store, customerId, query, (office, ym, budget, outcome) => ({
		customerId: office,
		officeName: store.offices.get(office)!.name,
		year: ym.year,
		month: ym.month,
		...Object.fromEntries(CRM_FIGURES.map((k) => [k, compare(budget[k], outcome[k])])),
	}));
}
