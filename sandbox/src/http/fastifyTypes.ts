import type { SandboxUser } from '../users';

/** Where a route finds the customer id of the call, for the access check (403). */
export interface CustomerSource {
	from: 'params' | 'query' | 'body';
	/** Parameter, query key (e.g. criteria.customerId) or body field name. */
	name: string;
}

declare module 'fastify' {
	interface FastifyContextConfig {
		customer?: CustomerSource;
		/** The route needs X-Api-Key when the user has a key (categories, contacts, CRM contacts). */
		apiKey?: boolean;
		/** The body's model from docs/spec/models.json, for the request log's outsideModel. */
		model?: Record<string, unknown>;
	}
	interface FastifyRequest {
		caller?: SandboxUser;
	}
}
