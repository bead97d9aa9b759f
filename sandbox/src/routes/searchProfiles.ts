import { SEARCH_PROFILE_VALUES } from '../domain/searchProfileValues';
import { updateFarmProfile, type FarmUpdateBody } from '../domain/searchProfiles';
import { XML, noContent, send } from '../http/negotiation';
import { S } from '../http/validation';
import type { RouteModule } from '.';
import { COORDINATE_SCHEMA, CUSTOMER_IN_PATH, pathParams } from './common';

const RANGE = { type: 'object', properties: { minValue: S.int32, maxValue: S.int32 } };
const FARM_UPDATE_SCHEMA = {
	type: 'object',
	properties: {
		subtypes: S.stringList,
		areaIds: S.stringList,
		municipalityCodes: S.stringList,
		totalArea: RANGE,
		livingSpace: RANGE,
		numberOfRooms: RANGE,
		bedrooms: S.int32,
		isAutomaticProfile: S.boolean,
		price: RANGE,
		drawnAreas: { type: 'array', items: { type: 'object', properties: { coordinates: { type: 'array', items: COORDINATE_SCHEMA } }, required: ['coordinates'] } },
		drawnAreasName: S.string,
		increasedRequirementIds: S.stringList,
	},
};

/** 4.8 farm search-profile update and its two lookups (shapes assumed, see README). */
export const searchProfileRoutes: RouteModule = {
	area: '4.8 CRM search profile',
	register(app, store) {
		app.put<{ Params: { customerId: string; id: string }; Body: FarmUpdateBody }>(
			'/CRM/Contact/:customerId/SearchProfile/Farm/:id',
			{ config: { customer: CUSTOMER_IN_PATH, apiKey: true }, schema: { params: pathParams('customerId', 'id'), body: FARM_UPDATE_SCHEMA } },
			async (request, reply) => {
				updateFarmProfile(store, request.params.customerId, request.params.id, request.body);
				return noContent(reply);
			},
		);
		app.get<{ Params: { customerId: string } }>(
			'/CRM/Contact/:customerId/SearchProfile/SearchProfileValues',
			{ config: { customer: CUSTOMER_IN_PATH, apiKey: true }, schema: { params: pathParams('customerId') } },
			async (request, reply) => send(request, reply, SEARCH_PROFILE_VALUES, XML.record('SearchProfileValues')),
		);
		app.get<{ Params: { customerId: string } }>(
			'/IncreasedRequirement/:customerId',
			{ config: { customer: CUSTOMER_IN_PATH }, schema: { params: pathParams('customerId') } },
			// IncreasedRequirementCollection (models.md): the customer's requirements, each { id, text }.
			async (request, reply) =>
				send(
					request,
					reply,
					[{ customerId: request.params.customerId, increasedRequirements: store.increasedRequirements.map(({ id, name }) => ({ id, text: name })) }],
					XML.arrayOf('IncreasedRequirementCollection'),
				),
		);
	},
};
