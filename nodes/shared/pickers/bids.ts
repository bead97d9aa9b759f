import type {
	IDataObject,
	ILoadOptionsFunctions,
	INodeListSearchItems,
	INodeListSearchResult,
} from 'n8n-workflow';

import { pickedValue } from '../rules';
import { send, nodeSetting, recordsOf } from '../wire';
import { estateAddresses } from './estates';
import { filteredPage } from './filteredPage';

/**
 * "2 790 000 on Storgatan 12, 114 35 (OBJ40099_2041100042), Budgivare 3, 2026-03-01": the amount as a number
 * in Swedish grouping, the estate (its address when known), the alias and the day.
 */
export function bidEntry(bid: IDataObject, estateAddress?: string): INodeListSearchItems {
	const amount = Number(String(bid.amount ?? '').replace(/\s/g, ''));
	const shown =
		Number.isFinite(amount) && String(bid.amount ?? '').trim() !== ''
			? amount.toLocaleString('sv-SE')
			: String(bid.amount ?? '');
	const estate = estateAddress
		? `${estateAddress} (${String(bid.estateId ?? '')})`
		: String(bid.estateId ?? '');
	const parts = [
		`${shown} on ${estate}`,
		bid.alias,
		typeof bid.createdAt === 'string' ? bid.createdAt.slice(0, 10) : undefined,
	];
	return {
		name: `${parts.filter(Boolean).join(', ')}${bid.isCanceled === true ? ' (annulled)' : ''}`,
		value: String(bid.id),
	};
}

/**
 * Visible bids of the node's customer (GET /CRM/Bids), newest first, for a Bid picker; those of
 * the estate chosen on the node when it has one. Typed text keeps the bids whose entry holds it
 * (an amount, an estate's address or ID, an alias, a day), 50 a page.
 */
export async function searchBids(
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	const estateId = pickedValue(nodeSetting(this, 'estateId', ''));
	const qs =
		typeof estateId === 'string' && estateId.trim() !== ''
			? { 'criteria.estateId': estateId.trim() }
			: {};
	const [body, addresses] = await Promise.all([
		send(this, { method: 'GET', path: '/CRM/Bids/{customerId}', qs }).then((answer) => answer.body),
		estateAddresses(this),
	]);
	const bids = recordsOf(body).sort(
		(a, b) =>
			String(b.createdAt ?? '').localeCompare(String(a.createdAt ?? '')) ||
			String(b.id).localeCompare(String(a.id)),
	);
	return filteredPage(
		bids.map((bid) => bidEntry(bid, addresses.get(String(bid.estateId)))),
		filter,
		paginationToken,
	);
}
