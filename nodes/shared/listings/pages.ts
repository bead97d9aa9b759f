import type { IDataObject } from 'n8n-workflow';

import { checkMaxPages, isBlank } from '../rules';
import { unexpectedAnswerError } from '../failures';
import {
	answerKind,
	type AnswerTimes,
	send,
	type BrokerContext,
	checkReadAnswer,
	itemIndexOf,
	pageGuard,
} from '../wire';
import { LIST_PAGE_SIZE, LIST_QUERY, LISTINGS, type ListingKind } from './kinds';

/** A list's filters, as sent: change times as UTC ISO 8601 (an explicit offset), status and type as the service names them. */
export interface ListingFilters {
	changedSince?: string;
	changedUntil?: string;
	status?: string;
	type?: string;
}

export interface ListingPagesOptions {
	filters?: ListingFilters;
	/** The customer id whose list is read where it is not the node's own (one the service named). */
	customerId?: string;
	/** Rows per page; LIST_PAGE_SIZE when left out. */
	pageSize?: number;
	/** Pages to read at most before failing (a list that never ends); LIMITS.maxPages' default when left out. */
	maxPages?: number;
	/** 'asSent' leaves the rows' times as the service wrote them (a trigger reads them itself). */
	times?: AnswerTimes;
	/**
	 * How the caller words an answer that is not a page (a trigger says it keeps its place for
	 * the next poll); the list's own wording when left out.
	 */
	notAPage?: (answer: unknown) => Error;
}

/** One page of a list as the service answered it (advertising.md section 4). */
export interface ListingPage {
	/** The page asked for (pages count from 0). */
	index: number;
	/** Pages in the list, as the service counts them, when it said. */
	count?: number;
	/** Rows over all pages, when the service said. */
	totalRowCount?: number;
	rows: IDataObject[];
	/** When the answer arrived (epoch milliseconds), what its bare times are read against. */
	arrivedAt: number;
}

const wholeNumber = (value: unknown) =>
	typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : undefined;

/** The query of one page: paging first, then the filters given. */
function pageQuery(filters: ListingFilters, pageIndex: number, pageSize: number): IDataObject {
	const query: IDataObject = {
		[LIST_QUERY.pageSize]: pageSize,
		[LIST_QUERY.pageIndex]: pageIndex,
	};
	for (const name of ['changedSince', 'changedUntil', 'status', 'type'] as const)
		if (!isBlank(filters[name])) query[LIST_QUERY[name]] = filters[name];
	return query;
}

/** One page of a kind's list. An answer that is not a page (no `rows` list) fails, saying so. */
export async function readListingPage(
	context: BrokerContext,
	kind: ListingKind,
	pageIndex: number,
	options: ListingPagesOptions = {},
): Promise<ListingPage> {
	const { body, arrivedAt } = await send(
		context,
		{
			method: 'GET',
			...(options.customerId === undefined
				? { path: LISTINGS[kind].list }
				: {
						path: LISTINGS[kind].list.replace('{customerId}', '{underCustomerId}'),
						pathValues: { underCustomerId: options.customerId },
						pathLabels: { underCustomerId: 'Customer ID from the service' },
					}),
			qs: pageQuery(options.filters ?? {}, pageIndex, options.pageSize ?? LIST_PAGE_SIZE),
		},
		{ times: options.times },
	);
	const itemIndex = itemIndexOf(context);
	const page = (body ?? {}) as IDataObject;
	const isPage = typeof body === 'object' && !Array.isArray(body) && Array.isArray(page.rows);
	if (!isPage && options.notAPage) throw options.notAPage(body);
	checkReadAnswer(context.getNode(), body, itemIndex);
	if (!isPage)
		throw unexpectedAnswerError(
			context.getNode(),
			`The service's answer is not a page of the ${LISTINGS[kind].noun} list`,
			`Got ${answerKind(body)} without rows, where a page (index, count of pages, totalRowCount, rows) was due.`,
			itemIndex,
		);
	const count = wholeNumber(page.count);
	const totalRowCount = wholeNumber(page.totalRowCount);
	return {
		index: wholeNumber(page.index) ?? pageIndex,
		...(count !== undefined ? { count } : {}),
		...(totalRowCount !== undefined ? { totalRowCount } : {}),
		rows: (page.rows as unknown[]).filter(
			(row): row is IDataObject => row !== null && typeof row === 'object' && !Array.isArray(row),
		),
		arrivedAt,
	};
}

/**
 * Every page of a kind's list, in order, from page 0: stops after an empty page or the last one
 * the service counts (`index + 1 >= count`); a page repeated, or more than Max Pages, fails
 * (pageGuard). The caller may stop early (a limit reached): no page is read before it is asked for.
 */
export async function* readListingPages(
	context: BrokerContext,
	kind: ListingKind,
	options: ListingPagesOptions = {},
): AsyncGenerator<ListingPage> {
	const node = context.getNode();
	const itemIndex = itemIndexOf(context);
	const nextPage = pageGuard(node, checkMaxPages(node, options.maxPages), itemIndex);
	for (let pageIndex = 0; ; pageIndex++) {
		const page = await readListingPage(context, kind, pageIndex, options);
		if (page.rows.length === 0) return;
		yield page;
		if (page.count !== undefined && page.index + 1 >= page.count) return;
		nextPage(pageIndex, page.rows);
	}
}

/** The rows of every page of a kind's list (or the first `limit` rows, reading no page past them). */
export async function readListingRows(
	context: BrokerContext,
	kind: ListingKind,
	options: ListingPagesOptions & { limit?: number } = {},
): Promise<IDataObject[]> {
	const rows: IDataObject[] = [];
	const limit = options.limit ?? Infinity;
	if (limit <= 0) return rows;
	for await (const page of readListingPages(context, kind, options)) {
		rows.push(...page.rows);
		if (rows.length >= limit) return rows.slice(0, limit);
	}
	return rows;
}
