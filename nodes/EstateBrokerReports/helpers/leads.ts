import type { IDataObject, IExecutePaginationFunctions, IHttpRequestOptions } from 'n8n-workflow';

import { checkMaxPages, checkPageIndex, checkPageSize } from '../../shared/rules';
import { pageGuard } from '../../shared/wire';
import { type CallsStep } from '../../shared/engine';
import { rowsOf, wantsRows } from './output';

/** The three lists of a tips-and-leads report; as rows, each says in `list` which one it came from. */
export const LEAD_LISTS = ['incomingLeads', 'outgoingLeads', 'tips'];

/** Rows per call when Return All walks the pages. */
export const DEFAULT_PAGE_SIZE = 100;

function countOf(value: unknown): number | undefined {
	return typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : undefined;
}

/**
 * The paged tips-and-leads report: one page (zero-based Page Index), or with Return All every
 * page from 0 until the last (by pageCount, or a page shorter than Page Size), at most Max
 * Pages, never the same page twice. Page Index and Page Size are checked before the first call. As one report, all pages make one item with
 * the lists joined and the total count. n8n's pagination hook makes each call.
 */
export const pagedLeads: CallsStep = async function (
	this: IExecutePaginationFunctions,
	requestData,
) {
	const request = requestData.options as IHttpRequestOptions;
	const node = this.getNode();
	const itemIndex = this.getItemIndex();
	const returnAll = this.getNodeParameter('returnAll', false) === true;
	const pageSize = checkPageSize(
		node,
		this.getNodeParameter('pageSize', DEFAULT_PAGE_SIZE),
		'Page Size',
		itemIndex,
	);
	const page = async (pageIndex: number) =>
		(
			await this.makeRoutingRequest({
				...requestData,
				options: { ...request, qs: { ...(request.qs ?? {}), pageIndex, pageSize } },
			})
		)[0];

	if (!returnAll) {
		const answer = await page(
			checkPageIndex(node, this.getNodeParameter('pageIndex', 0), 'Page Index', itemIndex),
		);
		if (!answer) return [];
		return wantsRows(this)
			? rowsOf(answer.json, LEAD_LISTS).map((json) => ({ json, pairedItem: answer.pairedItem }))
			: [answer];
	}

	const nextPage = pageGuard(
		node,
		checkMaxPages(node, this.getNodeParameter('maxPages', ''), 'Max Pages', itemIndex),
		itemIndex,
	);
	const reports: IDataObject[] = [];
	for (let pageIndex = 0; ; pageIndex++) {
		const answer = await page(pageIndex);
		if (!answer) break;
		reports.push(answer.json);
		const pageCount = countOf(answer.json.pageCount);
		const rows = rowsOf(answer.json, LEAD_LISTS);
		if (rows.length < pageSize || (pageCount !== undefined && pageIndex + 1 >= pageCount)) break;
		nextPage(pageIndex, rows);
	}
	const pairedItem = { item: itemIndex };
	if (wantsRows(this))
		return reports
			.flatMap((report) => rowsOf(report, LEAD_LISTS))
			.map((json) => ({ json, pairedItem }));
	const whole: IDataObject = { totalCount: reports[reports.length - 1]?.totalCount ?? null };
	for (const list of LEAD_LISTS) whole[list] = reports.flatMap((report) => rowsOf(report, [list]));
	return [{ json: whole, pairedItem }];
};
