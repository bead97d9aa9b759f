import { CMS_SCHEMAS, type CmsKind } from '../domain/cmsSchema';
import { addDeclaration, type DeclarationFile } from '../domain/declarations';
import { createCmsEstate, updateCmsEstate, type CmsRecord } from '../domain/estates';
import { XML, noContent, send } from '../http/negotiation';
import { S } from '../http/validation';
import { CUSTOMER_IN_PATH, pathParams, type RouteModule } from './common';

const config = { customer: CUSTOMER_IN_PATH };
const FILE_SCHEMA = S.object({ data: S.nonEmpty, name: S.nonEmpty, advertise: S.boolean }, [
	'data',
	'name',
]);

/** The cottage's body is a model of docs/spec/models.json (the request log lists what it lacks); a condominium's is assumed. */
const modelFor = (kind: CmsKind, schema: Record<string, unknown>) =>
	kind === 'Cottage' ? schema : undefined;

/** 4.4 estates: create and update condominiums and cottages, attach declarations. */
export const estateRoutes: RouteModule = {
	area: '4.4 Estates and declarations',
	register(app, store) {
		for (const kind of ['Condominium', 'Cottage'] as CmsKind[]) {
			app.post<{ Params: { customerId: string }; Body: CmsRecord }>(
				`/${kind}/:customerId`,
				{
					config: { ...config, model: modelFor(kind, CMS_SCHEMAS[kind].create) },
					schema: { params: pathParams('customerId'), body: CMS_SCHEMAS[kind].create },
				},
				async (request, reply) =>
					send(
						request,
						reply,
						createCmsEstate(store, request.params.customerId, kind, request.body).id,
						XML.string,
					),
			);
			app.put<{ Params: { customerId: string; id: string }; Body: CmsRecord }>(
				`/${kind}/:customerId/:id`,
				{
					config: { ...config, model: modelFor(kind, CMS_SCHEMAS[kind].update) },
					schema: { params: pathParams('customerId', 'id'), body: CMS_SCHEMAS[kind].update },
				},
				async (request, reply) => {
					updateCmsEstate(store, request.params.customerId, kind, request.params.id, request.body);
					return noContent(reply);
				},
			);
		}
		app.post<{ Params: { customerId: string; estateId: string }; Body: DeclarationFile }>(
			'/DeclarationProvider/:customerId/:estateId',
			{ config, schema: { params: pathParams('customerId', 'estateId'), body: FILE_SCHEMA } },
			async (request, reply) => {
				const { customerId, estateId } = request.params;
				return send(
					request,
					reply,
					addDeclaration(store, customerId, estateId, request.body).id,
					XML.string,
				);
			},
		);
	},
};
