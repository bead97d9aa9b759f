import type { FastifyReply, FastifyRequest } from 'fastify';
import {
	areaRecord,
	estateRecord,
	officeIdOf,
	officeRecord,
	projectRecord,
	userRecord,
} from '../domain/listingRecords';
import {
	areaPage,
	estateForRead,
	estatePage,
	officePage,
	parseExtend,
	projectPage,
	userPage,
	type ListQuery,
} from '../domain/listings';
import { pictureBytes } from '../domain/pictures';
import { forbidden, notFound } from '../errors';
import { XML, send } from '../http/negotiation';
import type { SandboxStore } from '../store/store';
import { CUSTOMER_IN_PATH, pathParams, type RouteModule } from './common';

const config = { customer: CUSTOMER_IN_PATH };
type ListRequest = { Params: { customerId: string }; Querystring: ListQuery };

/** Is a record of office `owner` readable through `customerId` (403 otherwise)? */
function assertInScope(store: SandboxStore, owner: string, customerId: string, what: string) {
	if (!store.inScope(owner, customerId)) throw forbidden(`${what} belongs to another customer.`);
}

/**
 * The image's bytes as the service describes them: octet-stream (the image's own type when
 * Accept names it or image/*), base64 text for `text/x-base64`, a JSON or XML string of the
 * base64 for a JSON or XML Accept that names no binary type.
 */
function sendPicture(
	request: FastifyRequest,
	reply: FastifyReply,
	bytes: Buffer,
	extension: 'jpg' | 'png',
): FastifyReply {
	const accept = (request.headers.accept ?? '').toLowerCase();
	const types = accept.split(',').map((part) => part.split(';')[0].trim());
	const own = extension === 'png' ? 'image/png' : 'image/jpeg';
	const binary = types.some(
		(type) => type === own || type === 'image/*' || type === 'application/octet-stream',
	);
	if (!binary && types.includes('text/x-base64'))
		return reply.code(200).type('text/x-base64').send(bytes.toString('base64'));
	const textual = types.some((type) =>
		['application/json', 'text/json', 'application/xml', 'text/xml'].includes(type),
	);
	if (!binary && textual && !types.includes('*/*'))
		return send(request, reply, bytes.toString('base64'), XML.record('base64Binary'));
	const type = types.includes(own) || types.includes('image/*') ? own : 'application/octet-stream';
	return reply.code(200).type(type).send(bytes);
}

/**
 * 4.1 Advertising, the read side (docs/spec/advertising.md): estates, users, offices, areas,
 * projects as pages and by id, images as bytes, and the CRM office groups.
 */
export const listingRoutes: RouteModule = {
	area: '4.1 Advertising reads',
	register(app, store) {
		const pages = [
			['Estate', estatePage],
			['Office', officePage],
			['Area', areaPage],
			['Project', projectPage],
			['User', userPage],
		] as const;
		for (const [kind, pageOf] of pages)
			app.get<ListRequest>(
				`/Advertising/${kind}/:customerId`,
				{ config, schema: { params: pathParams('customerId') } },
				async (request, reply) =>
					send(
						request,
						reply,
						pageOf(store, request.params.customerId, request.query),
						XML.record(`${kind}ListPage`),
					),
			);
		app.get<{
			Params: { customerId: string; estateId: string };
			Querystring: { extend?: string | string[] };
		}>(
			'/Advertising/Estate/:customerId/:estateId',
			{ config, schema: { params: pathParams('customerId', 'estateId') } },
			async (request, reply) => {
				const extend = parseExtend(request.query.extend);
				const estate = estateForRead(store, request.params.customerId, request.params.estateId);
				return send(request, reply, estateRecord(store, estate, extend), XML.record('Estate'));
			},
		);

		app.get<{ Params: { customerId: string; userId: string } }>(
			'/Advertising/User/:customerId/:userId',
			{ config, schema: { params: pathParams('customerId', 'userId') } },
			async (request, reply) => {
				const { customerId, userId } = request.params;
				const agent = store.agents.get(userId);
				// Only active, public users are advertised: an archived or hidden one reads as unknown.
				if (!agent || agent.archived || !agent.public) throw notFound('User', userId);
				if (!agent.customerId.some((office) => store.inScope(office, customerId)))
					throw forbidden(`User ${userId} belongs to another customer.`);
				return send(request, reply, userRecord(store, agent), XML.record('User'));
			},
		);

		app.get<{ Params: { customerId: string; officeId: string } }>(
			'/Advertising/Office/:customerId/:officeId',
			{ config, schema: { params: pathParams('customerId', 'officeId') } },
			async (request, reply) => {
				const { customerId, officeId } = request.params;
				// The office id (FIR…) names an office; its customer id (M…) in that place does not.
				const office = [...store.offices.values()].find(
					(each) => officeIdOf(each.customerId) === officeId,
				);
				if (!office) throw notFound('Office', officeId);
				assertInScope(store, office.customerId, customerId, `Office ${officeId}`);
				return send(request, reply, officeRecord(store, office), XML.record('Office'));
			},
		);

		app.get<{ Params: { customerId: string; areaId: string } }>(
			'/Advertising/Area/:customerId/:areaId',
			{ config, schema: { params: pathParams('customerId', 'areaId') } },
			async (request, reply) => {
				const { customerId, areaId } = request.params;
				const area = store.areas.get(areaId);
				if (!area || area.archived || !area.showOnInternet) throw notFound('Area', areaId);
				assertInScope(store, area.customerId, customerId, `Area ${areaId}`);
				return send(request, reply, areaRecord(area), XML.record('Area'));
			},
		);

		app.get<{
			Params: { customerId: string; projectId: string };
			Querystring: { extend?: string | string[] };
		}>(
			'/Advertising/Project/:customerId/:projectId',
			{ config, schema: { params: pathParams('customerId', 'projectId') } },
			async (request, reply) => {
				const { customerId, projectId } = request.params;
				const extend = parseExtend(request.query.extend);
				const project = store.advertising.projects.get(projectId);
				if (!project) throw notFound('Project', projectId);
				assertInScope(store, project.customerId, customerId, `Project ${projectId}`);
				return send(request, reply, projectRecord(store, project, extend), XML.record('Project'));
			},
		);

		app.get<{ Params: { customerId: string; imageId: string } }>(
			'/Advertising/Image/:customerId/:imageId',
			{ config, schema: { params: pathParams('customerId', 'imageId') } },
			async (request, reply) => {
				const { customerId, imageId } = request.params;
				const image = store.advertising.images.get(imageId);
				if (!image) throw notFound('Image', imageId);
				assertInScope(store, image.customerId, customerId, `Image ${imageId}`);
				return sendPicture(
					request,
					reply,
					pictureBytes(image.id, image.extension),
					image.extension,
				);
			},
		);

		app.get<{ Params: { customerId: string } }>(
			'/CRM/Officegroups/:customerId',
			{ config, schema: { params: pathParams('customerId') } },
			async (request, reply) => {
				const { customerId } = request.params;
				const groups = store.advertising.officeGroups
					.map((group) => ({
						id: group.id,
						name: group.name,
						offices: group.customerIds
							.filter((office) => store.inScope(office, customerId))
							.map((office) => ({ id: officeIdOf(office) })),
					}))
					.filter((group) => group.offices.length);
				if (!groups.length) throw notFound('Office groups of', customerId);
				return send(request, reply, groups, XML.arrayOf('OfficeGroup'));
			},
		);
	},
};
