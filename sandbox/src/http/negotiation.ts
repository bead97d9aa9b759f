import type { FastifyReply, FastifyRequest } from 'fastify';
import { toXml, type XmlNames } from './xmlWrite';

export type { XmlNames } from './xmlWrite';

/** Names for common shapes: a string id, a boolean, a record, an array of records. */
export const XML = {
	string: { root: 'string' },
	boolean: { root: 'boolean' },
	record: (name: string): XmlNames => ({ root: name }),
	arrayOf: (name: string): XmlNames => ({ root: `ArrayOf${name}`, item: name }),
};

/**
 * XML only when Accept names application/xml or text/xml and names neither a JSON type nor
 * a wildcard: JSON wins whenever both or any are acceptable.
 */
export function wantsXml(accept: string | undefined): boolean {
	if (!accept) return false;
	const types = accept.split(',').map((part) => part.split(';')[0].trim().toLowerCase());
	const xml = types.some((t) => t === 'application/xml' || t === 'text/xml');
	const json = types.some(
		(t) =>
			t === 'application/json' ||
			t === 'text/json' ||
			t === '*/*' ||
			t === 'application/*' ||
			t === 'text/*',
	);
	return xml && !json;
}

function jsonType(accept: string | undefined): string {
	const asksTextJson = !!accept && /text\/json/i.test(accept) && !/application\/json/i.test(accept);
	return `${asksTextJson ? 'text/json' : 'application/json'}; charset=utf-8`;
}

/** Sends a value as JSON or XML by the request's Accept header. */
export function send(
	request: FastifyRequest,
	reply: FastifyReply,
	value: unknown,
	names: XmlNames,
	status = 200,
): FastifyReply {
	const accept = request.headers.accept;
	reply.code(status);
	if (wantsXml(accept)) {
		const xmlType = /application\/xml/i.test(accept ?? '') ? 'application/xml' : 'text/xml';
		return reply.type(`${xmlType}; charset=utf-8`).send(toXml(value, names));
	}
	return reply.type(jsonType(accept)).send(JSON.stringify(value));
}

export function noContent(reply: FastifyReply): FastifyReply {
	return reply.code(204).send();
}

/**
 * Sends a long list: as XML through the views, as JSON by joining each item's cached JSON
 * text (same bytes as JSON.stringify of the views, far cheaper for 100,000 items).
 */
export function sendList<T>(
	request: FastifyRequest,
	reply: FastifyReply,
	items: T[],
	view: (item: T) => unknown,
	json: (item: T) => string,
	names: XmlNames,
): FastifyReply {
	const accept = request.headers.accept;
	if (wantsXml(accept)) return send(request, reply, items.map(view), names);
	return reply
		.code(200)
		.type(jsonType(accept))
		.send(`[${items.map(json).join(',')}]`);
}
