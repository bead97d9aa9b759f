import {
	areaView,
	createFocusArea,
	focusAreaView,
	listAreas,
	listFocusAreas,
	type FocusAreaBody,
} from '../domain/areas';
import { XML, send } from '../http/negotiation';
import { S } from '../http/validation';
import { customerInQuery, queryOf, type RouteModule } from './common';

const FOCUS_AREA_SCHEMA = {
	type: 'object',
	required: ['areaName', 'coordinates'],
	properties: {
		areaName: { type: 'string', minLength: 1, maxLength: 100 },
		// Pairs are checked by the domain rule so that its messages name longitude and latitude.
		coordinates: { type: 'array', items: { type: 'array', items: S.number } },
		municipalityCode: { type: ['string', 'null'] },
	},
};

/** 4.1 areas of a customer and its focus areas (GetFocusAreaResponse and the request assumed, see README). */
export const areaRoutes: RouteModule = {
	area: '4.1 Area',
	register(app, store) {
		app.get<{ Querystring: { 'criteria.customerId': string; 'criteria.areaId'?: string } }>(
			'/Area/GetAreas',
			{
				config: { customer: customerInQuery('criteria.customerId') },
				schema: {
					querystring: queryOf({ 'criteria.customerId': S.nonEmpty, 'criteria.areaId': S.string }, [
						'criteria.customerId',
					]),
				},
			},
			async (request, reply) => {
				const areas = listAreas(
					store,
					request.query['criteria.customerId'],
					request.query['criteria.areaId'] || undefined,
				);
				return send(request, reply, areas.map(areaView), XML.arrayOf('Area'));
			},
		);
		app.get<{ Querystring: { 'request.customerId': string; 'request.areaId'?: string } }>(
			'/Area/FocusArea',
			{
				config: { customer: customerInQuery('request.customerId') },
				schema: {
					querystring: queryOf({ 'request.customerId': S.nonEmpty, 'request.areaId': S.string }, [
						'request.customerId',
					]),
				},
			},
			async (request, reply) => {
				const areas = listFocusAreas(
					store,
					request.query['request.customerId'],
					request.query['request.areaId'] || undefined,
				);
				return send(request, reply, areas.map(focusAreaView), XML.arrayOf('GetFocusAreaResponse'));
			},
		);
		app.post<{ Querystring: { customerId: string }; Body: FocusAreaBody }>(
			'/Area/FocusArea',
			{
				config: { customer: customerInQuery() },
				schema: {
					querystring: queryOf({ customerId: S.nonEmpty }, ['customerId']),
					body: FOCUS_AREA_SCHEMA,
				},
			},
			async (request, reply) =>
				send(
					request,
					reply,
					createFocusArea(store, request.query.customerId, request.body).id,
					XML.string,
				),
		);
	},
};
