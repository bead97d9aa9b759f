import type { FastifyReply, FastifyRequest } from 'fastify';
import { requireBid } from '../domain/access';
import {
	annulBid,
	bidJson,
	bidView,
	listBids,
	placeBid,
	placeVerifiedBid,
	type BidData,
	type VerifiedBidData,
} from '../domain/bids';
import { XML, send, sendList } from '../http/negotiation';
import { modelRoute } from '../http/models';
import { S } from '../http/validation';
import type { SandboxStore } from '../store/store';
import { CUSTOMER_IN_PATH, pathParams, queryOf, type RouteModule } from './common';

type BidParams = { customerId: string; id: string };
type PlaceParams = { customerId: string; estateId: string; contactId: string };
type BidQuery = { 'criteria.estateId'?: string; 'criteria.contactId'?: string };

const BID_DATA = {
	alias: S.string,
	amount: { type: ['string', 'number'], minLength: 1 },
	createdAt: S.dateTime,
	condition: S.string,
	isHidden: S.boolean,
};
/** The model of docs/spec/models.json; the interface requires an amount. */
const PLACE_BID = modelRoute('POST', '/CRM/Bid/{customerId}/{estateId}/{contactId}', {
	required: ['amount'],
	properties: { amount: { minLength: 1 } },
});
const VERIFIED_BID_DATA_SCHEMA = {
	type: 'object',
	required: ['amount', 'socialSecurityNumber'],
	properties: {
		...BID_DATA,
		socialSecurityNumber: S.nonEmpty,
		verificationMethod: S.string,
		reference: S.string,
	},
};
const LIST_QUERY = queryOf({ 'criteria.estateId': S.string, 'criteria.contactId': S.string });
const config = { customer: CUSTOMER_IN_PATH };

function listHandler(store: SandboxStore, hidden: boolean) {
	return async (
		request: FastifyRequest<{ Params: { customerId: string }; Querystring: BidQuery }>,
		reply: FastifyReply,
	) => {
		const bids = listBids(store, request.params.customerId, {
			hidden,
			estateId: request.query['criteria.estateId'] || undefined,
			contactId: request.query['criteria.contactId'] || undefined,
		});
		return sendList(request, reply, bids, bidView, bidJson, XML.arrayOf('Bid'));
	};
}

/** 4.6 CRM bids: read, list visible/hidden, place, place verified, annul. */
export const bidRoutes: RouteModule = {
	area: '4.6 CRM bids',
	register(app, store) {
		app.get<{ Params: BidParams }>(
			'/CRM/Bid/:customerId/:id',
			{ config, schema: { params: pathParams('customerId', 'id') } },
			async (request, reply) =>
				send(
					request,
					reply,
					bidView(requireBid(store, request.params.customerId, request.params.id)),
					XML.record('Bid'),
				),
		);
		app.delete<{ Params: BidParams }>(
			'/CRM/Bid/:customerId/:id',
			{ config, schema: { params: pathParams('customerId', 'id') } },
			async (request, reply) =>
				send(
					request,
					reply,
					annulBid(store, requireBid(store, request.params.customerId, request.params.id)),
					XML.boolean,
				),
		);
		app.get(
			'/CRM/Bids/:customerId',
			{ config, schema: { params: pathParams('customerId'), querystring: LIST_QUERY } },
			listHandler(store, false),
		);
		app.get(
			'/CRM/HiddenBids/:customerId',
			{ config, schema: { params: pathParams('customerId'), querystring: LIST_QUERY } },
			listHandler(store, true),
		);
		app.post<{ Params: PlaceParams; Body: BidData }>(
			'/CRM/Bid/:customerId/:estateId/:contactId',
			{
				config: { ...config, model: PLACE_BID.model },
				schema: {
					params: pathParams('customerId', 'estateId', 'contactId'),
					body: PLACE_BID.schema,
				},
			},
			async (request, reply) => {
				const { customerId, estateId, contactId } = request.params;
				return send(
					request,
					reply,
					placeBid(store, customerId, estateId, contactId, request.body).id,
					XML.string,
				);
			},
		);
		app.post<{ Params: PlaceParams; Body: VerifiedBidData }>(
			'/CRM/Bid/Verified/:customerId/:estateId/:contactId',
			{
				config,
				schema: {
					params: pathParams('customerId', 'estateId', 'contactId'),
					body: VERIFIED_BID_DATA_SCHEMA,
				},
			},
			async (request, reply) => {
				const { customerId, estateId, contactId } = request.params;
				return send(
					request,
					reply,
					placeVerifiedBid(store, customerId, estateId, contactId, request.body).id,
					XML.string,
				);
			},
		);
	},
};
