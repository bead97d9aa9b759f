import { liveDataOf } from '../store/reportData';
import type { SandboxStore } from '../store/store';
import type { LiveDataEvent, LiveDataEventType } from '../store/types';
import {
	agentName,
	agentOffice,
	average,
	boundsOf,
	echoTime,
	reportAgents,
	sum,
} from './reportsCommon';

/**
 * Live-data reports: per-agent figures summed from the store's live-data events (user
 * activity) within the range. Rows are keyed by userId, one per agent of the scope.
 */

export interface LiveDataQuery {
	customerId: string;
	dateFrom: string;
	dateTo: string;
}

/** The count field each event type adds to. */
export const LIVE_DATA_COUNTS: Record<LiveDataEventType, string> = {
	Login: 'logins',
	ContactCreated: 'contactsCreated',
	ContactUpdated: 'contactsUpdated',
	CallLogged: 'calls',
	ViewingHeld: 'viewings',
	ValuationBooked: 'valuations',
	AssignmentSigned: 'assignments',
	EstatePublished: 'publishedEstates',
	BidRegistered: 'bids',
	ContractSigned: 'contracts',
};

function activityCounts(events: LiveDataEvent[]): Record<string, number> {
	const counts: Record<string, number> = Object.fromEntries(
		Object.values(LIVE_DATA_COUNTS).map((name) => [name, 0]),
	);
	for (const e of events) counts[LIVE_DATA_COUNTS[e.type]]++;
	counts.events = events.length;
	return counts;
}

function perAgent<T>(
	store: SandboxStore,
	customerId: string,
	events: LiveDataEvent[],
	figures: (events: LiveDataEvent[]) => T,
) {
	return reportAgents(store, customerId, new Set(events.map((e) => e.userId))).map((agent) => ({
		userId: agent.userId,
		userName: agent.userName,
		name: agentName(agent),
		customerId: agentOffice(store, agent, customerId),
		...figures(events.filter((e) => e.userId === agent.userId)),
	}));
}

/** LiveDataReport: counts per event type for each agent, and for the whole scope in `totals`. */
export function liveDataReport(store: SandboxStore, query: LiveDataQuery) {
	const events = liveDataOf(store, query.customerId, boundsOf(query));
	return {
		customerId: query.customerId,
		dateFrom: echoTime(query.dateFrom),
		dateTo: echoTime(query.dateTo),
		users: perAgent(store, query.customerId, events, activityCounts),
		totals: activityCounts(events),
	};
}

/** The service calculates commissions of the latest three months only (interface.md section 8). */
export const COMMISSION_MONTHS = 3;

function commissionHorizon(store: SandboxStore): number {
	const start = new Date(store.now());
	start.setUTCMonth(start.getUTCMonth() - COMMISSION_MONTHS);
	return start.getTime();
}

function commissionFigures(horizon: number) {
	return (events: LiveDataEvent[]) => {
		const contracts = events.filter(
			(e) => e.type === 'ContractSigned' && Date.parse(e.at) >= horizon,
		);
		const commission = sum(contracts, (e) => e.commission);
		return {
			contracts: contracts.length,
			commission,
			averageCommission: average(commission, contracts.length),
			// The pipeline that leads to commissions: booked valuations and signed assignments.
			valuations: events.filter((e) => e.type === 'ValuationBooked').length,
			assignments: events.filter((e) => e.type === 'AssignmentSigned').length,
		};
	};
}

/**
 * LiveDataCommissionReport: per agent the commission of contracts signed within the range
 * (ContractSigned events), counting only contracts of the latest three months before the call.
 */
export function liveDataCommissionReport(store: SandboxStore, query: LiveDataQuery) {
	const events = liveDataOf(store, query.customerId, boundsOf(query));
	const figures = commissionFigures(commissionHorizon(store));
	return {
		customerId: query.customerId,
		dateFrom: echoTime(query.dateFrom),
		dateTo: echoTime(query.dateTo),
		users: perAgent(store, query.customerId, events, figures),
		totals: figures(events),
	};
}
