import type { FastifyInstance } from 'fastify';
import { addEstateForSale, changeListing, type ListingChange } from '../domain/listings';
import type { SandboxStore } from '../store/store';
import type { UnpublishedEstateAnswer } from '../store/types';

const CHANGE_BODY = {
	type: 'object',
	required: ['estateId'],
	properties: {
		estateId: { type: 'string', minLength: 1 },
		at: { type: 'string' },
		startingPrice: { type: 'integer', minimum: 0 },
		heading: { type: 'string' },
		shortDescription: { type: 'string' },
	},
	additionalProperties: false,
};
const UNPUBLISHED_ANSWERS: readonly UnpublishedEstateAnswer[] = ['record', 'notFound'];

/**
 * The listing changes a broker makes in the service, which the interface has no endpoint for
 * (inside the control API's plugin: loopback callers only, not logged): a new estate For Sale
 * (on the website at once with `publish`: one change, one notification), publish, unpublish,
 * change. Each notifies like a user's change (notifications/routes.ts).
 */
export function registerListingControl(control: FastifyInstance, store: SandboxStore): void {
	control.post<{ Body: ListingChange }>(
		'/listings/publish',
		{ schema: { body: CHANGE_BODY } },
		async (request) => changeListing(store, request.body, true),
	);
	control.post<{ Body: ListingChange }>(
		'/listings/unpublish',
		{ schema: { body: CHANGE_BODY } },
		async (request) => changeListing(store, request.body, false),
	);
	control.post<{ Body: ListingChange }>(
		'/listings/change',
		{ schema: { body: CHANGE_BODY } },
		async (request) => changeListing(store, request.body),
	);
	control.post<{ Body: { customerId: string; publish?: boolean } }>(
		'/listings/new',
		{
			schema: {
				body: {
					type: 'object',
					required: ['customerId'],
					properties: {
						customerId: { type: 'string', minLength: 1 },
						publish: { type: 'boolean' },
					},
					additionalProperties: false,
				},
			},
		},
		async (request) => {
			const estate = addEstateForSale(store, request.body.customerId);
			const isPublished = request.body.publish
				? changeListing(store, { estateId: estate.id }, true).isPublished
				: false;
			return { estateId: estate.id, status: estate.status, isPublished };
		},
	);
	control.get('/listings/unpublished-answer', async () => ({
		answer: store.advertising.unpublishedEstateAnswer,
	}));
	control.put<{ Body: { answer: UnpublishedEstateAnswer } }>(
		'/listings/unpublished-answer',
		{
			schema: {
				body: {
					type: 'object',
					required: ['answer'],
					properties: { answer: { type: 'string', enum: [...UNPUBLISHED_ANSWERS] } },
				},
			},
		},
		async (request) => {
			store.advertising.unpublishedEstateAnswer = request.body.answer;
			return { answer: store.advertising.unpublishedEstateAnswer };
		},
	);
}
