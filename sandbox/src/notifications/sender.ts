import type { SandboxStore } from '../store/store';
import type { Change } from './changes';

/**
 * Subscriptions and their deliveries, as the service's help pages describe them
 * (docs/spec/notifications.md): a POST with a JSON body and the same fields (but data and the
 * merge lists) appended to the receiver URL's query; 2 seconds for a 2xx answer; no retry
 * unless switched on, and then only after a 5xx.
 */

export interface Subscription {
	id: string;
	name: string;
	url: string;
	/** Office or group whose changes it covers. */
	customerId: string;
	/** Targets (Estate, Contact, Merge, EstateContact, Meeting…); empty: all. */
	targets: string[];
	events: Array<'Update' | 'Remove' | 'Merge'>;
	/** Estates only: of these statuses, these types, advertised on the website. */
	estates: { statuses?: string[]; types?: string[]; advertisedOnly?: boolean };
	/**
	 * The form of the help page the notifications follow: 2026-10-04 (default), or 2026-09-16:
	 * subType (capital T) but for estates, EstateContactBuyer/Seller/Speculator as the type,
	 * Agent for User, no chainId or tenantId.
	 */
	form: NotificationForm;
	/** The next N notifications go with a trailing comma in the body, as the 2026-09-16 page's Area example (not JSON). */
	trailingCommas: number;
	retryOn5xx: boolean;
	/** Attempts in all when retrying (default 3), and the pause between them. */
	maxAttempts: number;
	retryDelayMs: number;
	timeoutMs: number;
}

export interface Delivery {
	subscriptionId: string;
	notification: Record<string, unknown>;
	/** The body's bytes as sent (JSON, or not where a trailing comma was sent). */
	body: string;
	attempt: number;
	/** HTTP status, or 0 when there was none. */
	status: number;
	outcome: 'delivered' | 'refused' | 'timeout' | 'failed';
	ms: number;
	at: string;
}

export const NOTIFICATION_FORMS = ['2026-10-04', '2026-09-16'] as const;
export type NotificationForm = (typeof NOTIFICATION_FORMS)[number];

/** The relations of a contact to an estate the form of 2026-09-16 sends as a type of their own. */
const OLDER_RELATION_TYPES = new Set(['Buyer', 'Seller', 'Speculator']);

/** Statuses an estate is advertised with on the office's website (the sandbox keeps no separate flag). */
const ADVERTISED = new Set(['ForSale', 'Coming', 'SoonForSale', 'PreSale']);
const BODY_ONLY = new Set(['data', 'destinationId', 'sourceIds']);
/** Deliveries kept for the control API: the last ones. */
const MOST_DELIVERIES = 20_000;

export class Notifier {
	private readonly subscriptions = new Map<string, Subscription>();
	private deliveries: Delivery[] = [];
	private readonly inFlight = new Set<Promise<void>>();
	private nextId = 1;

	constructor(private readonly store: SandboxStore) {}

	get active(): boolean {
		return this.subscriptions.size > 0;
	}

	subscribe(given: Partial<Subscription> & { url: string }): Subscription {
		const subscription: Subscription = {
			name: 'Subscription',
			customerId: 'G2',
			targets: [],
			events: ['Update', 'Remove', 'Merge'],
			estates: {},
			form: '2026-10-04',
			trailingCommas: 0,
			retryOn5xx: false,
			maxAttempts: 3,
			retryDelayMs: 200,
			timeoutMs: 2000,
			...given,
			id: `S${this.nextId++}`,
		};
		this.subscriptions.set(subscription.id, subscription);
		return subscription;
	}

	list(): Subscription[] {
		return [...this.subscriptions.values()];
	}

	get(id: string): Subscription | undefined {
		return this.subscriptions.get(id);
	}

	deliveryLog(): { pending: number; deliveries: Delivery[] } {
		return { pending: this.inFlight.size, deliveries: this.deliveries };
	}

	clear(): void {
		this.subscriptions.clear();
		this.deliveries = [];
	}

	/** Waits until every delivery under way has its outcome. */
	async settled(): Promise<void> {
		while (this.inFlight.size) await Promise.allSettled([...this.inFlight]);
	}

	/** Sends each change to each subscription it matches; returns at once. */
	notify(changes: Change[]): void {
		for (const change of changes)
			for (const subscription of this.subscriptions.values())
				if (this.matches(subscription, change))
					this.send(subscription, this.notificationOf(subscription, subscription.name, change));
	}

	/** A notification sent by hand from the test page: before any subscription is switched on, it names none. */
	async sendTest(subscription: Subscription, change: Change): Promise<Delivery[]> {
		const sent = this.deliver(subscription, this.notificationOf(subscription, null, change));
		this.track(sent);
		return await sent;
	}

	private matches(subscription: Subscription, change: Change): boolean {
		if (!this.store.scopeOf(subscription.customerId).has(change.customerId)) return false;
		if (subscription.targets.length && !subscription.targets.includes(change.type)) return false;
		if (!subscription.events.includes(change.event)) return false;
		if (change.type === 'Estate') {
			const status = String(change.data?.status ?? '');
			const { statuses, types, advertisedOnly } = subscription.estates;
			if (statuses?.length && !statuses.includes(status)) return false;
			if (types?.length && !types.includes(change.subtype ?? '')) return false;
			if (advertisedOnly && !ADVERTISED.has(status)) return false;
		}
		return true;
	}

	private notificationOf(
		subscription: Subscription,
		name: string | null,
		change: Change,
	): Record<string, unknown> {
		const office = this.store.offices.get(change.customerId);
		const notification: Record<string, unknown> =
			subscription.form === '2026-09-16'
				? {
						name,
						type:
							change.type === 'User'
								? 'Agent'
								: change.type === 'EstateContact' && OLDER_RELATION_TYPES.has(change.subtype ?? '')
									? `EstateContact${change.subtype}`
									: change.type,
						event: change.event,
						customerId: change.customerId,
						id: change.id,
						// The page's Estate example alone spells it subtype.
						[change.type === 'Estate' ? 'subtype' : 'subType']:
							change.type === 'EstateContact' && OLDER_RELATION_TYPES.has(change.subtype ?? '')
								? null
								: change.subtype,
					}
				: {
						name,
						type: change.type,
						event: change.event,
						customerId: change.customerId,
						id: change.id,
						subtype: change.subtype,
						chainId: office?.groupId ?? null,
						tenantId: 'T1',
					};
		(change.relations ?? []).slice(0, 3).forEach((relation, index) => {
			notification[`relId${index + 1}`] = relation.id;
			notification[`relType${index + 1}`] = relation.type;
		});
		// data goes with Estate, Project and IncomingLead on Update only.
		if (
			change.data &&
			change.event === 'Update' &&
			['Estate', 'Project', 'IncomingLead'].includes(change.type)
		)
			notification.data = change.data;
		if (change.destinationId !== undefined) notification.destinationId = change.destinationId;
		if (change.sourceIds !== undefined) notification.sourceIds = change.sourceIds;
		return notification;
	}

	/** The body as sent: JSON, or with a trailing comma while the subscription has some to send. */
	private bodyOf(subscription: Subscription, notification: Record<string, unknown>): string {
		const json = JSON.stringify(notification);
		if (subscription.trailingCommas <= 0) return json;
		subscription.trailingCommas--;
		return `${json.slice(0, -1)},}`;
	}

	private send(subscription: Subscription, notification: Record<string, unknown>): void {
		this.track(this.deliver(subscription, notification));
	}

	private track(delivery: Promise<unknown>): void {
		const done = delivery.then(
			() => undefined,
			() => undefined,
		);
		this.inFlight.add(done);
		void done.finally(() => this.inFlight.delete(done));
	}

	/** The receiver URL with the fields appended to whatever query it already has; a missing value is left out. */
	private urlOf(subscription: Subscription, notification: Record<string, unknown>): string {
		const url = new URL(subscription.url);
		for (const [field, value] of Object.entries(notification))
			if (!BODY_ONLY.has(field) && value !== null && value !== undefined)
				url.searchParams.append(field, String(value));
		return url.toString();
	}

	private async deliver(
		subscription: Subscription,
		notification: Record<string, unknown>,
	): Promise<Delivery[]> {
		const made: Delivery[] = [];
		const attempts = subscription.retryOn5xx ? Math.max(1, subscription.maxAttempts) : 1;
		const body = this.bodyOf(subscription, notification);
		for (let attempt = 1; attempt <= attempts; attempt++) {
			const started = performance.now();
			let status = 0;
			let outcome: Delivery['outcome'];
			try {
				const answer = await fetch(this.urlOf(subscription, notification), {
					method: 'POST',
					headers: { 'Content-Type': 'application/json' },
					body,
					redirect: 'manual',
					signal: AbortSignal.timeout(subscription.timeoutMs),
				});
				status = answer.status;
				// The answer's body is not read: the service only looks at the status.
				await answer.body?.cancel();
				outcome = status >= 200 && status < 300 ? 'delivered' : 'refused';
			} catch (error) {
				outcome = (error as Error).name === 'TimeoutError' ? 'timeout' : 'failed';
			}
			const delivery: Delivery = {
				subscriptionId: subscription.id,
				notification,
				body,
				attempt,
				status,
				outcome,
				ms: Math.round(performance.now() - started),
				at: this.store.now(),
			};
			made.push(delivery);
			this.deliveries.push(delivery);
			if (this.deliveries.length > MOST_DELIVERIES)
				this.deliveries.splice(0, this.deliveries.length - MOST_DELIVERIES);
			// Only a 5xx may lead to another attempt; 3xx, 4xx and time-outs never do.
			if (!(status >= 500 && status < 600) || attempt === attempts) break;
			await new Promise((resolve) => setTimeout(resolve, subscription.retryDelayMs));
		}
		return made;
	}
}
