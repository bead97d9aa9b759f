import { createHash } from 'node:crypto';
import type { IDataObject, IPollFunctions } from 'n8n-workflow';

import { inWorkflowZone, splitIntoWindows, toWire } from '../../shared/dates';
import type { Observed } from '../state';
import { expectListsRecord, listedTime, observedRecord } from '../helpers/listedRecords';
import { send, recordsOf } from '../../shared/wire';
import type { RecordEvent } from '../helpers/recordEvent';

/** The lead's own id, where its row carries one (`id`, `leadId` or `lead.id`). */
function leadId(row: IDataObject): string | undefined {
	const lead = row.lead && typeof row.lead === 'object' ? (row.lead as IDataObject) : undefined;
	const id = row.id ?? row.leadId ?? lead?.id;
	return typeof id === 'string' || typeof id === 'number' ? String(id) : undefined;
}

/**
 * A lead's id where the row carries one; else a fingerprint of what the row says, its time as
 * the service wrote it (so a poll that reads a time of the hour that comes twice the other way
 * still knows the lead).
 */
export function leadKey(row: IDataObject): string {
	const id = leadId(row);
	if (id !== undefined) return id;
	const { createdAt, sender, receiver, contact, estate } = row;
	const text = JSON.stringify([createdAt, sender, receiver, row.lead, contact, estate]);
	return createHash('sha256').update(text).digest('base64url').slice(0, 16);
}

/**
 * New interest applications and other incoming leads. Interest applications have no list of
 * their own; each one adds an incoming lead to the tips-and-leads report, which is read over
 * the span since the last poll in windows of at most two months (the report's limit).
 */
export const newLead: RecordEvent = {
	identity: () => 'key',
	scope: () => [],
	lookBackMonths: 2,
	async observe(this: IPollFunctions, window) {
		const from = window.from ?? window.to;
		const node = this.getNode();
		const observed: Array<Observed<IDataObject>> = [];
		// Two months on the workflow's calendar, as the report's limit is checked.
		const windows = splitIntoWindows(
			inWorkflowZone(this, from),
			inWorkflowZone(this, window.to),
			'twoMonths',
		);
		for (const [index, span] of windows.entries()) {
			// A long catch-up stops at a window boundary when the poll budget runs low; the rest waits for the next poll.
			if (index > 0 && Date.now() > window.deadline)
				return { observed, until: span.from.toJSDate() };
			// The report as sent: each lead's time is read once against the answer's arrival, and only the leads the poll may emit are rewritten.
			const { body, arrivedAt } = await send(
				this,
				{
					method: 'GET',
					path: '/BusinessIntelligence/TipsAndLeads/Report',
					customerIdQuery: 'customerId',
					qs: {
						dateFrom: toWire(span.from),
						dateTo: toWire(span.to),
						activeStatusTipLead: 'ActiveAndRemoved',
					},
				},
				{ times: 'asSent' },
			);
			const report = expectListsRecord(node, body, 'a tips-and-leads report', [
				'incomingLeads',
				'outgoingLeads',
				'tips',
			]);
			const rows = recordsOf(report.incomingLeads);
			// A row with the lead's id is that lead however often the answer lists it (paged answers
			// repeat rows); advance() keeps one. Rows without any id alike in every field (the same
			// text for the time too) cannot be told apart, so each counts as a lead of its own: the
			// second is keyed #2, and so on.
			const alike = new Map<string, number>();
			for (let index = 0; index < rows.length; index++) {
				const row = rows[index];
				const at = `incomingLeads[${index}]`;
				const time = listedTime(node, row, 'createdAt', arrivedAt, at);
				if (!time) continue;
				let key = leadKey(row);
				if (leadId(row) === undefined) {
					const count = (alike.get(key) ?? 0) + 1;
					alike.set(key, count);
					if (count > 1) key = `${key}#${count}`;
				}
				observed.push(observedRecord(node, key, time, row, arrivedAt, at));
			}
		}
		return { observed };
	},
	nothingFound: {
		message: 'No incoming leads found',
		description:
			'The tips-and-leads report shows no incoming lead in the last two months. Register an interest application, then fetch the test event again.',
	},
};
