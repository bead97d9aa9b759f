import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { DATE_TIME_FORMAT } from './validation';

/**
 * The record shapes of the real service (docs/spec/models.json, from an archived Swagger
 * description of the production service): route body schemas for the endpoints it covers,
 * and the body properties a model lacks (the service ignores them; the request log lists them).
 * Read from the spec file, never from the nodes' code.
 */

type Schema = Record<string, unknown>;

interface ModelEndpoint {
	method: string;
	path: string;
	body: Schema | null;
	answer: Schema | null;
}

interface ModelsFile {
	endpoints: ModelEndpoint[];
	definitions: Record<string, Schema>;
}

export const MODELS_FILE = join(__dirname, '../../../docs/spec/models.json');
const MODELS = JSON.parse(readFileSync(MODELS_FILE, 'utf8')) as ModelsFile;

const INT32 = { minimum: -2147483648, maximum: 2147483647 };

/**
 * A schema with every $ref replaced by its definition, and formats in the sandbox's terms:
 * date-time accepts a date or a date-time without zone (as the service's parser does), and the
 * number formats become bounds.
 */
function resolve(schema: unknown): unknown {
	if (Array.isArray(schema)) return schema.map(resolve);
	if (!schema || typeof schema !== 'object') return schema;
	const node = schema as Schema;
	if (typeof node.$ref === 'string') {
		const name = node.$ref.replace('#/definitions/', '');
		const definition = MODELS.definitions[name];
		if (!definition) throw new Error(`models.json: no definition ${name}`);
		return resolve(definition);
	}
	const out: Schema = {};
	for (const [key, value] of Object.entries(node)) {
		if (key === 'format') continue;
		out[key] = key === 'properties' ? Object.fromEntries(Object.entries(value as Schema).map(([name, inner]) => [name, resolve(inner)])) : resolve(value);
	}
	if (node.format === 'date-time') out.format = DATE_TIME_FORMAT;
	if (node.format === 'int32') Object.assign(out, INT32);
	return out;
}

function endpointOf(method: string, path: string): ModelEndpoint {
	const endpoint = MODELS.endpoints.find((e) => e.method === method && e.path === path);
	if (!endpoint) throw new Error(`models.json has no ${method} ${path}`);
	return endpoint;
}

/** The model of a body as models.json gives it, references resolved. */
export function modelOfBody(method: string, path: string): Schema {
	const { body } = endpointOf(method, path);
	if (!body) throw new Error(`models.json gives ${method} ${path} no body`);
	return resolve(body) as Schema;
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
	for (const [name, extra] of Object.entries(rules.properties ?? {})) properties[name] = { ...(properties[name] ?? {}), ...extra };
	const required = [...new Set([...((model.required as string[]) ?? []), ...(rules.required ?? [])])];
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
		return items ? value.flatMap((item, index) => propertiesOutsideModel(items, item, `${at}[${index}]`)) : [];
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
	if (Array.isArray(value)) return model.items ? value.map((item) => keepModelled(model.items as Schema, item)) : value;
	const properties = model.properties as Record<string, Schema> | undefined;
	if (!value || typeof value !== 'object' || !properties) return value;
	const out: Schema = {};
	for (const [name, inner] of Object.entries(value as Schema)) if (properties[name]) out[name] = keepModelled(properties[name], inner);
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
export function modelRoute(method: string, path: string, rules: BodyRules = {}): { schema: Schema; model: Schema } {
	const schema = modelBodySchema(method, path, rules);
	return { schema, model: schema };
}

/**
 * Route options of a body the interface names by a record of models.json whose endpoint the
 * description leaves out (the present-accommodation write: "CrmPresentAccomodation (request
 * form)"): the record as it is read back is taken as the body's model.
 */
export function definitionRoute(definition: string, rules: BodyRules = {}): { schema: Schema; model: Schema } {
	const schema = withRules(resolve({ $ref: `#/definitions/${definition}` }) as Schema, rules);
	return { schema, model: schema };
}
