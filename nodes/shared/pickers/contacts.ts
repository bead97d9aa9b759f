import type { IDataObject, ILoadOptionsFunctions, INodeListSearchItems, INodeListSearchResult } from 'n8n-workflow';

import { chunkIds, LIMITS, listedId } from '../limits';
import { brokerRequest, recordsOf } from '../transport';

type ContactType = 'Person' | 'Company' | 'DeceasedEstate';

interface ContactReference {
	id: string;
	type: ContactType;
}

/** Entries of the list per page, and how many contacts one page may read to fill it when a short text filters. */
const PAGE_SIZE = 20;
const SCAN_PER_PAGE = 100;

/** The typed records (Person, Company, DeceasedEstate of models.md) of up to 20 ids per call, ids in the query. */
async function namedRecords(context: ILoadOptionsFunctions, references: ContactReference[]): Promise<Map<string, IDataObject>> {
	const records = new Map<string, IDataObject>();
	const byType = new Map<ContactType, string[]>();
	for (const { id, type } of references) {
		// An id the service listed that a call could not carry is left out of the list: By ID would refuse it too.
		try {
			listedId(context.getNode(), id, 'Contact ID');
		} catch {
			continue;
		}
		byType.set(type, [...(byType.get(type) ?? []), id]);
	}
	const calls = [...byType].flatMap(([type, ids]) =>
		chunkIds(ids).map(async (chunk) => {
			const body = await brokerRequest.call(context, { method: 'GET', path: `/CRM/Contact/{customerId}/${type}`, qs: { contactIds: chunk.join(',') } });
			for (const record of recordsOf(body)) records.set(String(record.id), { ...record, type });
		}),
	);
	await Promise.all(calls);
	return records;
}

/** How a contact reads in the list: the person's or the company's name, with what tells namesakes apart. */
export function contactEntry(record: IDataObject): INodeListSearchItems {
	const name = record.type === 'Person' ? [record.firstName, record.lastName].filter(Boolean).join(' ') : String(record.name ?? '');
	const email = (record.email as IDataObject | undefined)?.emailAddress;
	const detail = [record.type === 'Company' ? record.corporateNumber : email, record.id].filter(Boolean).join(', ');
	return { name: `${name || String(record.id)}${detail ? ` (${String(detail)})` : ''}`, value: String(record.id) };
}

function matches(entry: INodeListSearchItems, filter: string): boolean {
	return entry.name.toLowerCase().includes(filter.toLowerCase());
}

/** Five characters or more: the service's own search (name, personal number, e-mail, phone), best match first. */
async function searchByTerm(context: ILoadOptionsFunctions, term: string, types: ContactType[]): Promise<INodeListSearchResult> {
	const body = (await brokerRequest.call(context, {
		method: 'GET',
		path: '/CRM/Contact/{customerId}/Search',
		qs: { 'criteria.term': term, 'criteria.maxSize': PAGE_SIZE * 2 },
	})) as IDataObject;
	const references = recordsOf(body, 'matches')
		.map((match) => ({ id: String(match.id), type: match.type as ContactType }))
		.filter(({ type }) => types.includes(type));
	const records = await namedRecords(context, references);
	return { results: references.filter(({ id }) => records.has(id)).map(({ id }) => contactEntry(records.get(id)!)) };
}

/**
 * No text or a short one: the office's contacts, last changed first, read 20 at a time with
 * their names; a short text keeps those whose name holds it. The paging token is where the
 * next page starts in that order.
 */
async function browse(context: ILoadOptionsFunctions, filter: string, types: ContactType[], paginationToken?: string): Promise<INodeListSearchResult> {
	const body = (await brokerRequest.call(context, { method: 'GET', path: '/CRM/Contact/{customerId}' })) as IDataObject;
	const typed: Array<[string, ContactType]> = [
		['persons', 'Person'],
		['companies', 'Company'],
		['deceasedEstates', 'DeceasedEstate'],
	];
	const all = typed
		.filter(([, type]) => types.includes(type))
		.flatMap(([list, type]) => recordsOf(body, list).map((reference) => ({ id: String(reference.id), type, changedAt: String(reference.changedAt ?? '') })))
		.sort((a, b) => b.changedAt.localeCompare(a.changedAt) || a.id.localeCompare(b.id));
	const start = Math.max(0, Number(paginationToken ?? 0) || 0);
	let position = start;
	const results: INodeListSearchItems[] = [];
	// A page with nothing found reads on (up to five times as far), so the list does not look empty while more may match.
	const reach = () => (filter ? (results.length ? SCAN_PER_PAGE : SCAN_PER_PAGE * 5) : PAGE_SIZE);
	while (results.length < PAGE_SIZE && position < all.length && position - start < reach()) {
		const page = all.slice(position, position + LIMITS.maxIdsPerCall);
		const records = await namedRecords(context, page);
		for (const { id } of page) {
			const record = records.get(id);
			if (!record) continue;
			const entry = contactEntry(record);
			if (!filter || matches(entry, filter)) results.push(entry);
		}
		position += page.length;
	}
	return { results, ...(position < all.length ? { paginationToken: String(position) } : {}) };
}

const ALL_TYPES: ContactType[] = ['Person', 'Company', 'DeceasedEstate'];

/** The list of a contact picker: typed text of five letters or more searches as the service does, shorter text or none reads the office's contacts. */
async function contactList(context: ILoadOptionsFunctions, types: ContactType[], filter?: string, paginationToken?: string): Promise<INodeListSearchResult> {
	const text = (filter ?? '').trim();
	if (text.length >= LIMITS.minSearchTermLength) return paginationToken ? { results: [] } : await searchByTerm(context, text, types);
	return await browse(context, text, types, paginationToken);
}

/** Contacts of every kind of the node's customer. */
export async function searchContacts(this: ILoadOptionsFunctions, filter?: string, paginationToken?: string): Promise<INodeListSearchResult> {
	return await contactList(this, ALL_TYPES, filter, paginationToken);
}

export async function searchPersons(this: ILoadOptionsFunctions, filter?: string, paginationToken?: string): Promise<INodeListSearchResult> {
	return await contactList(this, ['Person'], filter, paginationToken);
}

export async function searchCompanies(this: ILoadOptionsFunctions, filter?: string, paginationToken?: string): Promise<INodeListSearchResult> {
	return await contactList(this, ['Company'], filter, paginationToken);
}

export async function searchDeceasedEstates(this: ILoadOptionsFunctions, filter?: string, paginationToken?: string): Promise<INodeListSearchResult> {
	return await contactList(this, ['DeceasedEstate'], filter, paginationToken);
}
