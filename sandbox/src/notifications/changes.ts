import type { SandboxStore } from '../store/store';

/**
 * The changes a request made, found by comparing the store before and after it: a change is
 * seen whichever route or control call made it (UpdatePerson, bids, appointments, estate
 * updates, demo activity), without touching the domain code.
 */

export interface Change {
	type: string;
	event: 'Update' | 'Remove' | 'Merge';
	id: string;
	subtype: string | null;
	/** The office the record belongs to. */
	customerId: string;
	relations?: Array<{ id: string; type: string }>;
	data?: Record<string, unknown>;
	destinationId?: string;
	sourceIds?: string[];
}

export interface Snapshot {
	contacts: Map<string, string>;
	bids: Map<string, boolean>;
	appointments: Set<string>;
	estates: Map<string, string>;
}

/** The contact kinds as the service names them in notifications. */
const CONTACT_SUBTYPE: Record<string, string> = {
	Person: 'Person',
	Company: 'Company',
	DeceasedEstate: 'Estate',
	Association: 'Association',
};

export function snapshot(store: SandboxStore): Snapshot {
	return {
		contacts: new Map(
			[...store.contacts.values()].map((contact) => [contact.id, contact.changedAt]),
		),
		bids: new Map([...store.bids.values()].map((bid) => [bid.id, bid.isCanceled])),
		appointments: new Set(store.appointments.keys()),
		estates: new Map(
			[...store.estates.values()].map((estate) => [
				estate.id,
				`${estate.status}|${estate.changedAt}`,
			]),
		),
	};
}

/** The office a record of `customerId` (an office, or a group for contacts made through one) belongs to. */
export function officeOf(store: SandboxStore, customerId: string): string {
	return store.groups.get(customerId)?.officeIds[0] ?? customerId;
}

export function changesSince(store: SandboxStore, before: Snapshot): Change[] {
	const changes: Change[] = [];
	for (const contact of store.contacts.values()) {
		if (before.contacts.get(contact.id) === contact.changedAt) continue;
		changes.push({
			type: 'Contact',
			event: 'Update',
			id: contact.id,
			subtype: CONTACT_SUBTYPE[contact.type] ?? contact.type,
			customerId: officeOf(store, contact.customerId),
		});
	}
	for (const bid of store.bids.values()) {
		if (before.bids.get(bid.id) === bid.isCanceled) continue;
		// A bid makes (or keeps) the bidder a speculator on the estate: the service has no bid target.
		changes.push({
			type: 'EstateContact',
			event: 'Update',
			id: bid.contactId,
			subtype: 'Speculator',
			customerId: bid.customerId,
			relations: [
				{ id: bid.estateId, type: 'Estate' },
				{ id: bid.id, type: 'Bid' },
			],
		});
	}
	for (const appointment of store.appointments.values()) {
		if (before.appointments.has(appointment.id)) continue;
		changes.push({
			type: 'Meeting',
			event: 'Update',
			id: appointment.id,
			subtype: null,
			customerId: appointment.customerId,
		});
	}
	for (const estate of store.estates.values()) {
		if (before.estates.get(estate.id) === `${estate.status}|${estate.changedAt}`) continue;
		changes.push({
			type: 'Estate',
			event: 'Update',
			id: estate.id,
			subtype: estate.type,
			customerId: estate.customerId,
			data: { status: estate.status },
		});
	}
	return changes;
}
