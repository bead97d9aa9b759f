import { contactsForList, requireContact } from '../domain/access';
import {
	listContacts,
	searchBySocialNumber,
	searchContacts,
	type ContactListCriteria,
} from '../domain/contactQueries';
import { crmContactView } from '../domain/contactViews';
import { XML, send } from '../http/negotiation';
import { S, assertSearchTerm, parseIdList } from '../http/validation';
import { CUSTOMER_IN_PATH, pathParams, queryOf, type RouteModule } from './common';

const config = { customer: CUSTOMER_IN_PATH, apiKey: true };
/** A personal or organisation number of the search: 10 to 13 characters (models-2026.json). */
const SOCIAL_NUMBER = { type: 'string', minLength: 10, maxLength: 13 };

const LIST_CRITERIA = [
	'agentId',
	'createdAtFrom',
	'createdAtTo',
	'changedAtFrom',
	'changedAtTo',
	'customFieldName',
	'customFieldValue',
	'leadScore',
	'contactScheduledOrderType',
	'newsletterListId',
] as const;

const LIST_QUERY = queryOf({
	'criteria.agentId': S.string,
	'criteria.createdAtFrom': S.dateTime,
	'criteria.createdAtTo': S.dateTime,
	'criteria.changedAtFrom': S.dateTime,
	'criteria.changedAtTo': S.dateTime,
	'criteria.customFieldName': S.string,
	'criteria.customFieldValue': S.string,
	'criteria.leadScore': S.int32,
	'criteria.contactScheduledOrderType': S.enumOf('contactScheduledOrderType'),
	'criteria.newsletterListId': S.string,
});

/** 4.7 CRM contacts: filtered list, free-text and personal-number search, get one or many. */
export const crmContactRoutes: RouteModule = {
	area: '4.7 CRM contacts',
	register(app, store) {
		app.get<{
			Params: { customerId: string };
			Querystring: Record<string, string | number | undefined>;
		}>(
			'/CRM/Contact/:customerId',
			{ config, schema: { params: pathParams('customerId'), querystring: LIST_QUERY } },
			async (request, reply) => {
				const criteria: Record<string, unknown> = {};
				for (const key of LIST_CRITERIA) {
					const value = request.query[`criteria.${key}`];
					if (value !== undefined && value !== '') criteria[key] = value;
				}
				return send(
					request,
					reply,
					listContacts(store, request.params.customerId, criteria as ContactListCriteria),
					XML.record('CrmContactList'),
				);
			},
		);
		app.get<{
			Params: { customerId: string };
			Querystring: { 'criteria.term': string; 'criteria.maxSize'?: number };
		}>(
			'/CRM/Contact/:customerId/Search',
			{
				config,
				schema: {
					params: pathParams('customerId'),
					querystring: queryOf({ 'criteria.term': S.string, 'criteria.maxSize': S.maxSize }, [
						'criteria.term',
					]),
				},
			},
			async (request, reply) => {
				const term = request.query['criteria.term'];
				assertSearchTerm(term);
				const result = searchContacts(
					store,
					request.params.customerId,
					term,
					request.query['criteria.maxSize'] ?? 50,
				);
				return send(request, reply, result, XML.record('CrmContactSearchList'));
			},
		);
		app.get<{
			Params: { customerId: string };
			Querystring: { 'criteria.socialNumber': string; 'criteria.maxSize'?: number };
		}>(
			'/CRM/Contact/:customerId/search/SocialNumber',
			{
				config,
				schema: {
					params: pathParams('customerId'),
					querystring: queryOf(
						{ 'criteria.socialNumber': SOCIAL_NUMBER, 'criteria.maxSize': S.maxSize },
						['criteria.socialNumber'],
					),
				},
			},
			async (request, reply) => {
				const result = searchBySocialNumber(
					store,
					request.params.customerId,
					request.query['criteria.socialNumber'],
					request.query['criteria.maxSize'] ?? 50,
				);
				return send(request, reply, result, XML.record('CrmContactSearchList'));
			},
		);
		// One id returns the record; a comma-separated list returns an array in the order given.
		app.get<{ Params: { customerId: string; contactIds: string } }>(
			'/CRM/Contact/:customerId/:contactIds',
			{ config, schema: { params: pathParams('customerId', 'contactIds') } },
			async (request, reply) => {
				const { customerId, contactIds } = request.params;
				if (!contactIds.includes(','))
					return send(
						request,
						reply,
						crmContactView(store, requireContact(store, customerId, contactIds)),
						XML.record('CrmContact'),
					);
				const contacts = contactsForList(store, customerId, parseIdList(contactIds));
				return send(
					request,
					reply,
					contacts.map((c) => crmContactView(store, c)),
					XML.arrayOf('CrmContact'),
				);
			},
		);
	},
};
