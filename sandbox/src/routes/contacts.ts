import { upsertCompany, upsertPerson, type UpdateContactBody } from '../domain/contactUpsert';
import { invalidField } from '../errors';
import { allowedCustomers, callerOf } from '../http/auth';
import { XML, send } from '../http/negotiation';
import { S } from '../http/validation';
import { phoneDigits } from '../seed/identity';
import type { RouteModule } from '.';
import { ADDRESS_SCHEMA, COORDINATE_SCHEMA, CUSTOMER_IN_BODY, customerInQuery, queryOf } from './common';

const name30 = { type: 'string', maxLength: 30 };

/** Fields UpdatePerson and UpdateCompany share (records.md). */
const SHARED_FIELDS = {
	contactId: S.string,
	customerId: S.nonEmpty,
	telePhone: S.string,
	workPhone: S.string,
	cellPhone: S.string,
	otherPhone: S.string,
	email: { type: ['string', 'object'], properties: { emailAddress: S.string, emailAddress2: S.string } },
	emailAddress: S.string,
	address: ADDRESS_SCHEMA,
	approval: S.boolean,
	approvalDate: S.dateTime,
	gdprApprovalDate: S.dateTime,
	obtainThrough: S.string,
	categoryIds: S.stringList,
	userId: S.string,
	wishAdvertising: S.boolean,
	note: S.string,
	coordinate: COORDINATE_SCHEMA,
	leadScore: { type: 'integer', minimum: 0, maximum: 5 },
};

const UPDATE_PERSON_SCHEMA = {
	type: 'object',
	required: ['customerId'],
	properties: { ...SHARED_FIELDS, firstName: name30, lastName: name30, socialSecurityNumber: S.string },
};

const UPDATE_COMPANY_SCHEMA = {
	type: 'object',
	required: ['customerId'],
	properties: { ...SHARED_FIELDS, companyName: { type: 'string', maxLength: 100 }, corporateNumber: S.string, homePage: S.string, switchPhone: S.string },
};

/** 4.5 Contacts: phone lookup and the create-or-update calls with duplicate control. */
export const contactRoutes: RouteModule = {
	area: '4.5 Contacts',
	register(app, store) {
		app.get<{ Querystring: { phoneNumber: string; customerId?: string } }>(
			'/Contacts/GetContactsWithPhonenumber',
			{ config: { customer: customerInQuery(), apiKey: true }, schema: { querystring: queryOf({ phoneNumber: S.nonEmpty, customerId: S.string }, ['phoneNumber']) } },
			async (request, reply) => {
				const wanted = phoneDigits(request.query.phoneNumber);
				if (wanted.length < 5) throw invalidField('phoneNumber', 'must contain at least 5 digits');
				// Without customerId: every customer the user may use.
				const scope = request.query.customerId ? store.scopeOf(request.query.customerId) : allowedCustomers(store, callerOf(request));
				const byCustomer = new Map<string, string[]>();
				for (const c of store.contacts.values()) {
					if (!scope.has(c.customerId) && !c.linkedCustomerIds.some((id) => scope.has(id))) continue;
					const phones = [c.telePhone, c.workPhone, c.cellPhone, c.otherPhone, c.switchPhone];
					if (!phones.some((p) => p && phoneDigits(p) === wanted)) continue;
					byCustomer.set(c.customerId, [...(byCustomer.get(c.customerId) ?? []), c.id]);
				}
				const result = [...byCustomer].map(([customerId, contactIds]) => ({ customerId, contactIds }));
				return send(request, reply, result, XML.arrayOf('CustomerContactIds'));
			},
		);
		app.post<{ Body: UpdateContactBody }>(
			'/Contacts/UpdatePerson',
			{ config: { customer: CUSTOMER_IN_BODY, apiKey: true }, schema: { body: UPDATE_PERSON_SCHEMA } },
			async (request, reply) => send(request, reply, upsertPerson(store, request.body).contact.id, XML.string),
		);
		app.post<{ Body: UpdateContactBody }>(
			'/Contacts/UpdateCompany',
			{ config: { customer: CUSTOMER_IN_BODY, apiKey: true }, schema: { body: UPDATE_COMPANY_SCHEMA } },
			async (request, reply) => send(request, reply, upsertCompany(store, request.body).contact.id, XML.string),
		);
	},
};
