import type { FastifyInstance } from 'fastify';
import { CONTROL_PREFIX } from '../http/auth';
import { propertiesOutsideModel } from '../http/models';
import { SANDBOX_API_KEY_HEADER } from '../users';

/** One served request as the control API reports it; secrets are never stored. */
export interface RequestLogEntry {
	method: string;
	/** Raw path as received, still percent-encoded, without the query string. */
	path: string;
	query: Record<string, unknown>;
	/** Lower-case names; authorization and the API-key header removed. */
	headers: Record<string, string | string[] | undefined>;
	contentType: string | null;
	/** The body as the route read it (values of XML and form bodies coerced to the schema's types). */
	body: unknown;
	/** The body as parsed, before validation coerced any value: what the client sent. */
	bodyAsSent?: unknown;
	/**
	 * Body properties the service's model (docs/spec/models-2026.json, else models.json) does not name, as dotted paths,
	 * on the endpoints it covers; the service ignores them, so a client sending them loses data.
	 */
	outsideModel?: string[];
	/** Response status; 0 while running or when the connection was dropped. */
	status: number;
	at: string;
}

declare module 'fastify' {
	interface FastifyRequest {
		/** The entry of this request in the request log, filled in as the request goes on. */
		logEntry?: RequestLogEntry;
	}
}

const SECRET_HEADERS = new Set([
	'authorization',
	SANDBOX_API_KEY_HEADER.toLowerCase(),
	'proxy-authorization',
	'cookie',
]);
const MAX_ENTRIES = 10_000;

export class RequestLog {
	private entries: RequestLogEntry[] = [];

	/** Requests since the last clear, also those the list no longer holds (it keeps the last MAX_ENTRIES). */
	private counted = 0;

	/** `clock` is the sandbox's (epoch ms), so logged times agree with the records'. */
	constructor(readonly clock: () => number = () => Date.now()) {}

	list(): RequestLogEntry[] {
		return this.entries;
	}

	count(): number {
		return this.counted;
	}

	clear(): void {
		this.entries = [];
		this.counted = 0;
	}

	add(entry: RequestLogEntry): void {
		this.counted++;
		this.entries.push(entry);
		if (this.entries.length > MAX_ENTRIES)
			this.entries.splice(0, this.entries.length - MAX_ENTRIES);
	}
}

export function withoutSecrets(
	headers: Record<string, string | string[] | undefined>,
): RequestLogEntry['headers'] {
	const out: RequestLogEntry['headers'] = {};
	for (const [name, value] of Object.entries(headers)) {
		if (!SECRET_HEADERS.has(name.toLowerCase())) out[name.toLowerCase()] = value;
	}
	return out;
}

/** Records every non-control request: created on arrival, completed with body and status. */
export function registerRequestLog(app: FastifyInstance, log: RequestLog): void {
	app.addHook('onRequest', async (request) => {
		if (request.url.startsWith(CONTROL_PREFIX)) return;
		const raw = request.raw.url ?? request.url;
		const entry: RequestLogEntry = {
			method: request.method,
			path: raw.split('?')[0],
			query: { ...(request.query as Record<string, unknown>) },
			headers: withoutSecrets(request.headers),
			contentType: request.headers['content-type'] ?? null,
			body: null,
			status: 0,
			at: new Date(log.clock()).toISOString(),
		};
		request.logEntry = entry;
		log.add(entry);
	});
	// Before validation: the schemas coerce values in place (XML and form bodies are all text).
	app.addHook('preValidation', async (request) => {
		const entry = request.logEntry;
		if (!entry || request.body === undefined) return;
		entry.bodyAsSent = structuredClone(request.body);
		const model = request.routeOptions.config.model;
		if (model) entry.outsideModel = propertiesOutsideModel(model, request.body);
	});
	// After validation, before the model routes cut the body to what their model names.
	app.addHook('preHandler', async (request) => {
		if (request.logEntry && request.body !== undefined) request.logEntry.body = request.body;
	});
	app.addHook('onResponse', async (request, reply) => {
		if (!request.logEntry) return;
		if (request.logEntry.body === null) request.logEntry.body = request.body ?? null;
		request.logEntry.status = reply.statusCode;
	});
}
