import type { IDataObject, ILoadOptionsFunctions, INodeListSearchItems } from 'n8n-workflow';

import { CREDENTIAL_TYPE, processStore, resolveCustomerId } from '../account';
import { type ListingKind, readListings } from '../listings';
import { textOf } from '../rules';
import { nodeSetting } from '../wire';

/** Labels kept at most over all accounts, customers and kinds; the least recently used goes first. */
export const LISTING_LABELS_KEPT = 10_000;

interface KeptLabel {
	/** The list row's change time the label was read at: while the row still shows it, the label holds. */
	changedAt: string;
	entry: INodeListSearchItems;
}

/**
 * What a picker showed of each listed record, per service, user, customer, kind and id, for as
 * long as n8n runs: the entry alone (name, description, id), never the record or a secret. A
 * Map's order is its recency: a label used is moved to the end, and the first one goes when
 * more than LISTING_LABELS_KEPT are kept.
 */
const labels = processStore<string, KeptLabel>('listingLabels');

const text = (value: unknown) => textOf(value)?.trim() ?? '';

/** The account and customer the picker's calls are addressed for, as they address them (address.ts). */
async function customerKey(context: ILoadOptionsFunctions): Promise<string[]> {
	const credentials = await context.getCredentials(CREDENTIAL_TYPE);
	const customerId = resolveCustomerId(
		context.getNode(),
		nodeSetting(context, 'customerId', ''),
		credentials,
	);
	return [String(credentials.baseUrl ?? ''), String(credentials.username ?? ''), customerId];
}

function keep(key: string, label: KeptLabel): void {
	labels.delete(key);
	labels.set(key, label);
	while (labels.size > LISTING_LABELS_KEPT) labels.delete(labels.keys().next().value!);
}

/**
 * The picker entries of a list page's rows, in the rows' order: a row whose `changedAt` is the
 * one its kept label was read at costs nothing, every other row is read by id (readListings, as
 * many in flight as the account allows) and its label kept. A record the service no longer
 * has (404) is left out and forgotten. A row without a change time is read every time.
 */
export async function listingLabels(
	context: ILoadOptionsFunctions,
	kind: ListingKind,
	rows: readonly IDataObject[],
	entryOf: (record: IDataObject) => INodeListSearchItems,
): Promise<INodeListSearchItems[]> {
	const customer = await customerKey(context);
	const wanted = rows
		.map((row) => ({ id: text(row.id), changedAt: text(row.changedAt) }))
		.filter((row) => row.id !== '')
		.map((row) => ({ ...row, key: JSON.stringify([...customer, kind, row.id]) }));
	const found = new Map<string, INodeListSearchItems | undefined>();
	for (const row of wanted) {
		const kept = labels.get(row.key);
		if (kept && row.changedAt !== '' && kept.changedAt === row.changedAt) {
			keep(row.key, kept);
			found.set(row.key, kept.entry);
		}
	}
	const unread = [
		...new Map(wanted.filter((row) => !found.has(row.key)).map((row) => [row.key, row])).values(),
	];
	const reads =
		unread.length > 0
			? await readListings(
					context,
					kind,
					unread.map((row) => row.id),
				)
			: [];
	unread.forEach((row, index) => {
		const outcome = reads[index];
		if (outcome.status !== 'read') {
			labels.delete(row.key);
			found.set(row.key, undefined);
			return;
		}
		const entry = entryOf(outcome.record);
		if (row.changedAt !== '') keep(row.key, { changedAt: row.changedAt, entry });
		found.set(row.key, entry);
	});
	return wanted.flatMap((row) => {
		const entry = found.get(row.key);
		return entry ? [{ ...entry }] : [];
	});
}
