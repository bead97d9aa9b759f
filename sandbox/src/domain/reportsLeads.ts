import { contactName } from '../store/contactFactory';
import { leadsOf } from '../store/reportData';
import type { SandboxStore } from '../store/store';
import type { Lead } from '../store/types';
import { agentName, boundsOf } from './reportsCommon';

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

function leadPart(lead: Lead) {
	return {
		id: lead.id,
		type: lead.leadType,
		kind: lead.kind,
		direction: lead.direction,
		note: lead.note,
		value: lead.value,
		status: lead.removedAt ? 'Removed' : 'Active',
		removedAt: lead.removedAt,
	};
}

function contactPart(store: SandboxStore, lead: Lead) {
	const contact = lead.contactId ? store.contacts.get(lead.contactId) : undefined;
	return contact ? { id: contact.id, name: contactName(contact), email: contact.email, cellPhone: contact.cellPhone } : null;
}

function estatePart(store: SandboxStore, lead: Lead) {
	const estate = lead.estateId ? store.estates.get(lead.estateId) : undefined;
	return estate ? { id: estate.id, estateNumber: estate.estateNumber, streetAddress: estate.address.streetAddress ?? '', city: estate.address.city ?? '' } : null;
}

function userPart(store: SandboxStore, lead: Lead) {
	const agent = lead.userId ? store.agents.get(lead.userId) : undefined;
	return agent ? { userId: agent.userId, userName: agent.userName, name: agentName(agent) } : null;
}

/** One report row in the form of its list (records.md names the fields of the two lead lists). */
export function leadRow(store: SandboxStore, lead: Lead) {
	const common = { createdAt: lead.createdAt, sender: { ...lead.sender }, receiver: { ...lead.receiver }, lead: leadPart(lead), contact: contactPart(store, lead) };
	switch (listOf(lead)) {
		case 'incomingLeads':
			return { ...common, estate: estatePart(store, lead) };
		case 'outgoingLeads':
			return { createdAt: common.createdAt, user: userPart(store, lead), sender: common.sender, receiver: common.receiver, lead: common.lead, contact: common.contact };
		default:
			return { createdAt: common.createdAt, user: userPart(store, lead), sender: common.sender, receiver: common.receiver, lead: common.lead, contact: common.contact, estate: estatePart(store, lead) };
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
export function pagedTipsAndLeadsReport(store: SandboxStore, query: LeadsQuery & { pageIndex: number; pageSize: number }) {
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
