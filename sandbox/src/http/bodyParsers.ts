import type { FastifyInstance } from 'fastify';
import { parse as parseQueryString } from 'node:querystring';
import { invalidField } from '../errors';
import { camelCaseKeys, expandFormKeys } from './keys';
import { fromXml, type BodySchema } from './xmlRead';

/**
 * Request bodies in the five content types of interface.md section 4. Every parser returns
 * camelCase keys; an empty body parses to undefined so that schema validation reports it.
 */
export function registerBodyParsers(app: FastifyInstance): void {
	app.removeContentTypeParser(['application/json', 'text/plain']);
	app.addContentTypeParser(
		['application/json', 'text/json'],
		{ parseAs: 'string' },
		(_req, body, done) => {
			const text = String(body);
			if (!text.trim()) return done(null, undefined);
			try {
				done(null, camelCaseKeys(JSON.parse(text)));
			} catch {
				done(invalidField('body', 'is not valid JSON'), undefined);
			}
		},
	);
	app.addContentTypeParser(
		['application/xml', 'text/xml'],
		{ parseAs: 'string' },
		(request, body, done) => {
			const text = String(body);
			if (!text.trim()) return done(null, undefined);
			try {
				// The route's body schema tells lists from records, as the service's types do.
				done(null, fromXml(text, request.routeOptions.schema?.body as BodySchema | undefined));
			} catch (error) {
				done(
					invalidField(
						'body',
						`is not valid XML: ${error instanceof Error ? error.message : String(error)}`,
					),
					undefined,
				);
			}
		},
	);
	app.addContentTypeParser(
		'application/x-www-form-urlencoded',
		{ parseAs: 'string' },
		(_req, body, done) => {
			const text = String(body);
			if (!text.trim()) return done(null, undefined);
			done(
				null,
				camelCaseKeys(expandFormKeys(parseQueryString(text) as Record<string, string | string[]>)),
			);
		},
	);
}
