import { requireEstate } from '../domain/access';
import { associationView, optOut, registerFinalPriceWatch, registerInterest, type FinalPriceWatchBody, type InterestApplicationBody } from '../domain/advertising';
import { forbidden, notFound } from '../errors';
import { XML, noContent, send } from '../http/negotiation';
import { modelRoute } from '../http/models';
import { S } from '../http/validation';
import type { RouteModule } from '.';
import { ADDRESS_SCHEMA, CUSTOMER_IN_PATH, pathParams } from './common';

const name40 = { type: 'string', minLength: 1, maxLength: 40 };

/** The person fields of an interest application (records.md). */
const PERSON_PROPERTIES = {
	firstName: name40,
	lastName: name40,
	socialSecurityNumber: S.string,
	isForeignSocialSecurityNumber: S.boolean,
	address: ADDRESS_SCHEMA,
	telephone: { type: 'object', properties: { home: S.string, work: S.string, cell: S.string, other: S.string } },
	email: { type: 'object', properties: { emailAddress: S.string, emailAddress2: S.string } },
	gdprApprovalDate: S.dateTime,
};

/**
 * The model of docs/spec/models.json, the fields only records.md names (newer help pages) and
 * its rule of 1 to 40 characters per name.
 */
const INTEREST = (path: string) =>
	modelRoute('POST', path, {
		properties: {
			firstName: { minLength: 1, maxLength: 40 },
			lastName: { minLength: 1, maxLength: 40 },
			isForeignSocialSecurityNumber: S.boolean,
			marketing: S.boolean,
			status: S.enumOf('interestStatus'),
		},
	});

const FINAL_PRICE_SCHEMA = {
	type: 'object',
	required: ['person'],
	properties: {
		person: { type: 'object', required: ['firstName', 'lastName'], properties: PERSON_PROPERTIES },
		prospectiveBuyerStatus: S.string,
		leadSourceId: S.string,
		marketing: S.boolean,
		message: S.string,
	},
};

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
				if (!store.inScope(association.customerId, customerId)) throw forbidden(`Association ${associationId} belongs to another customer.`);
				return send(request, reply, associationView(association), XML.record('Association'));
			},
		);
		for (const restrictive of [false, true]) {
			const interest = INTEREST(`/Advertising/Estate/{customerId}/{estateId}/${restrictive ? 'interestRestrictive' : 'interest'}`);
			app.post<{ Params: EstateParams; Body: InterestApplicationBody }>(
				`/Advertising/Estate/:customerId/:estateId/${restrictive ? 'interestRestrictive' : 'interest'}`,
				{ config: { ...config, model: interest.model }, schema: { params: pathParams('customerId', 'estateId'), body: interest.schema } },
				async (request, reply) => {
					const estate = requireEstate(store, request.params.customerId, request.params.estateId);
					registerInterest(store, request.params.customerId, estate, request.body, restrictive);
					return noContent(reply);
				},
			);
		}
		app.post<{ Params: EstateParams; Body: FinalPriceWatchBody }>(
			'/Advertising/Estate/:customerId/:estateId/FinalPriceWatched',
			{ config, schema: { params: pathParams('customerId', 'estateId'), body: FINAL_PRICE_SCHEMA } },
			async (request, reply) => {
				const estate = requireEstate(store, request.params.customerId, request.params.estateId);
				return send(request, reply, registerFinalPriceWatch(store, estate, request.body), XML.string);
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
