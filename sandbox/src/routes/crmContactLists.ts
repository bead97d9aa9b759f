import type { FastifyInstance } from 'fastify';
import { contactsForList, requireContact } from '../domain/access';
import {
	companyView,
	deceasedEstateView,
	personView,
	speculatorView,
} from '../domain/contactViews';
import { XML, send } from '../http/negotiation';
import { parseIdList } from '../http/validation';
import type { SandboxStore } from '../store/store';
import type { Contact, ContactType } from '../store/types';
import { CUSTOMER_IN_PATH, pathParams, queryOf, type RouteModule } from './common';

interface ListKind {
	/** Literal path segment after the customer id. */
	segment: string;
	/** Contact type the records must have; undefined = any. */
	type?: ContactType;
	xmlName: string;
	view(store: SandboxStore, contact: Contact, customerId: string): unknown;
}

const KINDS: readonly ListKind[] = [
	{ segment: 'Person', type: 'Person', xmlName: 'CrmPersonContact', view: personView },
	{ segment: 'Company', type: 'Company', xmlName: 'CrmCompanyContact', view: companyView },
	{
		segment: 'DeceasedEstate',
		type: 'DeceasedEstate',
		xmlName: 'CrmDeceasedEstateContact',
		view: deceasedEstateView,
	},
	{ segment: 'Speculator', xmlName: 'CrmSpeculatorContact', view: speculatorView },
];

const config = { customer: CUSTOMER_IN_PATH, apiKey: true };
/** contactIds may come once (comma-separated) or repeated; coercion makes it a list either way. */
export const CONTACT_IDS_QUERY = queryOf(
	{ contactIds: { type: 'array', items: { type: 'string' } } },
	['contactIds'],
);

export function idsFromQuery(query: { contactIds: string[] }): string[] {
	return parseIdList(query.contactIds.join(','));
}

function registerKind(app: FastifyInstance, store: SandboxStore, kind: ListKind): void {
	const many = (customerId: string, ids: string[]) =>
		contactsForList(store, customerId, ids, kind.type).map((c) => kind.view(store, c, customerId));
	app.get<{ Params: { customerId: string; contactIds: string } }>(
		`/CRM/Contact/:customerId/${kind.segment}/:contactIds`,
		{ config, schema: { params: pathParams('customerId', 'contactIds') } },
		async (request, reply) => {
			const { customerId, contactIds } = request.params;
			if (!contactIds.includes(',')) {
				return send(
					request,
					reply,
					kind.view(store, requireContact(store, customerId, contactIds, kind.type), customerId),
					XML.record(kind.xmlName),
				);
			}
			return send(
				request,
				reply,
				many(customerId, parseIdList(contactIds)),
				XML.arrayOf(kind.xmlName),
			);
		},
	);
	app.get<{ Params: { customerId: string }; Querystring: { contactIds: string[] } }>(
		`/CRM/Contact/:customerId/${kind.segment}`,
		{ config, schema: { params: pathParams('customerId'), querystring: CONTACT_IDS_QUERY } },
		async (request, reply) =>
			send(
				request,
				reply,
				many(request.params.customerId, idsFromQuery(request.query)),
				XML.arrayOf(kind.xmlName),
			),
	);
}

/** 4.7 typed contact records: person, company, deceased estate, speculator relations. */
export const crmContactListRoutes: RouteModule = {
	area: '4.7 CRM contact records',
	register(app, store) {
		for (const kind of KINDS) registerKind(app, store, kind);
	},
};
