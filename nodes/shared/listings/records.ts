import type { IDataObject } from 'n8n-workflow';

import { listedId, pathSegment } from '../rules';
import { throttledAccount } from '../account';
import { BrokerApiError, notFoundError, toNodeError, unexpectedAnswerError } from '../failures';
import {
	answerKind,
	type AnswerTimes,
	send,
	type BrokerContext,
	checkReadAnswer,
	itemIndexOf,
	runCredentials,
} from '../wire';
import { EXTEND_QUERY, LISTINGS, type ListingKind, OFFICE_GROUPS_PATH } from './kinds';
import { readListingPage } from './pages';

export interface ListingReadOptions {
	/** `extend` names (kinds.ts ESTATE_EXTENDS, PROJECT_EXTENDS); only for the kinds that take them. */
	extend?: readonly string[];
	/** 'asSent' leaves the record's times as the service wrote them. */
	times?: AnswerTimes;
	/**
	 * The customer id to read under where it is not the node's own (a notification names the
	 * office it is about). It comes from the service, as the ids do then.
	 */
	customerId?: string;
	/**
	 * The ids come from the service (a list row, a notification), not from the user: a blank one
	 * or one with a comma is refused in those words (rules/idLists.ts listedId).
	 */
	fromService?: boolean;
}

/**
 * A record read by id: its record; `gone` when the service answered 404 (unknown, or no longer
 * published); `notReadable` when the id can be carried by no path (refused before any call);
 * `failed` when the read failed otherwise (the service down, an answer that is not the record).
 */
export type ListingRead =
	| { status: 'read'; record: IDataObject }
	| { status: 'gone' }
	| { status: 'notReadable'; error: Error }
	| { status: 'failed'; error: Error };

/** A customer id (M31529, G2 …) where an office's own id (FIR31529) belongs: advertising.md section 3. */
const CUSTOMER_ID = /^[MSOGT]\d+$/i;

/** Whether an id is a customer id (M…, G…) rather than an office's own id (FIR…). */
export const isCustomerId = (id: string): boolean => CUSTOMER_ID.test(id);

/** The one 404 rule of a listing read: the record is unknown, or no longer published. */
export function isNotFound(error: unknown): boolean {
	return error instanceof BrokerApiError && error.httpCode === '404';
}

/** The 404 of a read by id, in the words of its kind; a customer id given as an office id is told so. */
export function listingNotFoundError(
	context: BrokerContext,
	kind: ListingKind,
	id: string,
): BrokerApiError {
	const { noun, idLabel } = LISTINGS[kind];
	const detail =
		kind === 'office' && isCustomerId(id)
			? `${id} is a customer ID (M…, the office in the broker system, the Customer ID of the node); ${idLabel} is the office's own ID, which starts with FIR (e.g. FIR31529). Pick the office from the list, or give its FIR… ID.`
			: `No ${noun} has the ${idLabel} ${id}: it is unknown to the service, or no longer published.`;
	return notFoundError(context.getNode(), detail, itemIndexOf(context));
}

/**
 * Whether an answer is the record asked for: one record (not a list) whose `id` is the id read.
 * Every listing record carries its own id as `id` (advertising.md sections 7 and 8, the captured
 * estate, user and office in advertising/); other fields are passed on as sent, whatever they are.
 */
function isRecordOf(answer: unknown, id: string): answer is IDataObject {
	if (answer === null || typeof answer !== 'object' || Array.isArray(answer)) return false;
	const own = (answer as IDataObject).id;
	return (typeof own === 'string' || typeof own === 'number') && String(own) === id;
}

/** What an answer that is not the record was, in words that repeat nothing else the service sent. */
function notTheRecord(answer: unknown, id: string): string {
	if (answer !== null && typeof answer === 'object' && !Array.isArray(answer)) {
		const own = (answer as IDataObject).id;
		if (own === undefined || own === null) return `${answerKind(answer)} without an id`;
		return `a record of another id (${typeof own === 'object' ? 'not an id' : String(own)}), not ${id}`;
	}
	return answerKind(answer);
}

/** The path of a kind's read by id, under the customer given, or the node's own. */
function recordPath(kind: ListingKind, customerId: string | undefined): string {
	const { record } = LISTINGS[kind];
	return customerId === undefined ? record : record.replace('{customerId}', '{underCustomerId}');
}

/** The id checked as a path value, in the words of where it came from. */
function checkedId(
	context: BrokerContext,
	kind: ListingKind,
	id: unknown,
	fromService: boolean,
): string {
	const { idLabel } = LISTINGS[kind];
	return fromService
		? listedId(context.getNode(), id, idLabel, itemIndexOf(context))
		: pathSegment(context.getNode(), id, idLabel, itemIndexOf(context));
}

/** One read by id of an id checked already: the record, or the service's failure as thrown. */
async function readCheckedRecord(
	context: BrokerContext,
	kind: ListingKind,
	id: string,
	options: ListingReadOptions,
): Promise<IDataObject> {
	const { idName, idLabel, noun, extend } = LISTINGS[kind];
	const node = context.getNode();
	const names = options.extend?.filter((name) => extend.includes(name)) ?? [];
	const under = options.customerId !== undefined;
	try {
		const { body } = await send(
			context,
			{
				method: 'GET',
				path: recordPath(kind, options.customerId),
				pathValues: under
					? { [idName]: id, underCustomerId: options.customerId }
					: { [idName]: id },
				pathLabels: {
					[idName]: options.fromService ? `${idLabel} from the service` : idLabel,
					...(under ? { underCustomerId: 'Customer ID from the service' } : {}),
				},
				...(names.length > 0 ? { qs: { [EXTEND_QUERY]: names.join('+') } } : {}),
			},
			{ times: options.times },
		);
		if (!isRecordOf(body, id))
			throw unexpectedAnswerError(
				node,
				`The service's answer is not the record of ${noun} ${id}`,
				`Got ${notTheRecord(body, id)} where the record with the ${idLabel} ${id} was due. Nothing was taken from it; run it again, or check the service.`,
				itemIndexOf(context),
			);
		return body;
	} catch (error) {
		if (isNotFound(error)) throw listingNotFoundError(context, kind, id);
		throw toNodeError(node, error, itemIndexOf(context));
	}
}

/**
 * An office named by its customer id (M…, as a notification may name it): the office read takes
 * the office's own id and answers 404 for a customer id (advertising.md section 3), so the office
 * is found in the office list of that customer, whose row gives its own id, then read by it.
 */
async function readOfficeOfCustomer(
	context: BrokerContext,
	customerId: string,
	options: ListingReadOptions,
): Promise<IDataObject> {
	const page = await readListingPage(context, 'office', 0, { customerId, times: options.times });
	const row =
		page.rows.find((candidate) => candidate.customerId === customerId) ??
		(page.rows.length === 1 ? page.rows[0] : undefined);
	if (!row || (typeof row.id !== 'string' && typeof row.id !== 'number'))
		throw listingNotFoundError(context, 'office', customerId);
	const officeId = checkedId(context, 'office', row.id, true);
	return await readCheckedRecord(context, 'office', officeId, { ...options, customerId });
}

/**
 * One record by id (an estate extended as asked). Fails with the service's error; a 404 names
 * the kind and the id (listingNotFoundError); an answer that is not the record asked for (a
 * status message, a list, another id, no id) fails as unexpected, naming the id. The id is
 * checked as a path value first.
 *
 * An office given by its customer id is told so by the 404 when the user gave it; one the
 * service named so (a notification about an office) is found through that customer's office
 * list (readOfficeOfCustomer).
 */
export async function readListingRecord(
	context: BrokerContext,
	kind: ListingKind,
	id: unknown,
	options: ListingReadOptions = {},
): Promise<IDataObject> {
	return await readGivenRecord(
		context,
		kind,
		checkedId(context, kind, id, options.fromService === true),
		options,
	);
}

/** A record by an id checked already (readListingRecord). */
function readGivenRecord(
	context: BrokerContext,
	kind: ListingKind,
	given: string,
	options: ListingReadOptions,
): Promise<IDataObject> {
	if (kind === 'office' && options.fromService === true && isCustomerId(given))
		return readOfficeOfCustomer(context, given, options);
	return readCheckedRecord(context, kind, given, options);
}

/** One record by id as an outcome: read, gone (404), notReadable (an id no path carries) or failed. */
export async function readListing(
	context: BrokerContext,
	kind: ListingKind,
	id: unknown,
	options: ListingReadOptions = {},
): Promise<ListingRead> {
	let given: string;
	try {
		given = checkedId(context, kind, id, options.fromService === true);
	} catch (error) {
		return { status: 'notReadable', error: error as Error };
	}
	try {
		return { status: 'read', record: await readGivenRecord(context, kind, given, options) };
	} catch (error) {
		if (isNotFound(error)) return { status: 'gone' };
		return { status: 'failed', error: toNodeError(context.getNode(), error, itemIndexOf(context)) };
	}
}

/** Requests of the account the node may have open at once (the credential's Requests in Flight). */
export async function listingReadsInFlight(context: BrokerContext): Promise<number> {
	return throttledAccount(context.getNode(), await runCredentials(context)).maxInFlight;
}

/**
 * The context with its node read once. n8n-core's getNode gives a fresh deep copy of the node
 * each time, and the request path asks for it several times a call (addressing, the exchange,
 * reading the answer, wording a failure): in a 10,000-call Get Many those copies were the
 * largest part of n8n-workflow's time (docs/performance.md). The calls of one read share the
 * copy, which nothing changes; everything else is the context's own (n8n's pagination context
 * is made the same way).
 */
function withNodeReadOnce<T extends BrokerContext>(context: T): T {
	const node = context.getNode();
	return Object.create(context, { getNode: { value: () => node } }) as T;
}

/**
 * Records by id, one call each (the service reads one record a call), as many in flight as the
 * account allows, in the order given: each `read` or `gone`. The first other failure (an id no
 * path carries included) stops new reads; those in flight finish, then it is thrown.
 */
export async function readListings(
	context: BrokerContext,
	kind: ListingKind,
	ids: readonly unknown[],
	options: ListingReadOptions = {},
): Promise<Array<Extract<ListingRead, { status: 'read' | 'gone' }>>> {
	const outcomes = await readEach(context, kind, ids, options, true);
	const failure = outcomes.find(
		(outcome): outcome is Extract<ListingRead, { error: Error }> => 'error' in outcome,
	);
	if (failure) throw toNodeError(context.getNode(), failure.error, itemIndexOf(context));
	return outcomes as Array<Extract<ListingRead, { status: 'read' | 'gone' }>>;
}

/**
 * Records by id, every read tried (as many in flight as the account allows), each outcome in
 * the order given: a trigger emits what was read and reads the failed ones again next poll.
 * Ids given twice are read once (the same outcome at each place).
 */
export async function readListingsEach(
	context: BrokerContext,
	kind: ListingKind,
	ids: readonly unknown[],
	options: ListingReadOptions = {},
): Promise<ListingRead[]> {
	const first = new Map<string, number>();
	const unique: unknown[] = [];
	const places = ids.map((id) => {
		const key = typeof id === 'string' || typeof id === 'number' ? String(id) : undefined;
		if (key === undefined) return unique.push(id) - 1;
		if (!first.has(key)) first.set(key, unique.push(id) - 1);
		return first.get(key)!;
	});
	const outcomes = await readEach(context, kind, unique, options, false);
	return places.map((place) => outcomes[place]);
}

async function readEach(
	context: BrokerContext,
	kind: ListingKind,
	ids: readonly unknown[],
	options: ListingReadOptions,
	stopOnFailure: boolean,
): Promise<ListingRead[]> {
	const outcomes: ListingRead[] = [];
	const reader = withNodeReadOnce(context);
	const workers = Math.min(ids.length, await listingReadsInFlight(context));
	let next = 0;
	let failed = false;
	const work = async () => {
		while (!(stopOnFailure && failed) && next < ids.length) {
			const index = next++;
			outcomes[index] = await readListing(reader, kind, ids[index], options);
			if ('error' in outcomes[index]) failed = true;
		}
	};
	await Promise.all(Array.from({ length: workers }, work));
	return stopOnFailure && failed ? outcomes.filter(Boolean) : outcomes;
}

/** The office groups of the node's customer or group: `[{ id, name, offices: [{ id }] }]`; none for a 404. */
export async function readOfficeGroups(context: BrokerContext): Promise<IDataObject[]> {
	try {
		const body = (await send(context, { method: 'GET', path: OFFICE_GROUPS_PATH })).body;
		checkReadAnswer(context.getNode(), body, itemIndexOf(context));
		if (!Array.isArray(body))
			throw unexpectedAnswerError(
				context.getNode(),
				"The service's answer is not the list of office groups",
				`Got ${answerKind(body)} where a list of { id, name, offices } was due.`,
				itemIndexOf(context),
			);
		return body.filter(
			(group): group is IDataObject =>
				group !== null && typeof group === 'object' && !Array.isArray(group),
		);
	} catch (error) {
		if (isNotFound(error)) return [];
		throw toNodeError(context.getNode(), error, itemIndexOf(context));
	}
}
