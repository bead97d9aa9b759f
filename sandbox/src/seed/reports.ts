import { contactName } from '../store/contactFactory';
import type { SandboxStore } from '../store/store';
import type { Budget, LiveDataEvent, LiveDataEventType } from '../store/types';
import { STORED_BUDGET_FIGURES } from '../domain/budgets';
import { instantToWall, swedishMidnight } from '../http/serviceTime';
import { activeAgentIds } from './organisation';
import { randomPastTime } from './time';

const PARTNERS = [
	'Swedbank Kungsgatan',
	'Handelsbanken Södermalm',
	'SEB Uppsala',
	'Nordea Privat',
	'Flyttfirman Express',
];

/**
 * Tips and leads over the last year: incoming (valuation requests, referrals), outgoing
 * (referrals to partners) and tips. Interest applications add their own incoming leads.
 */
export function seedLeads(store: SandboxStore): void {
	const { random } = store;
	const contacts = [...store.contacts.values()].filter((c) => c.type === 'Person');
	const estates = [...store.estates.values()];
	for (const office of store.offices.values()) {
		const agents = activeAgentIds(store, office.customerId);
		const local = contacts.filter((c) => c.customerId === office.customerId);
		const localEstates = estates.filter((e) => e.customerId === office.customerId);
		const count = office.customerId === 'M40099' ? 25 : 50;
		for (let i = 0; i < count; i++) {
			const id = store.nextId('lead');
			const kind = random.chance(0.2) ? 'Tip' : 'Lead';
			const direction = kind === 'Tip' || random.chance(0.65) ? 'Incoming' : 'Outgoing';
			const userId = random.pick(agents);
			const agent = store.agents.get(userId)!;
			const agentRef = {
				name: `${agent.firstName} ${agent.lastName}`,
				customerId: office.customerId,
				userId,
			};
			const partner = { name: random.pick(PARTNERS), customerId: null, userId: null };
			const contact = local.length ? random.pick(local) : null;
			const createdAt = randomPastTime(store, 365);
			const removed = random.chance(0.2);
			store.leads.set(id, {
				id,
				customerId: office.customerId,
				direction,
				kind,
				leadType:
					kind === 'Tip'
						? 'Tip'
						: direction === 'Incoming'
							? random.pick(['ValuationRequest', 'Referral'])
							: 'Referral',
				createdAt,
				removedAt: removed
					? new Date(
							Math.min(
								new Date(createdAt).getTime() + random.int(1, 30) * 86_400_000,
								store.seedOptions.now.getTime() - 1000,
							),
						).toISOString()
					: null,
				userId,
				sender: direction === 'Incoming' ? partner : agentRef,
				receiver: direction === 'Incoming' ? agentRef : partner,
				contactId: contact?.id ?? null,
				estateId: localEstates.length && random.chance(0.5) ? random.pick(localEstates).id : null,
				note: contact ? `Kontakt: ${contactName(contact)}` : '',
				value: random.int(5, 60) * 1000,
			});
		}
	}
}

/** Monthly budgets per office and agent from twelve months back to the end of the current year. */
export function seedBudgets(store: SandboxStore): void {
	const { random } = store;
	// The months of the Swedish calendar, as the service counts them.
	const now = new Date(instantToWall(store.seedOptions.now.getTime()));
	const months: [number, number][] = [];
	const cursor = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 12, 1));
	while (
		cursor.getUTCFullYear() < now.getUTCFullYear() ||
		(cursor.getUTCFullYear() === now.getUTCFullYear() && cursor.getUTCMonth() <= 11)
	) {
		months.push([cursor.getUTCFullYear(), cursor.getUTCMonth() + 1]);
		cursor.setUTCMonth(cursor.getUTCMonth() + 1);
	}
	const changedAt = swedishMidnight(`${now.getUTCFullYear() - 1}-12-15`);
	for (const office of store.offices.values()) {
		const agents = activeAgentIds(store, office.customerId);
		for (const [year, month] of months) {
			const total: Budget = {
				customerId: office.customerId,
				userId: null,
				year,
				month,
				soldEstates: 0,
				registeredEstates: 0,
				commission: 0,
				valuations: 0,
				newContacts: 0,
				meetings: 0,
				ownBookedMeetings: 0,
				leads: 0,
				changedAt,
			};
			const summer = month === 7 ? 0.4 : 1;
			for (const userId of agents) {
				const sold = Math.round(random.int(2, 5) * summer);
				const row: Budget = {
					customerId: office.customerId,
					userId,
					year,
					month,
					soldEstates: sold,
					registeredEstates: sold + 1,
					commission: sold * random.int(55, 80) * 1000,
					valuations: Math.round(random.int(4, 9) * summer),
					newContacts: random.int(15, 40),
					meetings: random.int(10, 25),
					ownBookedMeetings: 0,
					leads: random.int(2, 8),
					changedAt,
				};
				// Derived after the draws, so the seed's other figures stay as they were.
				row.ownBookedMeetings = Math.round(row.meetings * 0.6);
				store.budgets.push(row);
				for (const key of STORED_BUDGET_FIGURES) total[key] += row[key];
			}
			store.budgets.push(total);
		}
	}
}

const EVENT_WEIGHTS: readonly (readonly [LiveDataEventType, number])[] = [
	['Login', 6],
	['CallLogged', 5],
	['ContactUpdated', 3],
	['ContactCreated', 2],
	['ViewingHeld', 2],
	['ValuationBooked', 1],
	['EstatePublished', 0.5],
];

/** User activity over the last year plus the milestones of every seeded estate. */
export function seedLiveData(store: SandboxStore): void {
	const { random } = store;
	const events: LiveDataEvent[] = [];
	const push = (e: Omit<LiveDataEvent, 'id'>) => events.push({ id: '', ...e });
	for (const office of store.offices.values()) {
		for (const userId of activeAgentIds(store, office.customerId)) {
			const count = random.int(700, 1000);
			for (let i = 0; i < count; i++) {
				push({
					customerId: office.customerId,
					userId,
					type: random.weighted(EVENT_WEIGHTS),
					at: randomPastTime(store, 365),
					estateId: null,
					contactId: null,
					commission: 0,
				});
			}
		}
	}
	for (const estate of store.estates.values()) {
		const base = {
			customerId: estate.customerId,
			userId: estate.agentId,
			estateId: estate.id,
			contactId: null,
		};
		if (estate.agreementDate)
			push({ ...base, type: 'AssignmentSigned', at: estate.agreementDate, commission: 0 });
		if (estate.contractDate)
			push({
				...base,
				type: 'ContractSigned',
				at: estate.contractDate,
				commission: estate.commission.amount,
			});
	}
	for (const bid of store.bids.values()) {
		if (bid.id.endsWith('0')) {
			const estate = store.estates.get(bid.estateId)!;
			push({
				customerId: estate.customerId,
				userId: estate.agentId,
				type: 'BidRegistered',
				at: bid.createdAt,
				estateId: estate.id,
				contactId: bid.contactId,
				commission: 0,
			});
		}
	}
	events.sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0));
	for (const e of events) {
		e.id = store.nextId('liveData');
		store.liveData.push(e);
	}
}
