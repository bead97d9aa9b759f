import { requireEstate } from '../domain/access';
import {
	associationView,
	optOut,
	registerFinalPriceWatch,
	registerInterest,
	type FinalPriceWatchBody,
	type InterestApplicationBody,
} from '../domain/advertising';
import { forbidden, notFound } from '../errors';
import { XML, noContent, send } from '../http/negotiation';
import { modelRoute } from '../http/models';
import { CUSTOMER_IN_PATH, pathParams, type RouteModule } from './common';

/**
 * The models of docs/spec/models-2026.json (AdvertisingInterestApplication, whose newer
 * description …/interestRestrictive shares, and AdvertisingFinalPriceWatchedApplication):
 * names 1 to 40 characters, an e-mail or a telephone, `marketing` the record of where the lead
 * came from. The service's "one of these must be given" is the models' anyOf-required.
 */
const INTEREST = (path: string) => modelRoute('POST', path);
const FINAL_PRICE_WATCH = modelRoute(
	'POST',
	'/Advertising/Estate/{customerId}/{estateId}/FinalPriceWatched',
);

type EstateParams = { customerId: string; estateId: string };
const config = { customer: CUSTOMER_IN_PATH };

/** 4.1 Advertising: association lookup, interest applications, final-price watches, opt-out. */
export const advertisingRoutes: RouteModule = {
	area: '4.1 Advertising',
	register(app, store) {
		app.get<{ Params: { customerId: string; associationId: string } }>(
			'/Advertising/Association/:customerId/:associationId',
			{ config, schema: { params: pathParams('customerId', 'associationId') } },
			async (request, reply) => {
				const { customerId, associationId } = request.params;
				const association = store.associations.get(associationId);
				if (!association) throw notFound('Association', associationId);
				if (!store.inScope(association.customerId, customerId))
					throw forbidden(`Association ${associationId} belongs to another customer.`);
				return send(request, reply, associationView(association), XML.record('Association'));
			},
		);
		for (const restrictive of [false, true]) {
			const interest = INTEREST(
				`/Advertising/Estate/{customerId}/{estateId}/${restrictive ? 'interestRestrictive' : 'interest'}`,
			);
			app.post<{ Params: EstateParams; Body: InterestApplicationBody }>(
				`/Advertising/Estate/:customerId/:estateId/${restrictive ? 'interestRestrictive' : 'interest'}`,
				{
					config: { ...config, model: interest.model },
					schema: { params: pathParams('customerId', 'estateId'), body: interest.schema },
				},
				async (request, reply) => {
					const estate = requireEstate(store, request.params.customerId, request.params.estateId);
					registerInterest(store, request.params.customerId, estate, request.body, restrictive);
					return noContent(reply);
				},
			);
		}
		app.post<{ Params: EstateParams; Body: FinalPriceWatchBody }>(
			'/Advertising/Estate/:customerId/:estateId/FinalPriceWatched',
			{
				config: { ...config, model: FINAL_PRICE_WATCH.model },
				schema: { params: pathParams('customerId', 'estateId'), body: FINAL_PRICE_WATCH.schema },
			},
			async (request, reply) => {
				const estate = requireEstate(store, request.params.customerId, request.params.estateId);
				return send(
					request,
					reply,
					registerFinalPriceWatch(store, estate, request.body),
					XML.string,
				);
			},
		);
		app.put<{ Params: { customerId: string; contactOrderId: string } }>(
			'/Advertising/Message/:customerId/ContactOrder/:contactOrderId/OptOut',
			{ config, schema: { params: pathParams('customerId', 'contactOrderId') } },
			async (request, reply) => {
				optOut(store, request.params.customerId, request.params.contactOrderId);
				return noContent(reply);
			},
		);
	},
};
