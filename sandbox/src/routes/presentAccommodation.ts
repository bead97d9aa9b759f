import { contactsForList, requireContact } from '../domain/access';
import {
	presentAccommodationStatistics,
	presentAccommodationView,
	requirePresentAccommodation,
	savePresentAccommodation,
	type PresentAccommodationBody,
} from '../domain/presentAccommodation';
import { XML, send } from '../http/negotiation';
import { S, assertDateRange, parseIdList } from '../http/validation';
import { modelRoute } from '../http/models';
import { CUSTOMER_IN_PATH, pathParams, queryOf, type RouteModule } from './common';
import { CONTACT_IDS_QUERY, idsFromQuery } from './crmContactLists';

const config = { customer: CUSTOMER_IN_PATH, apiKey: true };
const XML_NAME = 'CrmPresentAccomodation';
/** Request_CrmPresentAccomodation of docs/spec/models-2026.json: the write's own body and estate types. */
const BODY = modelRoute('POST', '/CRM/Contact/{customerId}/PresentAccomodation/{contactId}');

/** 4.7 present accommodation of contacts (path spelled "Accomodation" as in the interface). */
export const presentAccommodationRoutes: RouteModule = {
	area: '4.7 CRM present accommodation',
	register(app, store) {
		const many = (customerId: string, ids: string[]) =>
			contactsForList(store, customerId, ids)
				.map((c) => store.presentAccommodations.get(c.id))
				.filter((p) => p !== undefined)
				.map(presentAccommodationView);
		app.get<{
			Params: { customerId: string };
			Querystring: { userId?: string; dateFrom?: string; dateTo?: string };
		}>(
			'/CRM/Contact/:customerId/PresentAccomodation/Statistics',
			{
				config,
				schema: {
					params: pathParams('customerId'),
					querystring: queryOf({ userId: S.string, dateFrom: S.dateTime, dateTo: S.dateTime }),
				},
			},
			async (request, reply) => {
				assertDateRange(request.query.dateFrom, request.query.dateTo, null);
				return send(
					request,
					reply,
					presentAccommodationStatistics(store, request.params.customerId, request.query),
					XML.record('CrmPresentAccomodationStatistics'),
				);
			},
		);
		app.get<{ Params: { customerId: string; contactIds: string } }>(
			'/CRM/Contact/:customerId/PresentAccomodation/:contactIds',
			{ config, schema: { params: pathParams('customerId', 'contactIds') } },
			async (request, reply) => {
				const { customerId, contactIds } = request.params;
				if (!contactIds.includes(',')) {
					const record = requirePresentAccommodation(
						store,
						requireContact(store, customerId, contactIds),
					);
					return send(request, reply, presentAccommodationView(record), XML.record(XML_NAME));
				}
				return send(
					request,
					reply,
					many(customerId, parseIdList(contactIds)),
					XML.arrayOf(XML_NAME),
				);
			},
		);
		app.get<{ Params: { customerId: string }; Querystring: { contactIds: string[] } }>(
			'/CRM/Contact/:customerId/PresentAccomodation',
			{ config, schema: { params: pathParams('customerId'), querystring: CONTACT_IDS_QUERY } },
			async (request, reply) =>
				send(
					request,
					reply,
					many(request.params.customerId, idsFromQuery(request.query)),
					XML.arrayOf(XML_NAME),
				),
		);
		app.post<{ Params: { customerId: string; contactId: string }; Body: PresentAccommodationBody }>(
			'/CRM/Contact/:customerId/PresentAccomodation/:contactId',
			{
				config: { ...config, model: BODY.model },
				schema: { params: pathParams('customerId', 'contactId'), body: BODY.schema },
			},
			async (request, reply) => {
				const contact = requireContact(store, request.params.customerId, request.params.contactId);
				return send(
					request,
					reply,
					savePresentAccommodation(store, contact, request.body).id,
					XML.string,
				);
			},
		);
	},
};
