import type { FastifyInstance, FastifyRequest } from 'fastify';
import { SandboxError, forbidden } from '../errors';
import type { SandboxStore } from '../store/store';
import { SANDBOX_API_KEY_HEADER, SANDBOX_USERS, type SandboxUser } from '../users';
import './fastifyTypes';

export const CONTROL_PREFIX = '/__sandbox';
export const AUTH_DENIED_MESSAGE = 'Authorization has been denied for this request.';
export const API_KEY_REJECTED_MESSAGE = 'The API key was rejected for this request.';

/** The user named by a Basic Authorization header, or undefined when it is missing or wrong. */
export function userFromAuthorization(header: string | undefined): SandboxUser | undefined {
	const match = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header ?? '');
	if (!match) return undefined;
	const decoded = Buffer.from(match[1], 'base64').toString('utf8');
	const colon = decoded.indexOf(':');
	if (colon < 0) return undefined;
	const userName = decoded.slice(0, colon);
	const password = decoded.slice(colon + 1);
	return SANDBOX_USERS.find((u) => u.userName === userName && u.password === password);
}

/** Customer ids a user may call with: each granted id plus the offices of granted groups. */
export function allowedCustomers(store: SandboxStore, user: SandboxUser): Set<string> {
	const out = new Set<string>();
	for (const id of user.customerIds) for (const covered of store.scopeOf(id)) out.add(covered);
	return out;
}

export function callerOf(request: FastifyRequest): SandboxUser {
	if (!request.caller) throw new SandboxError(401, AUTH_DENIED_MESSAGE);
	return request.caller;
}

/** The customer id a call names (path, query or body, as its route says), if any. */
export function customerIdOf(request: FastifyRequest): string | undefined {
	const source = request.routeOptions.config.customer;
	if (!source) return undefined;
	const bag = (
		source.from === 'params'
			? request.params
			: source.from === 'query'
				? request.query
				: request.body
	) as Record<string, unknown> | undefined;
	const value = bag?.[source.name];
	return value === undefined || value === null || value === '' ? undefined : String(value);
}

/**
 * 401 for a missing or wrong Basic header or API key (onRequest, before the body is read);
 * 403 for a customer id the user may not use (preValidation, when params, query and body exist).
 */
export function registerAuth(app: FastifyInstance, store: SandboxStore): void {
	app.addHook('onRequest', async (request) => {
		if (request.url.startsWith(CONTROL_PREFIX)) return;
		const user = userFromAuthorization(request.headers.authorization);
		if (!user) throw new SandboxError(401, AUTH_DENIED_MESSAGE);
		request.caller = user;
		if (request.routeOptions.config.apiKey && user.apiKey) {
			const given = request.headers[SANDBOX_API_KEY_HEADER.toLowerCase()];
			if (given !== user.apiKey) throw new SandboxError(401, API_KEY_REJECTED_MESSAGE);
		}
	});
	app.addHook('preValidation', async (request) => {
		if (!request.caller) return;
		const customerId = customerIdOf(request);
		if (customerId !== undefined && !allowedCustomers(store, request.caller).has(customerId)) {
			throw forbidden(`Access to customer ${customerId} is denied for this user.`);
		}
	});
}
