import type { FastifyInstance } from 'fastify';
import { runningCommissions } from '../domain/reportsCommission';
import {
	pagedTipsAndLeadsReport,
	tipsAndLeadsReport,
	type LeadsQuery,
} from '../domain/reportsLeads';
import {
	liveDataCommissionReport,
	liveDataReport,
	type LiveDataQuery,
} from '../domain/reportsLiveData';
import { XML, send } from '../http/negotiation';
import { S, TWO_MONTHS, assertDateRange } from '../http/validation';
import type { SandboxStore } from '../store/store';
import { customerInQuery, queryOf } from './common';

const RANGE = { customerId: S.nonEmpty, dateFrom: S.dateTime, dateTo: S.dateTime };
const RANGE_REQUIRED = ['customerId', 'dateFrom', 'dateTo'];
const RANGE_QUERY = queryOf(RANGE, RANGE_REQUIRED);
const LEADS = { ...RANGE, activeStatusTipLead: S.enumOf('activeStatusTipLead') };
const PAGED_QUERY = queryOf(
	{ ...LEADS, pageIndex: { ...S.int32, minimum: 0 }, pageSize: { ...S.int32, minimum: 1 } },
	[...RANGE_REQUIRED, 'pageIndex', 'pageSize'],
);
const config = { customer: customerInQuery() };

/** The two-month reports (tips and leads, running commissions, live data) and the paged tips and leads. */
export function registerLeadAndLiveDataRoutes(app: FastifyInstance, store: SandboxStore): void {
	app.get<{ Querystring: LeadsQuery }>(
		'/BusinessIntelligence/TipsAndLeads/Report',
		{ config, schema: { querystring: queryOf(LEADS, RANGE_REQUIRED) } },
		async (request, reply) => {
			assertDateRange(request.query.dateFrom, request.query.dateTo, TWO_MONTHS);
			return send(
				request,
				reply,
				tipsAndLeadsReport(store, request.query),
				XML.record('TipsAndLeadsReport'),
			);
		},
	);
	// The specification states no range limit for the paged form; only the order of the bounds is checked.
	app.get<{ Querystring: LeadsQuery & { pageIndex: number; pageSize: number } }>(
		'/BusinessIntelligence/TipsAndLeads/Report/Paged',
		{ config, schema: { querystring: PAGED_QUERY } },
		async (request, reply) => {
			assertDateRange(request.query.dateFrom, request.query.dateTo, null);
			return send(
				request,
				reply,
				pagedTipsAndLeadsReport(store, request.query),
				XML.record('PagedTipsAndLeadsReport'),
			);
		},
	);
	app.get<{ Querystring: LiveDataQuery }>(
		'/BusinessIntelligence/RunningCommissions',
		{ config, schema: { querystring: RANGE_QUERY } },
		async (request, reply) => {
			assertDateRange(request.query.dateFrom, request.query.dateTo, TWO_MONTHS);
			return send(
				request,
				reply,
				runningCommissions(store, request.query.customerId, request.query),
				XML.arrayOf('RunningCommission'),
			);
		},
	);
	app.get<{ Querystring: LiveDataQuery }>(
		'/BusinessIntelligence/LiveData/Report',
		{ config, schema: { querystring: RANGE_QUERY } },
		async (request, reply) => {
			assertDateRange(request.query.dateFrom, request.query.dateTo, TWO_MONTHS);
			return send(
				request,
				reply,
				liveDataReport(store, request.query),
				XML.record('LiveDataReport'),
			);
		},
	);
	app.get<{ Querystring: LiveDataQuery }>(
		'/BusinessIntelligence/LiveData/CommissionReport',
		{ config, schema: { querystring: RANGE_QUERY } },
		async (request, reply) => {
			assertDateRange(request.query.dateFrom, request.query.dateTo, TWO_MONTHS);
			return send(
				request,
				reply,
				liveDataCommissionReport(store, request.query),
				XML.record('LiveDataCommissionReport'),
			);
		},
	);
}
