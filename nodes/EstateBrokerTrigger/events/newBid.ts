import type { IDataObject, INodeProperties, IPollFunctions } from 'n8n-workflow';

import type { Observed } from '../state';
import { estateDetails } from '../helpers/estateDetails';
import { expectList, listedTime, observedRecord } from '../helpers/listedRecords';
import { estateIdField } from '../../shared/descriptions';
import { numbersByModel, pickedValue } from '../../shared/rules';
import { send } from '../../shared/wire';
import type { RecordEvent } from '../helpers/recordEvent';

const show = { show: { event: ['newBid'] } };

export const newBidFields: INodeProperties[] = [
	{
		displayName: 'Include Hidden Bids',
		name: 'includeHiddenBids',
		type: 'boolean',
		default: false,
		description: 'Whether bids the seller asked to keep hidden also start the workflow',
		displayOptions: show,
	},
	{
		...estateIdField(
			'Only bids on this estate. Leave empty for bids on every estate of the office.',
			false,
		),
		displayOptions: show,
	},
	{
		displayName: 'Include Estate and Agent',
		name: 'estateDetails',
		type: 'boolean',
		default: true,
		description:
			"Whether each bid carries its estate's address and responsible agent, read from the estate's sales report (one request per estate with new bids)",
		displayOptions: show,
	},
];

/** Flagged annulled: true, or its text in any case (an XML or loosely typed answer). */
const isAnnulled = (bid: IDataObject) =>
	bid.isCanceled === true ||
	(typeof bid.isCanceled === 'string' && bid.isCanceled.trim().toLowerCase() === 'true');

function settings(this: IPollFunctions) {
	return {
		estateId: String(pickedValue(this.getNodeParameter('estateId', '')) ?? '').trim(),
		includeHidden: this.getNodeParameter('includeHiddenBids', false) === true,
	};
}

/**
 * New bids. The bid lists have no "since" filter, so every poll reads the office's whole
 * list (visible, and hidden when asked) and the state picks out the bids it has not seen.
 * An annulled bid is not an event of this trigger, whether the list drops it or keeps it
 * flagged isCanceled (records.md, models.md: Bid.isCanceled).
 */
export const newBid: RecordEvent = {
	identity: () => 'key',
	scope(this: IPollFunctions) {
		const { estateId, includeHidden } = settings.call(this);
		return [estateId, includeHidden ? 'hidden' : 'visible'];
	},
	async observe(this: IPollFunctions, { from }) {
		const { estateId, includeHidden } = settings.call(this);
		const node = this.getNode();
		const qs = estateId ? { 'criteria.estateId': estateId } : {};
		const paths = [
			'/CRM/Bids/{customerId}',
			...(includeHidden ? ['/CRM/HiddenBids/{customerId}'] : []),
		];
		// The lists as sent: each bid's time is read once below, and only the bids the poll may emit are rewritten.
		const answers = await Promise.all(
			paths.map(async (path) => await send(this, { method: 'GET', path, qs }, { times: 'asSent' })),
		);
		// The list has no "since" filter, so the window's start is applied here: a bid stamped
		// before it can neither be new nor move the cursor (state.ts), and the poll then keeps
		// a handful of the office's 100,000 bids instead of a record for each.
		const fromMs = from ? from.getTime() : -Infinity;
		const observed: Array<Observed<IDataObject>> = [];
		for (const { body, arrivedAt } of answers) {
			const list = expectList(node, body, 'a list of bids');
			for (let index = 0; index < list.length; index++) {
				const bid = list[index];
				if (isAnnulled(bid) || bid.id === undefined || bid.id === null) continue;
				const time = listedTime(node, bid, 'createdAt', arrivedAt, `[${index}]`);
				if (!time || time.millis < fromMs) continue;
				observed.push(observedRecord(node, String(bid.id), time, bid, arrivedAt, `[${index}]`));
			}
		}
		return { observed };
	},
	/** The amount as a number (an IF node compares it), and the estate's address and agent where the service gives them. */
	async toItems(this: IPollFunctions, fresh) {
		const bids = fresh.map((entry) => entry.record);
		const typed = bids.map((bid) => numbersByModel(bid, 'Bid_Bid'));
		if (this.getNodeParameter('estateDetails', true) !== true) return typed;
		const details = await estateDetails(
			this,
			typed.map((bid) => String(bid.estateId ?? '')),
		);
		return typed.map((bid) => {
			const found = details.get(String(bid.estateId ?? ''));
			if (!found) return bid;
			return 'error' in found ? { ...bid, estateDetailsError: found.error } : { ...bid, ...found };
		});
	},
	nothingFound: {
		message: 'No bids found',
		description:
			'The office has no bids matching the filters yet. Place a bid (or clear the Estate), then fetch the test event again.',
	},
};
