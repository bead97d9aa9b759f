import { upsertCompany, upsertPerson, type UpdateContactBody } from '../domain/contactUpsert';
import { invalidField } from '../errors';
import { allowedCustomers, callerOf } from '../http/auth';
import { modelRoute } from '../http/models';
import { XML, send } from '../http/negotiation';
import { S } from '../http/validation';
import { phoneDigits } from '../swedish/identity';
import { CUSTOMER_IN_BODY, customerInQuery, queryOf, type RouteModule } from './common';

/** The models of docs/spec/models.json, with the interface's rules (4.5: lead score 0 to 5, a customer id). */
const CONTACT_RULES = {
	properties: { customerId: { minLength: 1 }, leadScore: { minimum: 0, maximum: 5 } },
};
const UPDATE_PERSON = modelRoute('POST', '/Contacts/UpdatePerson', CONTACT_RULES);
const UPDATE_COMPANY = modelRoute('POST', '/Contacts/UpdateCompany', CONTACT_RULES);

/** 4.5 Contacts: phone lookup and the create-or-update calls with duplicate control. */
export const contactRoutes: RouteModule = {
	area: '4.5 Contacts',
	register(app, store) {
		app.get<{ Querystring: { phoneNumber: string; customerId?: string } }>(
			'/Contacts/GetContactsWithPhonenumber',
			{
				config: { customer: customerInQuery(), apiKey: true },
				schema: {
					querystring: queryOf({ phoneNumber: S.nonEmpty, customerId: S.string }, ['phoneNumber']),
				},
			},
			async (request, reply) => {
				const wanted = phoneDigits(request.query.phoneNumber);
				if (wanted.length < 5) throw invalidField('phoneNumber', 'must contain at least 5 digits');
				// Without customerId: every customer the user may use.
				const scope = request.query.customerId
					? store.scopeOf(request.query.customerId)
					: allowedCustomers(store, callerOf(request));
				const byCustomer = new Map<string, string[]>();
				for (const c of store.contacts.values()) {
					if (!scope.has(c.customerId) && !c.linkedCustomerIds.some((id) => scope.has(id)))
						continue;
					const phones = [c.telePhone, c.workPhone, c.cellPhone, c.otherPhone, c.switchPhone];
					if (!phones.some((p) => p && phoneDigits(p) === wanted)) continue;
					byCustomer.set(c.customerId, [...(byCustomer.get(c.customerId) ?? []), c.id]);
				}
				const result = [...byCustomer].map(([customerId, contactIds]) => ({
					customerId,
					contactIds,
				}));
				return send(request, reply, result, XML.arrayOf('CustomerContactIds'));
			},
		);
		app.post<{ Body: UpdateContactBody }>(
			'/Contacts/UpdatePerson',
			{
				config: { customer: CUSTOMER_IN_BODY, apiKey: true, model: UPDATE_PERSON.model },
				schema: { body: UPDATE_PERSON.schema },
			},
			async (request, reply) =>
				send(request, reply, upsertPerson(store, request.body).contact.id, XML.string),
		);
		app.post<{ Body: UpdateContactBody }>(
			'/Contacts/UpdateCompany',
			{
				config: { customer: CUSTOMER_IN_BODY, apiKey: true, model: UPDATE_COMPANY.model },
				schema: { body: UPDATE_COMPANY.schema },
			},
			async (request, reply) =>
				send(request, reply, upsertCompany(store, request.body).contact.id, XML.string),
		);
	},
};
