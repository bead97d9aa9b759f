import type { ILoadOptionsFunctions, INodePropertyOptions } from 'n8n-workflow';

import { send, recordsOf } from '../wire';
import { sortedOptions } from './sortedOptions';

/**
 * Increased requirements of the customer (GET /IncreasedRequirement/{customerId}): collections
 * per customer, each requirement { id, text } (docs/spec/models.md).
 */
export async function getIncreasedRequirements(
	this: ILoadOptionsFunctions,
): Promise<INodePropertyOptions[]> {
	const body = (
		await send(this, {
			method: 'GET',
			path: '/IncreasedRequirement/{customerId}',
		})
	).body;
	const requirements = recordsOf(body).flatMap((collection) =>
		recordsOf(collection.increasedRequirements),
	);
	const unique = new Map(
		requirements.map((requirement) => [
			String(requirement.id),
			String(requirement.text ?? requirement.id),
		]),
	);
	return sortedOptions([...unique].map(([value, name]) => ({ name, value })));
}
