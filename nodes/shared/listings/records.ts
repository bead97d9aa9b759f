import type { IDataObject } from 'n8n-workflow';

import { pathSegment } from '../rules';
import { throttledAccount } from '../account';
import { BrokerApiError, notFoundError, toNodeError, unexpectedAnswerError } from '../failures';
import {
	answerKind,
	type AnswerTimes,
	send,
	type BrokerContext,
	checkReadAnswer,
	runCredentials,
} from '../wire';
import { EXTEND_QUERY, LISTINGS, type ListingKind, OFFICE_GROUPS_PATH } from './kinds';

export interface ListingReadOptions {
	/** `extend` names (kinds.ts ESTATE_EXTENDS, PROJECT_EXTENDS); only for the kinds that take them. */
	extend?: readonly string[];
	/** 'asSent' leaves the record's times as the service wrote them. */
	times?: AnswerTimes;
}

/** A record read by id: its record, or `gone` when the service answered 404 (unknown, or no longer published). */
export type ListingRead = { status: 'read'; record: IDataObject } | { status: 'gone' };

const itemIndexOf = (context: BrokerContext) =>
	'getItemIndex' in context ? context.getItemIndex() : undefined;

/** A customer id (M31529, G2 …) where an office's own id (FIR31529) belongs: advertising.md section 3. */
const CUSTOMER_ID = /^[MSOGT]\d+$/i;

function isNotFound(error: unknown): boolean {
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
		kind === 'office' && CUSTOMER_ID.test(id)
			? `${id} is a customer ID (M…, the office in the broker system, the Customer ID of the node); ${idLabel} is the office's own ID, which starts with FIR (e.g. FIR31529). Pick the office from the list, or give its FIR… ID.`
			: `No ${noun} has the ${idLabel} ${id}: it is unknown to the service, or no longer published.`;
	return notFoundError(context.getNode(), detail, itemIndexOf(context));
}

/**
 * One record by id (an estate extended as asked). Fails with the service's error; a 404 names
 * the kind and the id (listingNotFoundError). The id is checked as a path value first.
 */
export async function readListingRecord(
	context: BrokerContext,
	kind: ListingKind,
	id: unknown,
	options: ListingReadOptions = {},
): Promise<IDataObject> {
	const { record, idName, idLabel, extend } = LISTINGS[kind];
	const node = context.getNode();
	const given = pathSegment(node, id, idLabel, itemIndexOf(context));
	const names = (options.extend ?? []).filter((name) => extend.includes(name));
	try {
		const { body } = await send(
			context,
			{
				method: 'GET',
				path: record,
				pathValues: { [idName]: given },
				pathLabels: { [idName]: idLabel },
				...(names.length > 0 ? { qs: { [EXTEND_QUERY]: names.join('+') } } : {}),
			},
			{ times: options.times },
		);
		checkReadAnswer(node, body, itemIndexOf(context));
		if (body === null || typeof body !== 'object' || Array.isArray(body))
			throw unexpectedAnswerError(
				node,
				`The service's answer is not the record of ${LISTINGS[kind].noun} ${given}`,
				`Got ${answerKind(body)} where one record was due.`,
				itemIndexOf(context),
			);
		return body as IDataObject;
	} catch (error) {
		if (isNotFound(error)) throw listingNotFoundError(context, kind, given);
		throw toNodeError(node, error, itemIndexOf(context));
	}
}

/** One record by id, or `gone` for a 404; any other failure is thrown. */
export async function readListing(
	context: BrokerContext,
	kind: ListingKind,
	id: unknown,
	options: ListingReadOptions = {},
): Promise<ListingRead> {
	try {
		return { status: 'read', record: await readListingRecord(context, kind, id, options) };
	} catch (error) {
		if (isNotFound(error)) return { status: 'gone' };
		throw toNodeError(context.getNode(), error, itemIndexOf(context));
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
 * account allows, in the order given: each `read` or `gone`. The first other failure stops
 * new reads; those in flight finish, then it is thrown.
 */
export async function readListings(
	context: BrokerContext,
	kind: ListingKind,
	ids: readonly unknown[],
	options: ListingReadOptions = {},
): Promise<ListingRead[]> {
	const outcomes: ListingRead[] = new Array<ListingRead>(ids.length);
	const reader = withNodeReadOnce(context);
	const workers = Math.min(ids.length, await listingReadsInFlight(context));
	let next = 0;
	let failure: { error: unknown } | undefined;
	const work = async () => {
		while (!failure && next < ids.length) {
			const index = next++;
			try {
				outcomes[index] = await readListing(reader, kind, ids[index], options);
			} catch (error) {
				failure ??= { error };
			}
		}
	};
	await Promise.all(Array.from({ length: workers }, work));
	if (failure) throw toNodeError(context.getNode(), failure.error, itemIndexOf(context));
	return outcomes;
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
