import { leadsOf } from '../store/reportData';
import type { SandboxStore } from '../store/store';
import type { Lead } from '../store/types';
import { agentName, boundsOf } from './reportsCommon';
import { present } from './wire';

/**
 * Tips-and-leads reports. Store leads split into three lists: tips (kind Tip), incoming
 * leads (kind Lead, direction Incoming: interest applications, final-price watches,
 * valuation requests, referrals) and outgoing leads (kind Lead, direction Outgoing).
 * Rows are oldest first, ties by lead id (leadsOf's order).
 */

export type ActiveStatus = 'Active' | 'ActiveAndRemoved' | 'Removed';

export interface LeadsQuery {
	customerId: string;
	dateFrom: string;
	dateTo: string;
	activeStatusTipLead?: ActiveStatus;
}

export type LeadList = 'incomingLeads' | 'outgoingLeads' | 'tips';

export function listOf(lead: Lead): LeadList {
	if (lead.kind === 'Tip') return 'tips';
	return lead.direction === 'Incoming' ? 'incomingLeads' : 'outgoingLeads';
}

/** The lead's words as the models of models.md give them (title, state, message). */
const TITLES: Record<string, string> = {
	InterestApplication: 'Intresseanmälan',
	FinalPriceWatch: 'Bevakning av slutpris',
	ValuationRequest: 'Värderingsförfrågan',
	Referral: 'Rekommendation',
	Tip: 'Tips',
};

function leadPart(lead: Lead, withState: boolean) {
	return present({
		id: lead.listedWithoutId ? undefined : lead.id,
		title: TITLES[lead.leadType] ?? lead.leadType,
		type: lead.leadType,
		...(withState ? { state: lead.removedAt ? 'RemovedOther' : 'New' } : {}),
		message: lead.note,
	});
}

/** Sender or receiver: a person (agent) of an office; the office is the company. */
function partyPart(store: SandboxStore, party: Lead['sender'], withUser = false) {
	const office = party.customerId ? store.offices.get(party.customerId) : undefined;
	const agent = party.userId ? store.agents.get(party.userId) : undefined;
	return present({
		id: party.userId ?? party.customerId ?? undefined,
		name: party.name,
		...(withUser
			? { employeeNumber: agent?.userName, type: party.userId ? 'User' : 'Office' }
			: {}),
		company: office
			? { id: office.customerId, name: office.name, customerNumber: office.customerId }
			: undefined,
	});
}

function contactPart(store: SandboxStore, lead: Lead) {
	const contact = lead.contactId ? store.contacts.get(lead.contactId) : undefined;
	if (!contact) return undefined;
	const [firstName, lastName] =
		contact.type === 'Company' ? [contact.companyName, ''] : [contact.firstName, contact.lastName];
	return present({ id: contact.id, firstName, lastName });
}

/** The estate's state in the service's estate statuses (the sandbox's Withdrawn is AssignmentWithdrawn). */
const ESTATE_STATUS: Record<string, string> = {
	AssignmentAttempt: 'AssignmentAttempt',
	ForSale: 'ForSale',
	Sold: 'Sold',
	Withdrawn: 'AssignmentWithdrawn',
};
const STATUS_IDS: Record<string, number> = {
	AssignmentAttempt: 1,
	ForSale: 3,
	Sold: 4,
	Withdrawn: 7,
};

function estatePart(store: SandboxStore, lead: Lead) {
	const estate = lead.estateId ? store.estates.get(lead.estateId) : undefined;
	return estate
		? {
				id: estate.id,
				estateStatus: ESTATE_STATUS[estate.status],
				status: { id: STATUS_IDS[estate.status], text: estate.status },
			}
		: undefined;
}

function userPart(store: SandboxStore, lead: Lead) {
	const agent = lead.userId ? store.agents.get(lead.userId) : undefined;
	return agent
		? { id: agent.userId, name: agentName(agent), type: 'User', employeeNumber: agent.userName }
		: undefined;
}

/** One report row in the form of its list (IncomingLead, OutgoingLead, SentTip of models.md). */
export function leadRow(store: SandboxStore, lead: Lead) {
	const base = { createdAt: lead.createdAt, sender: partyPart(store, lead.sender) };
	switch (listOf(lead)) {
		case 'incomingLeads':
			return present({
				...base,
				receiver: partyPart(store, lead.receiver),
				lead: leadPart(lead, true),
				contact: contactPart(store, lead),
				estate: estatePart(store, lead),
			});
		case 'outgoingLeads':
			return present({
				createdAt: lead.createdAt,
				user: userPart(store, lead),
				sender: base.sender,
				receiver: partyPart(store, lead.receiver),
				lead: leadPart(lead, false),
				contact: contactPart(store, lead),
			});
		default:
			return present({
				...base,
				receiver: partyPart(store, lead.receiver, true),
				tip: { ...leadPart(lead, true), type: 'FromUser' },
				contact: contactPart(store, lead),
				estate: estatePart(store, lead),
			});
	}
}

function selectLeads(store: SandboxStore, query: LeadsQuery): Lead[] {
	return leadsOf(store, query.customerId, boundsOf(query), query.activeStatusTipLead ?? 'Active');
}

function split(store: SandboxStore, leads: Lead[]) {
	const report: Record<LeadList, unknown[]> = { incomingLeads: [], outgoingLeads: [], tips: [] };
	for (const lead of leads) report[listOf(lead)].push(leadRow(store, lead));
	return report;
}

/** TipsAndLeadsReport: leads created within the range, by activeStatusTipLead (default Active). */
export function tipsAndLeadsReport(store: SandboxStore, query: LeadsQuery) {
	return split(store, selectLeads(store, query));
}

/**
 * PagedTipsAndLeadsReport: pages over the combined rows of the three lists in one order
 * (oldest first, ties by id); each page's rows are then split into the lists, so walking the
 * pages yields every row once. totalCount counts the combined rows.
 */
export function pagedTipsAndLeadsReport(
	store: SandboxStore,
	query: LeadsQuery & { pageIndex: number; pageSize: number },
) {
	const leads = selectLeads(store, query);
	const start = query.pageIndex * query.pageSize;
	return {
		pageIndex: query.pageIndex,
		pageSize: query.pageSize,
		totalCount: leads.length,
		pageCount: Math.ceil(leads.length / query.pageSize),
		...split(store, leads.slice(start, start + query.pageSize)),
	};
}
