import fs from 'node:fs';
import path from 'node:path';

import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';

/**
 * The contract of the real service, from its two descriptions in docs/spec/:
 * models-2026.json (its help pages of 2026-10-04) and models.json (an archived Swagger
 * description). Where both cover an endpoint, models-2026.json stands; models.json holds the
 * endpoints only it covers. Both are read by ajv as they are, with one addition: a property
 * the model does not name is an error too (the service would ignore it, so the data would be lost).
 */

type Schema = Record<string, unknown>;

export type ModelSource = 'models-2026.json' | 'models.json';
export const SOURCES: ModelSource[] = ['models-2026.json', 'models.json'];

export interface ModelEndpoint {
	method: string;
	path: string;
	body: Schema | null;
	answer: Schema | null;
	/** The description this endpoint's shapes come from. */
	source: ModelSource;
}

const read = (name: ModelSource) =>
	JSON.parse(fs.readFileSync(path.resolve(__dirname, '../../docs/spec', name), 'utf8'));

const newer = read('models-2026.json') as {
	endpoints: Record<
		string,
		{ method: string; path: string; request: Schema | null; response: Schema | null }
	>;
	definitions: Record<string, Schema>;
};
const archived = read('models.json') as {
	endpoints: Array<Omit<ModelEndpoint, 'source'>>;
	definitions: Record<string, Schema>;
};

export const DEFINITIONS: Record<ModelSource, Record<string, Schema>> = {
	'models-2026.json': newer.definitions,
	'models.json': archived.definitions,
};

const key = (e: { method: string; path: string }) => `${e.method} ${e.path}`;

/**
 * The archived endpoint POST …/interestRestrictive, which models-2026.json leaves out, takes the
 * very model (AdvertisingInterestApplication) of …/interest, which models-2026.json describes
 * anew: the newer description of that model stands for both.
 */
const SAME_MODEL_AS: Record<string, string> = {
	'POST /Advertising/Estate/{customerId}/{estateId}/interestRestrictive':
		'POST /Advertising/Estate/{customerId}/{estateId}/interest',
};

const fromNewer: ModelEndpoint[] = Object.values(newer.endpoints).map((e) => ({
	method: e.method,
	path: e.path,
	body: e.request,
	answer: e.response,
	source: 'models-2026.json',
}));
const covered = new Set(fromNewer.map(key));
const fromArchived: ModelEndpoint[] = archived.endpoints
	.filter((e) => !covered.has(key(e)))
	.map((e) => {
		const same = fromNewer.find((n) => key(n) === SAME_MODEL_AS[key(e)]);
		return same ? { ...same, path: e.path } : { ...e, source: 'models.json' as const };
	});

/** Every endpoint either description covers, each from the one that stands for it. */
export const MODEL_ENDPOINTS: ModelEndpoint[] = [...fromNewer, ...fromArchived];

function closed(definitions: Record<string, Schema>): Record<string, Schema> {
	return Object.fromEntries(
		Object.entries(definitions).map(([name, definition]) => [
			name,
			definition.properties ? { ...definition, additionalProperties: false } : definition,
		]),
	);
}

// strictRequired off: models-2026.json's anyOf-required ("one of these must be given") names properties of the enclosing schema.
const ajv = new Ajv({ allErrors: true, strict: true, strictRequired: false });
addFormats(ajv);
/**
 * `format: date-time` as the service documents its own times (docs/spec/service-clock.md):
 * RFC 3339 with an offset, as ajv-formats checks it (the help pages' form), or the live
 * service's Swedish wall time without one, 0 to 7 fractional digits (2026-07-10T21:23:49.57),
 * a real date and time. Nothing looser: no date alone, no space, no other text.
 */
const withOffset = ajv.formats['date-time'] as { validate: (text: string) => boolean };
const SWEDISH_WALL_TIME = /^(\d{4})-(\d{2})-(\d{2})T([01]\d|2[0-3]):[0-5]\d:[0-5]\d(\.\d{1,7})?$/;
const realDate = (year: number, month: number, day: number) =>
	new Date(Date.UTC(year, month - 1, day)).getUTCDate() === day && month >= 1 && month <= 12;
ajv.addFormat('date-time', {
	type: 'string',
	validate: (text: string) => {
		const wall = SWEDISH_WALL_TIME.exec(text);
		return wall
			? realDate(Number(wall[1]), Number(wall[2]), Number(wall[3]))
			: withOffset.validate(text);
	},
});
for (const source of SOURCES)
	ajv.addSchema({ $id: source, definitions: closed(DEFINITIONS[source]) });

const compiled = new Map<string, ValidateFunction>();

export function endpointOf(method: string, template: string): ModelEndpoint | undefined {
	return MODEL_ENDPOINTS.find((e) => e.method === method && e.path === template);
}

/** A validator of one endpoint's body or answer; references point into the endpoint's own description. */
export function validatorOf(
	method: string,
	template: string,
	part: 'body' | 'answer',
): ValidateFunction {
	const id = `${part} ${method} ${template}`;
	let validate = compiled.get(id);
	if (!validate) {
		const endpoint = endpointOf(method, template);
		const schema = endpoint?.[part];
		if (!endpoint || !schema)
			throw new Error(`Neither description gives a ${part} for ${method} ${template}`);
		validate = ajv.compile(
			JSON.parse(
				JSON.stringify(schema).replace(/"#\/definitions\//g, `"${endpoint.source}#/definitions/`),
			),
		);
		compiled.set(id, validate);
	}
	return validate;
}

/** The definitions a schema reaches in its description (the shapes a check covers), as "source: name". */
export function shapesOf(
	schema: unknown,
	source: ModelSource,
	seen = new Set<string>(),
): Set<string> {
	const text = JSON.stringify(schema);
	for (const [, name] of text.matchAll(/"\$ref":"#\/definitions\/([^"]+)"/g)) {
		const id = `${source}: ${name}`;
		if (seen.has(id)) continue;
		seen.add(id);
		shapesOf(DEFINITIONS[source][name], source, seen);
	}
	return seen;
}

/** Endpoints and shapes per description, e.g. "models-2026.json: 9 endpoints, 30 shapes". */
export function countsBySource(checked: Map<string, Set<string>>): string {
	return SOURCES.map((source) => {
		const endpoints = [...checked.keys()].filter(
			(k) => endpointOf(k.split(' ')[0], k.split(' ')[1])?.source === source,
		);
		const shapes = new Set(
			[...checked.values()]
				.flatMap((set) => [...set])
				.filter((shape) => shape.startsWith(`${source}: `)),
		);
		return `${source}: ${endpoints.length} endpoints, ${shapes.size} shapes`;
	}).join('; ');
}

/** Ajv's errors as "path: rule" lines. */
export function describeErrors(errors: ErrorObject[] | null | undefined): string[] {
	return (errors ?? []).map(
		(e) =>
			`${e.instancePath || '/'} ${e.message}${e.keyword === 'additionalProperties' ? ` (${String(e.params.additionalProperty)})` : ''}`,
	);
}

/** The model endpoint whose template matches a concrete path (placeholders match one segment). */
export function templateOf(method: string, concrete: string): ModelEndpoint | undefined {
	const decoded = concrete.split('?')[0];
	const candidates = MODEL_ENDPOINTS.filter((e) => e.method === method).filter((e) => {
		const pattern = new RegExp(`^${e.path.replace(/\{[^}]+\}/g, '[^/]+')}$`, 'i');
		return pattern.test(decoded);
	});
	// A literal segment beats a placeholder (…/Person/{id} over …/{contactIds}).
	return candidates
		.sort((a, b) => (b.path.match(/\{/g)?.length ?? 0) - (a.path.match(/\{/g)?.length ?? 0))
		.pop();
}
