import type {
	IDataObject,
	ILoadOptionsFunctions,
	INodeListSearchItems,
	INodeListSearchResult,
} from 'n8n-workflow';

import { chunkIds, idListCall, LIMITS, listedId } from '../rules';
import { CREDENTIAL_TYPE, processStore, resolveCustomerId } from '../account';
import { type BrokerContext, send, nodeSetting, recordsOf } from '../wire';
import { folded, matchScore } from './folded';

export type ContactType = 'Person' | 'Company' | 'DeceasedEstate';

interface ContactReference {
	id: string;
	type: ContactType;
	/** When the service last changed the contact: a name read at this time still holds. */
	changedAt: string;
}

interface NamedContact {
	changedAt: string;
	entry: INodeListSearchItems;
	/** The name alone, and the whole entry (name, e-mail or organisation number, ID), folded. */
	name: string;
	text: string;
}

/** Entries of the list per page. */
const PAGE_SIZE = 20;
/** How many of the service's own matches a search of five letters or more takes in. */
const SERVICE_MATCHES = 100;

/**
 * The names read so far, per service, user and office, for as long as n8n runs: a search reads
 * the office's list (one call) and then only the names it has not read, or whose contact changed
 * since. So every search looks at all of the office's contacts, and the same text gets the same
 * answer however fast it is typed. At most 20 offices are kept, the oldest dropped first.
 */
const namesByOffice = processStore<string, Map<string, NamedContact>>('contactNamesByOffice');
const MAX_OFFICES = 20;

async function officeNames(context: ILoadOptionsFunctions): Promise<Map<string, NamedContact>> {
	const credentials = await context.getCredentials(CREDENTIAL_TYPE);
	const customerId = resolveCustomerId(
		context.getNode(),
		nodeSetting(context, 'customerId', ''),
		credentials,
	);
	const key = JSON.stringify([
		String(credentials.baseUrl ?? ''),
		String(credentials.username ?? ''),
		customerId,
	]);
	let names = namesByOffice.get(key);
	if (!names) {
		names = new Map();
		namesByOffice.set(key, names);
		if (namesByOffice.size > MAX_OFFICES) namesByOffice.delete(namesByOffice.keys().next().value!);
	}
	return names;
}

/**
 * Contact records by id, each read on its type's endpoint (Person, Company, DeceasedEstate of
 * models.md), up to 20 ids a call in the form idListCall gives. An id no path may carry
 * (blank, "..", with a comma) is not read: it comes back in `unreadable` with the reason.
 */
export async function contactRecords(
	context: BrokerContext,
	references: ReadonlyArray<{ id: string; type: ContactType }>,
): Promise<{ records: Map<string, IDataObject>; unreadable: Map<string, string> }> {
	const node = context.getNode();
	const records = new Map<string, IDataObject>();
	const unreadable = new Map<string, string>();
	const idsOfType = new Map<ContactType, Set<string>>();
	for (const { id, type } of references) {
		try {
			listedId(node, id, 'Contact ID');
		} catch (error) {
			unreadable.set(id, (error as Error).message);
			continue;
		}
		idsOfType.set(type, (idsOfType.get(type) ?? new Set<string>()).add(id));
	}
	const calls = [...idsOfType].flatMap(([type, ids]) =>
		chunkIds([...ids]).map((chunk) => idListCall(node, `/CRM/Contact/{customerId}/${type}`, chunk)),
	);
	const answers = await Promise.all(
		calls.map(async (call) => (await send(context, { method: 'GET', ...call })).body),
	);
	for (const record of answers.flatMap((answer) => recordsOf(answer)))
		records.set(String(record.id), record);
	return { records, unreadable };
}

/** How a contact reads in the list: the person's or the company's name, with what tells namesakes apart. */
export function contactEntry(record: IDataObject): INodeListSearchItems {
	return {
		name: `${nameOf(record) || String(record.id)}${detailOf(record)}`,
		value: String(record.id),
	};
}

function nameOf(record: IDataObject): string {
	return record.type === 'Person'
		? [record.firstName, record.lastName].filter(Boolean).join(' ')
		: String(record.name ?? '');
}

function detailOf(record: IDataObject): string {
	const email = (record.email as IDataObject | undefined)?.emailAddress;
	const detail = [record.type === 'Company' ? record.corporateNumber : email, record.id]
		.filter(Boolean)
		.join(', ');
	return detail ? ` (${String(detail)})` : '';
}

/** These contacts with their names: those read before and unchanged from memory, the others from the service; those it no longer has left out. */
async function named(
	context: ILoadOptionsFunctions,
	references: ContactReference[],
): Promise<NamedContact[]> {
	const names = await officeNames(context);
	const current = (reference: ContactReference) => {
		const known = names.get(reference.id);
		return known && reference.changedAt && known.changedAt === reference.changedAt
			? known
			: undefined;
	};
	const unread = references.filter((reference) => !current(reference));
	// An id the service listed that a call could not carry is left out of the list: By ID would refuse it too.
	const { records } = await contactRecords(context, unread);
	const read = new Set<string>();
	for (const reference of unread) {
		const found = records.get(reference.id);
		if (!found) continue;
		const record = { ...found, type: reference.type };
		const entry = contactEntry(record);
		names.set(reference.id, {
			changedAt: reference.changedAt,
			entry,
			name: folded(nameOf(record)),
			text: folded(entry.name),
		});
		read.add(reference.id);
	}
	return references.flatMap((reference) => {
		const contact = read.has(reference.id) ? names.get(reference.id) : current(reference);
		return contact ? [contact] : [];
	});
}

/** The office's contacts of these types, last changed first (one call: ids and change times). */
async function officeContacts(
	context: ILoadOptionsFunctions,
	types: ContactType[],
): Promise<ContactReference[]> {
	const body = (
		await send(context, {
			method: 'GET',
			path: '/CRM/Contact/{customerId}',
		})
	).body as IDataObject;
	const typed: Array<[string, ContactType]> = [
		['persons', 'Person'],
		['companies', 'Company'],
		['deceasedEstates', 'DeceasedEstate'],
	];
	return typed
		.filter(([, type]) => types.includes(type))
		.flatMap(([list, type]) =>
			recordsOf(body, list).map((reference) => ({
				id: String(reference.id),
				type,
				changedAt: String(reference.changedAt ?? ''),
			})),
		)
		.sort((a, b) => b.changedAt.localeCompare(a.changedAt) || a.id.localeCompare(b.id));
}

/** No text: the office's contacts, last changed first, 20 at a time with their names; the token is where the next page starts. */
async function browse(
	context: ILoadOptionsFunctions,
	types: ContactType[],
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	const all = await officeContacts(context, types);
	const start = Math.max(0, Number(paginationToken ?? 0) || 0);
	const end = start + PAGE_SIZE;
	const page = await named(context, all.slice(start, end));
	return {
		results: page.map((contact) => contact.entry),
		...(end < all.length ? { paginationToken: String(end) } : {}),
	};
}

/**
 * Typed text: every contact of the office whose name holds it (letter case and accents folded,
 * both ways: "sjob" finds Sjöberg, "Sjöb" a Sjoberg), and from five letters on also what the
 * service's own search finds (personal or organisation number, e-mail, phone). Best match first
 * (the whole name, then the start of the name or of a word of it, then within it), then by name.
 * The first page is complete: 20 of all the matches, not of the contacts read so far. The token
 * names the text it continues, since n8n's editor may ask for the next page of one text with
 * another (it files an answer under the text typed meanwhile): that starts from the top.
 */
async function find(
	context: ILoadOptionsFunctions,
	text: string,
	types: ContactType[],
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	const wanted = folded(text);
	const [office, serviceMatches] = await Promise.all([
		officeContacts(context, types).then(async (references) => await named(context, references)),
		text.length >= LIMITS.minSearchTermLength
			? serviceSearch(context, text, types)
			: Promise.resolve([]),
	]);
	const scores = new Map<string, { contact: NamedContact; score: number }>();
	for (const contact of office) {
		const score = matchScore(contact.name, wanted) || (contact.text.includes(wanted) ? 40 : 0);
		if (score) scores.set(String(contact.entry.value), { contact, score });
	}
	for (const { contact, score } of serviceMatches) {
		const id = String(contact.entry.value);
		scores.set(id, { contact, score: Math.max(score, scores.get(id)?.score ?? 0) });
	}
	const ranked = [...scores.values()].sort(
		(a, b) =>
			b.score - a.score ||
			a.contact.name.localeCompare(b.contact.name) ||
			String(a.contact.entry.value).localeCompare(String(b.contact.entry.value)),
	);
	const [position, tokenText] = (paginationToken ?? '').split(/:(.*)/s);
	const start = tokenText === wanted ? Math.max(0, Number(position) || 0) : 0;
	const end = start + PAGE_SIZE;
	return {
		results: ranked.slice(start, end).map(({ contact }) => contact.entry),
		...(end < ranked.length ? { paginationToken: `${end}:${wanted}` } : {}),
	};
}

/** The service's own search (five characters or more: name, personal number, e-mail, phone) with its score, the contacts named. */
async function serviceSearch(
	context: ILoadOptionsFunctions,
	term: string,
	types: ContactType[],
): Promise<Array<{ contact: NamedContact; score: number }>> {
	const body = (
		await send(context, {
			method: 'GET',
			path: '/CRM/Contact/{customerId}/Search',
			qs: { 'criteria.term': term, 'criteria.maxSize': SERVICE_MATCHES },
		})
	).body as IDataObject;
	const matches = recordsOf(body, 'matches').filter((match) =>
		types.includes(match.type as ContactType),
	);
	const references = matches.map((match) => ({
		id: String(match.id),
		type: match.type as ContactType,
		changedAt: String(match.changedAt ?? ''),
	}));
	const contacts = new Map(
		(await named(context, references)).map((contact) => [String(contact.entry.value), contact]),
	);
	return matches.flatMap((match) => {
		const contact = contacts.get(String(match.id));
		return contact ? [{ contact, score: Number(match.score) || 0 }] : [];
	});
}

const ALL_TYPES: ContactType[] = ['Person', 'Company', 'DeceasedEstate'];

/** The list of a contact picker: with no text the office's contacts, last changed first; with text the contacts it finds. */
async function contactList(
	context: ILoadOptionsFunctions,
	types: ContactType[],
	filter?: string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	const text = (filter ?? '').trim();
	return text
		? await find(context, text, types, paginationToken)
		: await browse(context, types, paginationToken);
}

/** Contacts of every kind of the node's customer. */
export async function searchContacts(
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	return await contactList(this, ALL_TYPES, filter, paginationToken);
}

export async function searchPersons(
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	return await contactList(this, ['Person'], filter, paginationToken);
}

export async function searchCompanies(
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	return await contactList(this, ['Company'], filter, paginationToken);
}

export async function searchDeceasedEstates(
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	return await contactList(this, ['DeceasedEstate'], filter, paginationToken);
}
