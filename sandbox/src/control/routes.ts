import type { FastifyInstance } from 'fastify';
import { performActivity, type ActivityRequest } from '../domain/activity';
import { forbidden } from '../errors';
import { CONTROL_PREFIX } from '../http/auth';
import { TIME_FORMS, type TimeForm } from '../http/serviceTime';
import { registerNotificationControl } from '../notifications/routes';
import type { Notifier } from '../notifications/sender';
import type { SeedScale, SandboxStore } from '../store/store';
import type { FaultInjector, FaultSpec } from './faults';
import { registerListingControl } from './listings';
import { registerListingLifeControl } from './listingLife';
import type { RequestLog } from './requestLog';

/** What the control API can reach. */
export interface SandboxRuntime {
	store: SandboxStore;
	log: RequestLog;
	faults: FaultInjector;
	/** The form the service's times are written in (serviceTime.ts); a reset goes back to the sandbox's option. */
	timeForm: TimeForm;
	/** Subscriptions and deliveries of notifications (sandbox/src/notifications). */
	notifier: Notifier;
	/** Back to the seed the sandbox started with (or the last /seed). */
	reset(): void;
	/** New seed and/or scale, then reset. */
	reseed(options: { seed?: number; scale?: SeedScale }): void;
}

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/** The /__sandbox control API: no auth, loopback callers only, never in the request log. */
export function registerControlRoutes(app: FastifyInstance, runtime: SandboxRuntime): void {
	app.register(
		async (control) => {
			control.addHook('onRequest', async (request) => {
				if (!LOOPBACK.has(request.socket.remoteAddress ?? ''))
					throw forbidden('The control API answers loopback callers only.');
			});
			control.post('/reset', async () => {
				runtime.reset();
				return { reset: true, seed: runtime.store.seedOptions.seed };
			});
			control.post<{ Body: { seed?: number; scale?: SeedScale } | undefined }>(
				'/seed',
				{
					schema: {
						body: {
							type: ['object', 'null'],
							properties: {
								seed: { type: 'integer' },
								scale: {
									type: 'object',
									properties: {
										bids: { type: 'integer', minimum: 0 },
										contacts: { type: 'integer', minimum: 1 },
										listings: { type: 'integer', minimum: 0 },
									},
								},
							},
						},
					},
				},
				async (request) => {
					runtime.reseed(request.body ?? {});
					const { seed, scale } = runtime.store.seedOptions;
					return {
						seed,
						scale,
						contacts: runtime.store.contacts.size,
						bids: runtime.store.bids.size,
						estates: runtime.store.estates.size,
					};
				},
			);
			control.get('/requests', async () => runtime.log.list());
			control.get('/requests/count', async () => ({ count: runtime.log.count() }));
			control.delete('/requests', async (_request, reply) => {
				runtime.log.clear();
				return reply.code(204).send();
			});
			control.get('/faults', async () => runtime.faults.list());
			control.post<{ Body: FaultSpec }>(
				'/faults',
				{
					schema: {
						body: {
							type: 'object',
							required: ['kind'],
							properties: {
								kind: { type: 'string' },
								count: { type: 'integer' },
								share: { type: 'number' },
								retryAfterSeconds: { type: 'integer', minimum: 0 },
								delayMs: { type: 'integer', minimum: 0 },
								pathPrefix: { type: 'string' },
								customerId: { type: 'string' },
							},
						},
					},
				},
				async (request) => runtime.faults.add(request.body),
			);
			control.delete('/faults', async (_request, reply) => {
				runtime.faults.clear();
				return reply.code(204).send();
			});
			control.post<{ Body: ActivityRequest | undefined }>('/activity', async (request) =>
				performActivity(runtime.store, request.body ?? {}),
			);
			control.get('/time-form', async () => ({ form: runtime.timeForm }));
			control.put<{ Body: { form: TimeForm } }>(
				'/time-form',
				{
					schema: {
						body: {
							type: 'object',
							required: ['form'],
							properties: { form: { type: 'string', enum: [...TIME_FORMS] } },
						},
					},
				},
				async (request) => {
					runtime.timeForm = request.body.form;
					return { form: runtime.timeForm };
				},
			);
			control.get('/health', async () => ({ ok: true }));
			// What the service keeps but has no endpoint to read back: for end-to-end tests to see a booking or an opt-out land.
			control.get('/appointments', async () => [...runtime.store.appointments.values()]);
			control.get('/contactOrders', async () => [...runtime.store.contactOrders.values()]);
			control.get('/interestApplications', async () => [
				...runtime.store.interestApplications.values(),
			]);
			registerNotificationControl(control, runtime.store, runtime.notifier);
			registerListingControl(control, runtime.store);
			registerListingLifeControl(control, runtime.store);
		},
		{ prefix: CONTROL_PREFIX },
	);
}
