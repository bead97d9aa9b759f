import type { FastifyReply, FastifyRequest } from 'fastify';
import {
	budgetCrmOfficeReport,
	budgetOfficeReport,
	type BudgetReportQuery,
} from '../domain/budgetReports';
import { readBudgets, writeBudget, type BudgetKind, type RealtorBudget } from '../domain/budgets';
import { modelRoute } from '../http/models';
import { XML, noContent, send } from '../http/negotiation';
import { CUSTOMER_IN_PATH, queryOf, type RouteModule } from './common';

const YEAR = { type: 'integer', minimum: 1, maximum: 9999 };
const MONTH = { type: 'integer', minimum: 1, maximum: 12 };
const ID = { type: 'string', minLength: 1 };

/** Path parameters: ids as non-empty strings, year and month as integers (coerced from the path). */
function budgetParams(...ids: string[]) {
	return {
		type: 'object',
		properties: { ...Object.fromEntries(ids.map((name) => [name, ID])), year: YEAR, month: MONTH },
		required: [...ids, 'year', 'month'],
	};
}

const REPORT_QUERY = queryOf({ fromYear: YEAR, fromMonth: MONTH, toYear: YEAR, toMonth: MONTH });
/** The model of docs/spec/models.json; no figure may be negative (assumed). */
const REALTOR_BUDGET = modelRoute(
	'POST',
	'/BusinessIntelligence/Budget/{customerId}/{officeId}/{userId}/{year}/{month}',
	{
		properties: { commission: { minimum: 0 } },
	},
);
const XML_NAMES: Record<BudgetKind, string> = {
	Estate: 'EstateBudget',
	Commission: 'CommissionBudget',
	Crm: 'CrmBudget',
};
const config = { customer: CUSTOMER_IN_PATH };

type YearMonth = { year: number; month: number };
type UserBudgetParams = YearMonth & { customerId: string; userId: string };
type OfficeBudgetParams = YearMonth & { customerId: string };
type WriteParams = YearMonth & { customerId: string; officeId: string; userId: string };

/** 4.3 budgets: the three budget reports, the six budget reads and the budget write. */
export const budgetRoutes: RouteModule = {
	area: '4.3 Budgets',
	register(app, store) {
		const report =
			(build: (customerId: string, query: BudgetReportQuery) => unknown[], xmlName: string) =>
			async (
				request: FastifyRequest<{ Params: { customerId: string }; Querystring: BudgetReportQuery }>,
				reply: FastifyReply,
			) =>
				send(request, reply, build(request.params.customerId, request.query), XML.arrayOf(xmlName));
		const reportSchema = {
			params: { type: 'object', properties: { customerId: ID }, required: ['customerId'] },
			querystring: REPORT_QUERY,
		};
		app.get(
			'/Report/Budget/:customerId/SoldEstates',
			{ config, schema: reportSchema },
			report((c, q) => budgetOfficeReport(store, c, 'soldEstates', q), 'BudgetOfficeReportRow'),
		);
		app.get(
			'/Report/Budget/:customerId/Commission',
			{ config, schema: reportSchema },
			report((c, q) => budgetOfficeReport(store, c, 'commission', q), 'BudgetOfficeReportRow'),
		);
		app.get(
			'/Report/Budget/:customerId/Crm',
			{ config, schema: reportSchema },
			report((c, q) => budgetCrmOfficeReport(store, c, q), 'BudgetCrmOfficeReportRow'),
		);

		for (const kind of ['Estate', 'Commission', 'Crm'] as const) {
			// Same prefix, told apart by the number of segments: four parameters name a user, three the office budget.
			app.get<{ Params: UserBudgetParams }>(
				`/BusinessIntelligence/Budget/${kind}/:customerId/:userId/:year/:month`,
				{ config, schema: { params: budgetParams('customerId', 'userId') } },
				async (request, reply) => {
					const { customerId, userId, year, month } = request.params;
					return send(
						request,
						reply,
						readBudgets(store, customerId, userId, year, month, kind),
						XML.arrayOf(XML_NAMES[kind]),
					);
				},
			);
			app.get<{ Params: OfficeBudgetParams }>(
				`/BusinessIntelligence/Budget/${kind}/:customerId/:year/:month`,
				{ config, schema: { params: budgetParams('customerId') } },
				async (request, reply) => {
					const { customerId, year, month } = request.params;
					return send(
						request,
						reply,
						readBudgets(store, customerId, null, year, month, kind),
						XML.arrayOf(XML_NAMES[kind]),
					);
				},
			);
		}

		app.post<{ Params: WriteParams; Body: RealtorBudget }>(
			'/BusinessIntelligence/Budget/:customerId/:officeId/:userId/:year/:month',
			{
				config: { ...config, model: REALTOR_BUDGET.model },
				schema: {
					params: budgetParams('customerId', 'officeId', 'userId'),
					body: REALTOR_BUDGET.schema,
				},
			},
			async (request, reply) => {
				const { customerId, officeId, userId, year, month } = request.params;
				writeBudget(store, customerId, officeId, userId, year, month, request.body);
				return noContent(reply);
			},
		);
	},
};
