import { requireContact, requireEstate } from '../domain/access';
import { buyerEconomy, createLoanPromise, type LoanPromiseBody } from '../domain/buyers';
import { XML, send } from '../http/negotiation';
import { modelRoute } from '../http/models';
import { CUSTOMER_IN_PATH, pathParams, type RouteModule } from './common';

/** Buyer_LoanPromise of docs/spec/models-2026.json: the bank, until when, the estate, the status and the financing. */
const LOAN_PROMISE = modelRoute('POST', '/CRM/Buyer/{customerId}/{contactId}/LoanPromise');

/** 4.6 CRM buyers: economy (bank and insurance) and loan promises. */
export const buyerRoutes: RouteModule = {
	area: '4.6 CRM buyers',
	register(app, store) {
		app.get<{ Params: { customerId: string; contactId: string; estateId: string } }>(
			'/CRM/Buyer/:customerId/:contactId/Estate/:estateId/Economy',
			{
				config: { customer: CUSTOMER_IN_PATH },
				schema: { params: pathParams('customerId', 'contactId', 'estateId') },
			},
			async (request, reply) => {
				const { customerId, contactId, estateId } = request.params;
				requireContact(store, customerId, contactId);
				requireEstate(store, customerId, estateId);
				return send(
					request,
					reply,
					buyerEconomy(store, contactId, estateId),
					XML.record('BuyerEconomy'),
				);
			},
		);
		app.post<{ Params: { customerId: string; contactId: string }; Body: LoanPromiseBody }>(
			'/CRM/Buyer/:customerId/:contactId/LoanPromise',
			{
				config: { customer: CUSTOMER_IN_PATH, model: LOAN_PROMISE.model },
				schema: { params: pathParams('customerId', 'contactId'), body: LOAN_PROMISE.schema },
			},
			async (request, reply) => {
				const { customerId, contactId } = request.params;
				requireContact(store, customerId, contactId);
				if (request.body.estateId) requireEstate(store, customerId, request.body.estateId);
				return send(
					request,
					reply,
					createLoanPromise(store, customerId, contactId, request.body).id,
					XML.string,
				);
			},
		);
	},
};
