import type { FastifyInstance } from 'fastify';
import {
	addViewing,
	ESTATE_STATUSES_SET,
	type LifeChange,
	lowerPrice,
	setEstateStatus,
	startBidding,
} from '../domain/listingLife';
import type { SandboxStore } from '../store/store';

const body = (properties: Record<string, unknown>) => ({
	type: 'object',
	required: ['estateId', ...('status' in properties ? ['status'] : [])],
	properties: { estateId: { type: 'string', minLength: 1 }, at: { type: 'string' }, ...properties },
	additionalProperties: false,
});
const KRONOR = { type: 'integer', minimum: 1 };

/**
 * A published estate's life, made on request (inside the control API's plugin under
 * /__sandbox/listings/: loopback callers only, not logged, and notified like a broker's change,
 * notifications/routes.ts). Each answers the estate as it stands: id, office, published or
 * not, status, asking and final price, changedAt. Unpublishing is /listings/unpublish
 * (control/listings.ts).
 */
export function registerListingLifeControl(control: FastifyInstance, store: SandboxStore): void {
	control.post<{ Body: LifeChange & { status: string; finalPrice?: number } }>(
		'/listings/status',
		{
			schema: {
				body: body({
					status: { type: 'string', enum: [...ESTATE_STATUSES_SET] },
					finalPrice: KRONOR,
				}),
			},
		},
		async (request) => setEstateStatus(store, request.body),
	);
	control.post<{ Body: LifeChange & { to?: number; by?: number } }>(
		'/listings/lower-price',
		{ schema: { body: body({ to: KRONOR, by: KRONOR }) } },
		async (request) => lowerPrice(store, request.body),
	);
	control.post<{ Body: LifeChange & { startsAt?: string; endsAt?: string } }>(
		'/listings/viewing',
		{ schema: { body: body({ startsAt: { type: 'string' }, endsAt: { type: 'string' } }) } },
		async (request) => addViewing(store, request.body),
	);
	control.post<{ Body: LifeChange & { amount?: number } }>(
		'/listings/start-bidding',
		{ schema: { body: body({ amount: KRONOR }) } },
		async (request) => startBidding(store, request.body),
	);
}
