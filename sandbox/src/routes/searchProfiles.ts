import { SEARCH_PROFILE_VALUES } from '../domain/searchProfileValues';
import { updateFarmProfile, type FarmUpdateBody } from '../domain/searchProfiles';
import { XML, noContent, send } from '../http/negotiation';
import { modelRoute } from '../http/models';
import { CUSTOMER_IN_PATH, pathParams, type RouteModule } from './common';

/** SearchProfileV2_SearchProfileFarmUpdate of docs/spec/models-2026.json; the step lists are checked by the domain. */
const FARM_UPDATE = modelRoute('PUT', '/CRM/Contact/{customerId}/SearchProfile/Farm/{id}');

/** 4.8 farm search-profile update and its two lookups. */
export const searchProfileRoutes: RouteModule = {
	area: '4.8 CRM search profile',
	register(app, store) {
		app.put<{ Params: { customerId: string; id: string }; Body: FarmUpdateBody }>(
			'/CRM/Contact/:customerId/SearchProfile/Farm/:id',
			{
				config: { customer: CUSTOMER_IN_PATH, apiKey: true, model: FARM_UPDATE.model },
				schema: { params: pathParams('customerId', 'id'), body: FARM_UPDATE.schema },
			},
			async (request, reply) => {
				updateFarmProfile(store, request.params.customerId, request.params.id, request.body);
				return noContent(reply);
			},
		);
		app.get<{ Params: { customerId: string } }>(
			'/CRM/Contact/:customerId/SearchProfile/SearchProfileValues',
			{
				config: { customer: CUSTOMER_IN_PATH, apiKey: true },
				schema: { params: pathParams('customerId') },
			},
			async (request, reply) =>
				send(request, reply, SEARCH_PROFILE_VALUES, XML.record('SearchProfileValues')),
		);
		app.get<{ Params: { customerId: string } }>(
			'/IncreasedRequirement/:customerId',
			{ config: { customer: CUSTOMER_IN_PATH }, schema: { params: pathParams('customerId') } },
			// IncreasedRequirementCollection (models.md): the customer's requirements, each { id, text }.
			async (request, reply) =>
				send(
					request,
					reply,
					[
						{
							customerId: request.params.customerId,
							increasedRequirements: store.increasedRequirements.map(({ id, name }) => ({
								id,
								text: name,
							})),
						},
					],
					XML.arrayOf('IncreasedRequirementCollection'),
				),
		);
	},
};
