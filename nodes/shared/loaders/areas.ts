import type { ILoadOptionsFunctions, INodePropertyOptions } from 'n8n-workflow';

import { send, recordsOf } from '../wire';
import { sortedOptions } from './sortedOptions';

/** Areas of the customer (GET /Area/GetAreas), archived ones left out, by name: the area dropdown's and the area picker's list. */
export async function areaOptions(context: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	const body = (
		await send(context, {
			method: 'GET',
			path: '/Area/GetAreas',
			customerIdQuery: 'criteria.customerId',
		})
	).body;
	return sortedOptions(
		recordsOf(body)
			.filter((area) => area.archived !== true)
			.map((area) => ({
				name: String(area.areaName ?? area.areaId),
				value: String(area.areaId),
				...(area.description ? { description: String(area.description) } : {}),
			})),
	);
}

export async function getAreas(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	return await areaOptions(this);
}
