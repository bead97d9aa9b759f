import { cancelLogin, initiateLogin, pollLogin, requireLogin } from '../domain/electronicId';
import { XML, noContent, send } from '../http/negotiation';
import { S } from '../http/validation';
import { CUSTOMER_IN_PATH, pathParams, type RouteModule } from './common';

const config = { customer: CUSTOMER_IN_PATH };
const INITIATE_SCHEMA = {
	type: 'object',
	required: ['socialNumber'],
	properties: { socialNumber: S.nonEmpty },
};

/** 4.2 electronic-ID login: start, poll the status, cancel (path segment spelled "referense"). */
export const electronicIdRoutes: RouteModule = {
	area: '4.2 Electronic-ID authentication',
	register(app, store) {
		app.post<{ Params: { customerId: string }; Body: { socialNumber: string } }>(
			'/Authenticate/EId/:customerId/Initiate',
			{ config, schema: { params: pathParams('customerId'), body: INITIATE_SCHEMA } },
			async (request, reply) => {
				const login = initiateLogin(store, request.params.customerId, request.body.socialNumber);
				// The schema name is spelled InitateResponse in the interface; XML uses it as the root.
				return send(request, reply, { reference: login.reference }, XML.record('InitateResponse'));
			},
		);
		app.get<{ Params: { customerId: string; reference: string } }>(
			'/Authenticate/EId/:customerId/Status/:reference',
			{ config, schema: { params: pathParams('customerId', 'reference') } },
			async (request, reply) => {
				const login = requireLogin(store, request.params.customerId, request.params.reference);
				return send(request, reply, pollLogin(store, login), XML.record('StatusResponse'));
			},
		);
		app.delete<{ Params: { customerId: string; referense: string } }>(
			'/Authenticate/EId/:customerId/:referense',
			{ config, schema: { params: pathParams('customerId', 'referense') } },
			async (request, reply) => {
				cancelLogin(requireLogin(store, request.params.customerId, request.params.referense));
				return noContent(reply);
			},
		);
	},
};
