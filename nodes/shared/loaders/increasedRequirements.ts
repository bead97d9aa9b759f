import type { ILoadOptionsFunctions, INodePropertyOptions } from 'n8n-workflow';

import { brokerRequest } from '../transport';
import { recordsOf, sortedOptions } from './request';

/**
 * Increased requirements of the customer (GET /IncreasedRequirement/{customerId}). The shape
 * is not published: records with an id and a name are assumed; object types, when given, are
 * shown so users pick the ones that fit the profile.
 */
export async function getIncreasedRequirements(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	const body = await brokerRequest.call(this, { method: 'GET', path: '/IncreasedRequirement/{customerId}' });
	return sortedOptions(
		recordsOf(body).map((requirement) => ({
			name: String(requirement.name ?? requirement.id),
			value: String(requirement.id),
			...(Array.isArray(requirement.objectTypes) ? { description: `For ${requirement.objectTypes.join(', ')}` } : {}),
		})),
	);
}
