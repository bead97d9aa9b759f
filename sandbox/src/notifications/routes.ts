import type { FastifyInstance, FastifyRequest } from 'fastify';

import { isPublished } from '../domain/listings';
import { invalidField, notFound } from '../errors';
import { CONTROL_PREFIX } from '../http/auth';
import type { SandboxStore } from '../store/store';
import type { EstateStatus } from '../store/types';
import { type Change, changesSince, officeOf, type Snapshot, snapshot } from './changes';
import { NOTIFICATION_FORMS, type Notifier, type Subscription } from './sender';

/**
 * Notifications for every change a request makes (routes, demo activity, the control calls
 * below), and the control calls that set subscriptions up, make the changes the interface has
 * no endpoint for (a merge, an estate's status) and send a test notification by hand.
 */

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** Control calls that change records like a user would; the rest (reset, seed, faults…) notify nothing. */
const NOTIFYING_CONTROL = [
	`${CONTROL_PREFIX}/activity`,
	`${CONTROL_PREFIX}/estateStatus`,
	`${CONTROL_PREFIX}/listings/`,
];
const before = new WeakMap<FastifyRequest, Snapshot>();

const notifies = (request: FastifyRequest) =>
	WRITES.has(request.method) &&
	(!request.url.startsWith(CONTROL_PREFIX) ||
		NOTIFYING_CONTROL.some((path) => request.url.startsWith(path)));

/** Notifies the changes of every write request while a subscription exists. */
export function registerNotificationHooks(
	app: FastifyInstance,
	store: SandboxStore,
	notifier: Notifier,
): void {
	app.addHook('preHandler', async (request) => {
		if (notifier.active && notifies(request)) before.set(request, snapshot(store));
	});
	app.addHook('onResponse', async (request, reply) => {
		const taken = before.get(request);
		if (!taken) return;
		before.delete(request);
		if (reply.statusCode < 400) notifier.notify(changesSince(store, taken));
	});
}

/** The control calls, inside the control API's plugin (loopback callers only, not logged). */
export function registerNotificationControl(
	control: FastifyInstance,
	store: SandboxStore,
	notifier: Notifier,
): void {
	control.post<{ Body: Partial<Subscription> & { url: string } }>(
		'/subscriptions',
		{
			schema: {
				body: {
					type: 'object',
					required: ['url'],
					properties: {
						name: { type: 'string' },
						url: { type: 'string', pattern: '^https?://' },
						customerId: { type: 'string' },
						targets: { type: 'array', items: { type: 'string' } },
						events: {
							type: 'array',
							items: { type: 'string', enum: ['Update', 'Remove', 'Merge'] },
						},
						estates: {
							type: 'object',
							properties: {
								statuses: { type: 'array', items: { type: 'string' } },
								types: { type: 'array', items: { type: 'string' } },
								advertisedOnly: { type: 'boolean' },
							},
						},
						form: { type: 'string', enum: [...NOTIFICATION_FORMS] },
						trailingCommas: { type: 'integer', minimum: 0 },
						retryOn5xx: { type: 'boolean' },
						maxAttempts: { type: 'integer', minimum: 1, maximum: 10 },
						retryDelayMs: { type: 'integer', minimum: 0 },
						timeoutMs: { type: 'integer', minimum: 1 },
					},
				},
			},
		},
		async (request) => notifier.subscribe(request.body),
	);
	control.get('/subscriptions', async () => notifier.list());
	control.delete('/subscriptions', async (_request, reply) => {
		notifier.clear();
		return reply.code(204).send();
	});
	// ?settled=true waits for the deliveries under way first.
	control.get<{ Querystring: { settled?: string } }>('/deliveries', async (request) => {
		if (request.query.settled === 'true') await notifier.settled();
		return notifier.deliveryLog();
	});
	control.post<{ Params: { id: string }; Body: Partial<Change> | undefined }>(
		'/subscriptions/:id/test',
		async (request) => {
			const subscription = notifier.get(request.params.id);
			if (!subscription) throw notFound('Subscription', request.params.id);
			const office = officeOf(store, subscription.customerId);
			const change: Change = {
				type: 'Estate',
				event: 'Update',
				id: 'TEST1',
				subtype: 'House',
				customerId: office,
				data: { status: 'ForSale' },
				...request.body,
			};
			return await notifier.sendTest(subscription, change);
		},
	);
	control.post<{ Body: { keep: string; merge: string[] } }>(
		'/merge',
		{
			schema: {
				body: {
					type: 'object',
					required: ['keep', 'merge'],
					properties: {
						keep: { type: 'string' },
						merge: { type: 'array', minItems: 1, items: { type: 'string' } },
					},
				},
			},
		},
		async (request) => {
			const { keep, merge } = request.body;
			const kept = store.contacts.get(keep);
			if (!kept || kept.type !== 'Person')
				throw invalidField('keep', 'must be a person of the seed');
			for (const id of merge)
				if (id === keep || store.contacts.get(id)?.type !== 'Person')
					throw invalidField('merge', `${id} must be another person of the seed`);
			// The merged contacts stop existing; the kept one takes what they were linked to.
			for (const id of merge) {
				const source = store.contacts.get(id)!;
				kept.linkedCustomerIds = [
					...new Set([...kept.linkedCustomerIds, source.customerId, ...source.linkedCustomerIds]),
				].filter((office) => office !== kept.customerId);
				store.contacts.delete(id);
				for (const bid of store.bids.values()) if (bid.contactId === id) bid.contactId = keep;
			}
			kept.changedAt = store.now();
			notifier.notify([
				{
					type: 'Merge',
					event: 'Merge',
					id: keep,
					subtype: 'Person',
					customerId: officeOf(store, kept.customerId),
					destinationId: keep,
					sourceIds: merge,
				},
			]);
			return { keep, merged: merge };
		},
	);
	// The estates, their statuses and whether they are published, to pick one to change (the interface has no list of them all).
	control.get('/estates', async () =>
		[...store.estates.values()].map((estate) => ({
			id: estate.id,
			customerId: estate.customerId,
			type: estate.type,
			status: estate.status,
			isPublished: isPublished(store, estate),
			changedAt: estate.changedAt,
		})),
	);
	control.post<{ Body: { estateId: string; status: EstateStatus } }>(
		'/estateStatus',
		{
			schema: {
				body: {
					type: 'object',
					required: ['estateId', 'status'],
					properties: { estateId: { type: 'string' }, status: { type: 'string' } },
				},
			},
		},
		async (request) => {
			const estate = store.estates.get(request.body.estateId);
			if (!estate) throw notFound('Estate', request.body.estateId);
			estate.status = request.body.status;
			estate.changedAt = store.now();
			return { estateId: estate.id, status: estate.status };
		},
	);
}
