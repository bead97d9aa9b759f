import { S } from '../http/validation';
import { XML, send } from '../http/negotiation';
import { categoryView } from '../domain/contactViews';
import { customerInQuery, queryOf, type RouteModule } from './common';

/** GET /Category/GetCategories (4.4): the person and company categories of the customer. */
export const categoryRoutes: RouteModule = {
	area: '4.4 Categories',
	register(app, store) {
		app.get<{ Querystring: { customerId: string } }>(
			'/Category/GetCategories',
			{
				config: { customer: customerInQuery(), apiKey: true },
				schema: { querystring: queryOf({ customerId: S.nonEmpty }, ['customerId']) },
			},
			async (request, reply) => {
				const scope = store.scopeOf(request.query.customerId);
				const mine = [...store.categories.values()].filter((c) => scope.has(c.customerId));
				const view = (appliesTo: string) =>
					mine.filter((c) => c.appliesTo === appliesTo).map((c) => categoryView(store, c.id));
				return send(
					request,
					reply,
					{ companyCategories: view('Company'), personCategories: view('Person') },
					XML.record('Categories'),
				);
			},
		);
	},
};
