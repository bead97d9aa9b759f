import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { DATE_TIME_FORMAT } from './validation';

/**
 * The record shapes of the real service, from its two descriptions: docs/spec/models-2026.json
 * (its help pages of 2026-10-04) and docs/spec/models.json (an archived Swagger description);
 * where both cover an endpoint, models-2026.json stands. Route body schemas for the endpoints
 * they cover, and the body properties a model lacks (the service ignores them; the request log
 * lists them). Read from the spec files, never from the nodes' code.
 */

type Schema = Record<string, unknown>;

interface ModelEndpoint {
	method: string;
	path: string;
	body: Schema | null;
	/** The definitions its references point into. */
	definitions: Record<string, Schema>;
}

export const MODELS_FILE = join(__dirname, '../../../docs/spec/models.json');
export const MODELS_2026_FILE = join(__dirname, '../../../docs/spec/models-2026.json');

const ARCHIVED = JSON.parse(readFileSync(MODELS_FILE, 'utf8')) as {
	endpoints: Array<{ method: string; path: string; body: Schema | null }>;
	definitions: Record<string, Schema>;
};
const NEWER = JSON.parse(readFileSync(MODELS_2026_FILE, 'utf8')) as {
	endpoints: Record<string, { method: string; path: string; request: Schema | null }>;
	definitions: Record<string, Schema>;
};

/** …/interestRestrictive takes the model of …/interest (AdvertisingInterestApplication), which only the newer pages describe anew. */
const SAME_MODEL_AS: Record<string, string> = {
	'POST /Advertising/Estate/{customerId}/{estateId}/interestRestrictive':
		'POST /Advertising/Estate/{customerId}/{estateId}/interest',
};

const ENDPOINTS: ModelEndpoint[] = [
	...Object.values(NEWER.endpoints).map((e) => ({
		method: e.method,
		path: e.path,
		body: e.request,
		definitions: NEWER.definitions,
	})),
	...ARCHIVED.endpoints
		.filter((e) => !NEWER.endpoints[`${e.method} ${e.path}`])
		.map((e) => {
			const same = NEWER.endpoints[SAME_MODEL_AS[`${e.method} ${e.path}`]];
			return same
				? { method: e.method, path: e.path, body: same.request, definitions: NEWER.definitions }
				: { method: e.method, path: e.path, body: e.body, definitions: ARCHIVED.definitions };
		}),
];

const INT32 = { minimum: -2147483648, maximum: 2147483647 };

/**
 * A schema with every $ref replaced by its definition, and formats in the sandbox's terms:
 * date-time accepts a date or a date-time without zone (as the service's parser does), and the
 * number formats become bounds.
 */
function resolve(schema: unknown, definitions: Record<string, Schema>): unknown {
	if (Array.isArray(schema)) return schema.map((inner) => resolve(inner, definitions));
	if (!schema || typeof schema !== 'object') return schema;
	const node = schema as Schema;
	if (typeof node.$ref === 'string') {
		const name = node.$ref.replace('#/definitions/', '');
		const definition = definitions[name];
		if (!definition) throw new Error(`models: no definition ${name}`);
		return resolve(definition, definitions);
	}
	const out: Schema = {};
	for (const [key, value] of Object.entries(node)) {
		if (key === 'format') continue;
		out[key] =
			key === 'properties'
				? Object.fromEntries(
						Object.entries(value as Schema).map(([name, inner]) => [
							name,
							resolve(inner, definitions),
						]),
					)
				: resolve(value, definitions);
	}
	if (node.format === 'date-time') out.format = DATE_TIME_FORMAT;
	if (node.format === 'int32') Object.assign(out, INT32);
	return out;
}

function endpointOf(method: string, path: string): ModelEndpoint {
	const endpoint = ENDPOINTS.find((e) => e.method === method && e.path === path);
	if (!endpoint) throw new Error(`Neither models-2026.json nor models.json has ${method} ${path}`);
	return endpoint;
}

/** The model of a body as the description that stands gives it, references resolved. */
export function modelOfBody(method: string, path: string): Schema {
	const { body, definitions } = endpointOf(method, path);
	if (!body) throw new Error(`The models give ${method} ${path} no body`);
	return resolve(body, definitions) as Schema;
}

export interface BodyRules {
	/** Properties that must be present (interface.md's rules beyond the model). */
	required?: string[];
	/** Constraints merged into the model's property (limits of interface.md), or properties only records.md names. */
	properties?: Record<string, Schema>;
}

/**
 * The route schema of a body: the model (wrong type or a value outside a choice is a 400 naming
 * the property), with the rules the interface adds.
 */
export function modelBodySchema(method: string, path: string, rules: BodyRules = {}): Schema {
	return withRules(modelOfBody(method, path), rules);
}

function withRules(model: Schema, rules: BodyRules): Schema {
	const properties = { ...(model.properties as Record<string, Schema>) };
	for (const [name, extra] of Object.entries(rules.properties ?? {}))
		properties[name] = { ...(properties[name] ?? {}), ...extra };
	const required = [
		...new Set([...((model.required as string[]) ?? []), ...(rules.required ?? [])]),
	];
	return { ...model, properties, ...(required.length ? { required } : {}) };
}

/**
 * Dotted paths of the body properties the model does not name (`address.careOf`,
 * `customField[0]`), for the request log: the service would ignore them.
 */
export function propertiesOutsideModel(model: Schema, value: unknown, at = ''): string[] {
	if (Array.isArray(value)) {
		if (model.type && model.type !== 'array') return [at || 'body'];
		const items = model.items as Schema | undefined;
		return items
			? value.flatMap((item, index) => propertiesOutsideModel(items, item, `${at}[${index}]`))
			: [];
	}
	if (!value || typeof value !== 'object') return [];
	const properties = model.properties as Record<string, Schema> | undefined;
	if (!properties) return model.type === 'object' ? [] : [at || 'body'];
	const out: string[] = [];
	for (const [name, inner] of Object.entries(value as Schema)) {
		const path = at ? `${at}.${name}` : name;
		if (!properties[name]) out.push(path);
		else out.push(...propertiesOutsideModel(properties[name], inner, path));
	}
	return out;
}

/** The body cut down to what the model names: the service ignores the rest. */
export function keepModelled(model: Schema, value: unknown): unknown {
	if (Array.isArray(value))
		return model.items ? value.map((item) => keepModelled(model.items as Schema, item)) : value;
	const properties = model.properties as Record<string, Schema> | undefined;
	if (!value || typeof value !== 'object' || !properties) return value;
	const out: Schema = {};
	for (const [name, inner] of Object.entries(value as Schema))
		if (properties[name]) out[name] = keepModelled(properties[name], inner);
	return out;
}

/** Routes whose config names a model see only the modelled part of the body, as the service does. */
export function registerModelBodies(app: FastifyInstance): void {
	app.addHook('preHandler', async (request) => {
		const model = request.routeOptions.config.model;
		if (model && request.body !== undefined) request.body = keepModelled(model, request.body);
	});
}

/** Route options of a body endpoint models.json covers: the schema with the interface's rules, and the model for the log. */
export function modelRoute(
	method: string,
	path: string,
	rules: BodyRules = {},
): { schema: Schema; model: Schema } {
	const schema = modelBodySchema(method, path, rules);
	return { schema, model: schema };
}
