import type { ILoadOptionsFunctions, INodePropertyOptions } from 'n8n-workflow';

import { brokerRequest } from '../transport';
import { recordsOf, sortedOptions } from './request';

/** Users (agents) of the customer (GET /BusinessIntelligence/External/Users), archived ones left out. */
export async function getUsers(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	const body = await brokerRequest.call(this, { method: 'GET', path: '/BusinessIntelligence/External/Users', customerIdQuery: 'customerId' });
	return sortedOptions(
		recordsOf(body)
			.filter((user) => user.archived !== true)
			.map((user) => ({
				name: String(user.userName ?? user.userId),
				value: String(user.userId),
				...(user.title ? { description: String(user.title) } : {}),
			})),
	);
}
