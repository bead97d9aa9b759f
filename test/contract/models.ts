import fs from 'node:fs';
import path from 'node:path';

import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';

/**
 * The contract of the real service: docs/spec/models.json read by ajv as it is, with one
 * addition: a property the model does not name is an error too (the service would ignore it,
 * so the data would be lost), except the fields only records.md names (newer help pages).
 */

type Schema = Record<string, unknown>;

export interface ModelEndpoint {
	method: string;
	path: string;
	body: Schema | null;
	answer: Schema | null;
}

const file = path.resolve(__dirname, '../../docs/spec/models.json');
const models = JSON.parse(fs.readFileSync(file, 'utf8')) as { endpoints: ModelEndpoint[]; definitions: Record<string, Schema> };

/**
 * Bodies interface.md names by a record models.json defines while the description leaves the
 * endpoint out: the present-accommodation write reads "CrmPresentAccomodation (request form)",
 * taken to be the record as it is read back.
 */
const RECORD_BODIES: ModelEndpoint[] = [
	{ method: 'POST', path: '/CRM/Contact/{customerId}/PresentAccomodation/{contactId}', body: { $ref: '#/definitions/Crm.Contact.CrmPresentAccomodation' }, answer: null },
];

export const MODEL_ENDPOINTS = [...models.endpoints, ...RECORD_BODIES];

/** Fields records.md names beyond models.md (it says they stay), per definition. */
const RECORDS_MD_FIELDS: Record<string, Schema> = {
	'Advertising.Models.AdvertisingInterestApplication': {
		marketing: { type: 'boolean' },
		isForeignSocialSecurityNumber: { type: 'boolean' },
		status: { type: 'string', enum: ['Interested', 'VeryInterested', 'Assigned', 'NotInterested'] },
	},
	'Bid.Models.Bid': { identifiedBidder: {} },
};

function closed(definitions: Record<string, Schema>): Record<string, Schema> {
	return Object.fromEntries(
		Object.entries(definitions).map(([name, definition]) => {
			if (!definition.properties) return [name, definition];
			const properties = { ...(definition.properties as Schema), ...(RECORDS_MD_FIELDS[name] ?? {}) };
			return [name, { ...definition, properties, additionalProperties: false }];
		}),
	);
}

const ajv = new Ajv({ allErrors: true, strict: true });
addFormats(ajv);
/**
 * `format: date-time` as the service documents its own times (docs/spec/service-clock.md):
 * RFC 3339 with an offset, as ajv-formats checks it (the help pages' form), or the live
 * service's Swedish wall time without one, 0 to 7 fractional digits (2026-07-10T21:23:49.57),
 * a real date and time. Nothing looser: no date alone, no space, no other text.
 */
const withOffset = ajv.formats['date-time'] as { validate: (text: string) => boolean };
const SWEDISH_WALL_TIME = /^(\d{4})-(\d{2})-(\d{2})T([01]\d|2[0-3]):[0-5]\d:[0-5]\d(\.\d{1,7})?$/;
const realDate = (year: number, month: number, day: number) => new Date(Date.UTC(year, month - 1, day)).getUTCDate() === day && month >= 1 && month <= 12;
ajv.addFormat('date-time', {
	type: 'string',
	validate: (text: string) => {
		const wall = SWEDISH_WALL_TIME.exec(text);
		return wall ? realDate(Number(wall[1]), Number(wall[2]), Number(wall[3])) : withOffset.validate(text);
	},
});
ajv.addSchema({ $id: 'models.json', definitions: closed(models.definitions) });

const compiled = new Map<string, ValidateFunction>();

/** A validator of one endpoint's body or answer; references point into models.json. */
export function validatorOf(method: string, template: string, part: 'body' | 'answer'): ValidateFunction {
	const key = `${part} ${method} ${template}`;
	let validate = compiled.get(key);
	if (!validate) {
		const endpoint = MODEL_ENDPOINTS.find((e) => e.method === method && e.path === template);
		const schema = endpoint?.[part];
		if (!schema) throw new Error(`models.json has no ${part} for ${method} ${template}`);
		validate = ajv.compile(JSON.parse(JSON.stringify(schema).replace(/"#\/definitions\//g, '"models.json#/definitions/')));
		compiled.set(key, validate);
	}
	return validate;
}

/** The definitions a schema reaches (the shapes a check covers). */
export function shapesOf(schema: unknown, seen = new Set<string>()): Set<string> {
	const text = JSON.stringify(schema);
	for (const [, name] of text.matchAll(/"\$ref":"#\/definitions\/([^"]+)"/g)) {
		if (seen.has(name)) continue;
		seen.add(name);
		shapesOf(models.definitions[name], seen);
	}
	return seen;
}

/** Ajv's errors as "path: rule" lines. */
export function describeErrors(errors: ErrorObject[] | null | undefined): string[] {
	return (errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message}${e.keyword === 'additionalProperties' ? ` (${String(e.params.additionalProperty)})` : ''}`);
}

/** The model endpoint whose template matches a concrete path (placeholders match one segment). */
export function templateOf(method: string, concrete: string): ModelEndpoint | undefined {
	const decoded = concrete.split('?')[0];
	const candidates = MODEL_ENDPOINTS.filter((e) => e.method === method).filter((e) => {
		const pattern = new RegExp(`^${e.path.replace(/\{[^}]+\}/g, '[^/]+')}$`, 'i');
		return pattern.test(decoded);
	});
	// A literal segment beats a placeholder (…/Person/{id} over …/{contactIds}).
	return candidates.sort((a, b) => (b.path.match(/\{/g)?.length ?? 0) - (a.path.match(/\{/g)?.length ?? 0)).pop();
}
