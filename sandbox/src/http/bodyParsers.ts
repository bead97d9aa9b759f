import type { FastifyInstance } from 'fastify';
import { parse as parseQueryString } from 'node:querystring';
import { invalidField } from '../errors';
import { camelCaseKeys, expandFormKeys } from './keys';
import { fromXml } from './xml';

/**
 * Request bodies in the five content types of interface.md section 4. Every parser returns
 * camelCase keys; an empty body parses to undefined so that schema validation reports it.
 */
export function registerBodyParsers(app: FastifyInstance): void {
	app.removeContentTypeParser(['application/json', 'text/plain']);
	app.addContentTypeParser(['application/json', 'text/json'], { parseAs: 'string' }, (_req, body, done) => {
		const text = String(body);
		if (!text.trim()) return done(null, undefined);
		try {
			done(null, camelCaseKeys(JSON.parse(text)));
		} catch {
			done(invalidField('body', 'is not valid JSON'), undefined);
		}
	});
	app.addContentTypeParser(['application/xml', 'text/xml'], { parseAs: 'string' }, (_req, body, done) => {
		const text = String(body);
		if (!text.trim()) return done(null, undefined);
		try {
			done(null, camelCaseKeys(fromXml(text)));
		} catch (error) {
			done(error instanceof Error && 'statusCode' in error ? error : invalidField('body', 'is not valid XML'), undefined);
		}
	});
	app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
		const text = String(body);
		if (!text.trim()) return done(null, undefined);
		done(null, camelCaseKeys(expandFormKeys(parseQueryString(text) as Record<string, string | string[]>)));
	});
}
