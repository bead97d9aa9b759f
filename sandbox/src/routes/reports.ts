import {
	commissionOfficeReport,
	commissionOfficeReportByMonth,
	commissionUserReport,
	type CommissionQuery,
} from '../domain/reportsCommission';
import { trademarksOf, usersOf } from '../domain/reportsOrganisation';
import {
	estateForReport,
	salesReport,
	salesReportForEstate,
	soldEstateReferences,
	type SalesQuery,
} from '../domain/reportsSales';
import { XML, send, type XmlNames } from '../http/negotiation';
import { ONE_YEAR, S, assertDateRange } from '../http/validation';
import type { SandboxStore } from '../store/store';
import { CUSTOMER_IN_PATH, customerInQuery, pathParams, queryOf, type RouteModule } from './common';
import { registerLeadAndLiveDataRoutes } from './reportsLeads';

type CommissionReport = (
	store: SandboxStore,
	customerId: string,
	query: CommissionQuery,
) => unknown;

const COMMISSION_QUERY = queryOf(
	{ dateFrom: S.dateTime, dateTo: S.dateTime, assignment: S.enumOf('assignment') },
	['dateFrom', 'dateTo'],
);
const SALES_QUERY = queryOf(
	{
		customerId: S.nonEmpty,
		selectionType: S.enumOf('selectionType'),
		dateFrom: S.dateTime,
		dateTo: S.dateTime,
	},
	['customerId', 'selectionType'],
);
const CUSTOMER_QUERY = queryOf({ customerId: S.nonEmpty }, ['customerId']);
const inQuery = { customer: customerInQuery() };

/** 4.3 Reports (budgets excepted): commission, sales, live-data and tips-and-leads reports, users and trademarks. */
export const reportRoutes: RouteModule = {
	area: '4.3 Reports',
	register(app, store) {
		const commission = (path: string, report: CommissionReport, names: XmlNames) =>
			app.get<{ Params: { customerId: string }; Querystring: CommissionQuery }>(
				path,
				{
					config: { customer: CUSTOMER_IN_PATH },
					schema: { params: pathParams('customerId'), querystring: COMMISSION_QUERY },
				},
				async (request, reply) => {
					assertDateRange(request.query.dateFrom, request.query.dateTo, ONE_YEAR);
					return send(
						request,
						reply,
						report(store, request.params.customerId, request.query),
						names,
					);
				},
			);
		commission(
			'/BusinessIntelligence/CommissionOfficeReport/:customerId',
			commissionOfficeReport,
			XML.arrayOf('CommissionOfficeReport'),
		);
		commission(
			'/BusinessIntelligence/CommissionOfficeReportByMonth/:customerId',
			commissionOfficeReportByMonth,
			XML.record('CommissionOfficeReportByMonth'),
		);
		commission(
			'/BusinessIntelligence/CommissionUserReport/:customerId',
			commissionUserReport,
			XML.arrayOf('CommissionUserReport'),
		);

		// Three names for one report: the sandbox has a single database, so they agree.
		for (const name of ['GetSalesReport', 'GetEstateReportProdDb', 'GetEstatesReport']) {
			app.get<{ Querystring: SalesQuery }>(
				`/BusinessIntelligence/${name}`,
				{ config: inQuery, schema: { querystring: SALES_QUERY } },
				async (request, reply) => {
					assertDateRange(request.query.dateFrom, request.query.dateTo, null);
					const model =
						name === 'GetEstateReportProdDb' ? 'productionDatabase' : 'businessIntelligence';
					return send(
						request,
						reply,
						salesReport(store, request.query, model),
						XML.record('SalesReportResponse'),
					);
				},
			);
		}
		app.get<{ Querystring: { customerId: string; estateId?: string; estateNumber?: string } }>(
			'/BusinessIntelligence/GetSalesReportForEstate',
			{
				config: inQuery,
				schema: {
					querystring: queryOf(
						{ customerId: S.nonEmpty, estateId: S.string, estateNumber: S.string },
						['customerId'],
					),
				},
			},
			async (request, reply) => {
				const estate = estateForReport(store, request.query.customerId, request.query);
				return send(
					request,
					reply,
					salesReportForEstate(store, estate),
					XML.record('SalesReportForEstateResponse'),
				);
			},
		);
		app.get<{ Querystring: { customerId: string; dateFrom?: string; dateTo?: string } }>(
			'/BusinessIntelligence/Estates',
			{
				config: inQuery,
				schema: {
					querystring: queryOf(
						{ customerId: S.nonEmpty, dateFrom: S.dateTime, dateTo: S.dateTime },
						['customerId'],
					),
				},
			},
			async (request, reply) => {
				assertDateRange(request.query.dateFrom, request.query.dateTo, null);
				return send(
					request,
					reply,
					soldEstateReferences(store, request.query.customerId, request.query),
					XML.arrayOf('EstateReferences'),
				);
			},
		);

		app.get<{ Querystring: { customerId: string } }>(
			'/BusinessIntelligence/External/Trademarks',
			{ config: inQuery, schema: { querystring: CUSTOMER_QUERY } },
			async (request, reply) =>
				send(
					request,
					reply,
					trademarksOf(store, request.query.customerId),
					XML.arrayOf('Trademark'),
				),
		);
		app.get<{ Querystring: { customerId: string } }>(
			'/BusinessIntelligence/External/Users',
			{ config: inQuery, schema: { querystring: CUSTOMER_QUERY } },
			async (request, reply) =>
				send(request, reply, usersOf(store, request.query.customerId), XML.arrayOf('User')),
		);

		registerLeadAndLiveDataRoutes(app, store);
	},
};
