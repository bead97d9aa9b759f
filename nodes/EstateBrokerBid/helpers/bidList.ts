import type { INodeExecutionData, INodeProperties } from 'n8n-workflow';

import {
	contactIdField,
	estateIdField,
	filtersField,
	queryField,
	returnAllFields,
} from '../../shared/descriptions';
import type { OperationRequest } from '../../shared/engine';
import { bidNumbers } from './bidFields';

/** Estate and contact filters of both bid lists (visible and hidden); only the ones added are sent. */
export function bidListFields(): INodeProperties[] {
	return [
		...returnAllFields(),
		filtersField([
			queryField(
				'criteria.contactId',
				contactIdField('Only bids made by this contact', 'Contact', false),
			),
			queryField('criteria.estateId', estateIdField('Only bids on this property', false)),
		]),
	];
}

function createdAtOf(item: INodeExecutionData): string {
	return typeof item.json.createdAt === 'string' ? item.json.createdAt : '';
}

/** Newest bid first (createdAt descending, then id), so that a Limit keeps the latest bids. */
export function newestFirst(a: INodeExecutionData, b: INodeExecutionData): number {
	const byTime = createdAtOf(b).localeCompare(createdAtOf(a));
	return byTime !== 0 ? byTime : String(b.json.id ?? '').localeCompare(String(a.json.id ?? ''));
}

/** The request of a bid list; the sort runs before n8n applies the Limit. */
export function bidListRequest(path: string): OperationRequest {
	return {
		method: 'GET',
		path,
		postReceive: [async (items) => items.sort(newestFirst), bidNumbers],
	};
}
