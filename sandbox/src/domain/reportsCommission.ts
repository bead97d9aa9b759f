import { soldEstates } from '../store/reportData';
import type { SandboxStore } from '../store/store';
import type { Estate } from '../store/types';
import {
	agentName,
	agentOffice,
	average,
	boundsOf,
	byTimeThenId,
	echoTime,
	officeName,
	officesOf,
	percentOf,
	reportAgents,
	sum,
} from './reportsCommon';

/**
 * Commission reports (CommissionOfficeReport, ...ByMonth, CommissionUserReport,
 * RunningCommissions): computed from the sold estates whose contract date lies within the
 * range, each counted with its commission (Estate.commission.amount) and final price.
 */

export interface CommissionQuery {
	dateFrom: string;
	dateTo: string;
	assignment?: string;
}

interface Figures {
	soldEstates: number;
	salesVolume: number;
	commission: number;
}

function figuresOf(estates: Estate[]): Figures {
	return {
		soldEstates: estates.length,
		salesVolume: sum(estates, (e) => e.finalPrice ?? 0),
		commission: sum(estates, (e) => e.commission.amount),
	};
}

/** Sold estates of the scope by contract date, narrowed to one assignment when asked. */
export function commissionEstates(
	store: SandboxStore,
	customerId: string,
	query: CommissionQuery,
): Estate[] {
	return soldEstates(store, customerId, boundsOf(query))
		.filter((e) => !query.assignment || e.commission.assignment === query.assignment)
		.sort(
			byTimeThenId(
				(e) => e.contractDate,
				(e) => e.id,
			),
		);
}

/** One row per office of the scope (an office call: one row), offices without sales included. */
export function commissionOfficeReport(
	store: SandboxStore,
	customerId: string,
	query: CommissionQuery,
) {
	const estates = commissionEstates(store, customerId, query);
	return officesOf(store, customerId).map((office) => {
		const figures = figuresOf(estates.filter((e) => e.customerId === office));
		return {
			customerId: office,
			officeName: officeName(store, office),
			assignment: query.assignment ?? null,
			...figures,
			averageCommission: average(figures.commission, figures.soldEstates),
			commissionPercent: percentOf(figures.commission, figures.salesVolume),
		};
	});
}

/** Calendar months (UTC) from the month of `from` to the month of `to`. */
function monthsBetween(from: string, to: string): [number, number][] {
	const start = new Date(boundsOf({ dateFrom: from }).from!);
	const end = boundsOf({ dateTo: to }).to!;
	const months: [number, number][] = [];
	const cursor = new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth(), 1));
	while (cursor.getTime() <= end) {
		months.push([cursor.getUTCFullYear(), cursor.getUTCMonth() + 1]);
		cursor.setUTCMonth(cursor.getUTCMonth() + 1);
	}
	return months;
}

/** One row per month of the range and office of the scope, by year, month, office. */
export function commissionOfficeReportByMonth(
	store: SandboxStore,
	customerId: string,
	query: CommissionQuery,
) {
	const estates = commissionEstates(store, customerId, query);
	const offices = officesOf(store, customerId);
	const rows = monthsBetween(query.dateFrom, query.dateTo).flatMap(([year, month]) => {
		const prefix = `${year}-${String(month).padStart(2, '0')}`;
		const inMonth = estates.filter((e) => e.contractDate!.startsWith(prefix));
		return offices.map((office) => ({
			year,
			month,
			customerId: office,
			officeName: officeName(store, office),
			...figuresOf(inMonth.filter((e) => e.customerId === office)),
		}));
	});
	return {
		customerId,
		dateFrom: echoTime(query.dateFrom),
		dateTo: echoTime(query.dateTo),
		assignment: query.assignment ?? null,
		rows,
		totals: figuresOf(estates),
	};
}

/** One row per agent of the scope (archived agents only when they sold), by user id; sales count for the estate's agent. */
export function commissionUserReport(
	store: SandboxStore,
	customerId: string,
	query: CommissionQuery,
) {
	const estates = commissionEstates(store, customerId, query);
	const agents = reportAgents(store, customerId, new Set(estates.map((e) => e.agentId)));
	return agents.map((agent) => {
		const figures = figuresOf(estates.filter((e) => e.agentId === agent.userId));
		return {
			userId: agent.userId,
			userName: agent.userName,
			name: agentName(agent),
			customerId: agentOffice(store, agent, customerId),
			assignment: query.assignment ?? null,
			...figures,
			averageCommission: average(figures.commission, figures.soldEstates),
		};
	});
}

/**
 * RunningCommission rows: each deal signed within the range with its commission; `settled`
 * when the buyer's access date (when the commission is invoiced) is on or before dateTo.
 */
export function runningCommissions(
	store: SandboxStore,
	customerId: string,
	query: { dateFrom: string; dateTo: string },
) {
	const to = boundsOf(query).to!;
	return commissionEstates(store, customerId, query).map((e) => {
		const agent = store.agents.get(e.agentId);
		return {
			estateId: e.id,
			estateNumber: e.estateNumber,
			customerId: e.customerId,
			userId: e.agentId,
			userName: agent?.userName ?? '',
			streetAddress: e.address.streetAddress ?? '',
			assignment: e.commission.assignment,
			contractDate: e.contractDate,
			accessDate: e.accessDate,
			finalPrice: e.finalPrice,
			commissionPercent: e.commission.percent,
			commission: e.commission.amount,
			settled: e.accessDate !== null && Date.parse(e.accessDate) <= to,
		};
	});
}
