import type { FastifyInstance } from 'fastify';
import type { CustomerSource } from '../http/fastifyTypes';
import type { SandboxStore } from '../store/store';

/** Pieces every route module uses. */

/** One module per interface area; each registers its routes on the app. */
export interface RouteModule {
	/** Section of interface.md, for the README and error messages. */
	area: string;
	register(app: FastifyInstance, store: SandboxStore): void;
}

export const CUSTOMER_IN_PATH: CustomerSource = { from: 'params', name: 'customerId' };
export const customerInQuery = (name = 'customerId'): CustomerSource => ({ from: 'query', name });
export const CUSTOMER_IN_BODY: CustomerSource = { from: 'body', name: 'customerId' };

/** Schema for path parameters: all strings, all required, none empty. */
export function pathParams(...names: string[]) {
	return {
		type: 'object',
		properties: Object.fromEntries(names.map((name) => [name, { type: 'string', minLength: 1 }])),
		required: names,
	};
}

/** Schema for a query string; keys may contain dots (criteria.estateId). */
export function queryOf(properties: Record<string, unknown>, required: string[] = []) {
	return { type: 'object', properties, required };
}
