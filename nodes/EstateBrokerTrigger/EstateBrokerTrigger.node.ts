import type {
	INodeExecutionData,
	INodeType,
	INodeTypeDescription,
	IPollFunctions,
} from 'n8n-workflow';
import { NodeConnectionTypes, NodeOperationError } from 'n8n-workflow';

import {
	customerIdField,
	messageFormatField,
	optionSubtitle,
	triggerRequestOptionsField,
} from '../shared/descriptions';
import { listSearch } from '../shared/pickers';
import { pollReadingCredentialOnce } from '../shared/account';
import { contactChanged, contactChangedFields } from './events/contactChanged';
import { listingFields, listingPublishedOrChanged, newListing } from './events/listingChanged';
import {
	isListingWatchEvent,
	LISTING_WATCH_EVENTS,
	LISTING_WATCH_OPTIONS,
	listingWatchFields,
	pollListingWatch,
} from './events/listingWatch';
import { liveDataFields, pollLiveData } from './events/liveDataChanged';
import { newBid, newBidFields } from './events/newBid';
import { newLead } from './events/newLead';
import type { RecordEvent } from './helpers/recordEvent';
import { pollRecords } from './helpers/pollRecords';
import { pollKeepingPause } from './keptPause';

const RECORD_EVENTS: Record<string, RecordEvent> = {
	contactCreatedOrChanged: contactChanged,
	listingPublishedOrChanged,
	newBid,
	newListing,
	newInterestOrLead: newLead,
};

/** The events, by label; the stored values are the public interface. */
const EVENT_OPTIONS = [
	{
		name: 'Listing Published or Changed',
		value: 'listingPublishedOrChanged',
		description: 'An estate was published on the website, or a published estate changed',
	},
	{
		name: 'Live Data Changed',
		value: 'liveDataChanged',
		description: "An agent's figures in the live-data report moved since the last check",
	},
	{
		name: 'New Bid',
		value: 'newBid',
		description:
			'A bid was placed on an estate of the office. Annulled bids do not start the workflow.',
	},
	{
		name: 'New Interest Application or Lead',
		value: 'newInterestOrLead',
		description: 'Someone registered interest in an estate, or another incoming lead arrived',
	},
	{
		name: 'New Listing',
		value: 'newListing',
		description:
			'An estate was published on the website for the first time since the workflow was published (its whole record)',
	},
	{
		name: 'New or Changed Contact',
		value: 'contactCreatedOrChanged',
		description: 'A contact was added to the register, or changed',
	},
	...LISTING_WATCH_OPTIONS,
].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));

/** One poll of the chosen event. */
async function pollEvent(poll: IPollFunctions): Promise<INodeExecutionData[][] | null> {
	const event = poll.getNodeParameter('event') as string;
	if (event === 'liveDataChanged') return await pollLiveData.call(poll);
	if (isListingWatchEvent(event)) return await pollListingWatch.call(poll, event);
	const recordEvent = RECORD_EVENTS[event];
	if (!recordEvent) {
		// Why not a shared check: the event picks what is polled; only an expression or a hand-edited workflow can get here.
		throw new NodeOperationError(
			poll.getNode(),
			`Event "${String(event)}" is not one this trigger knows`,
			{
				description: `Choose one of: liveDataChanged, ${[...LISTING_WATCH_EVENTS, ...Object.keys(RECORD_EVENTS)].join(', ')}`,
			},
		);
	}
	return await pollRecords.call(poll, event, recordEvent);
}

export class EstateBrokerTrigger implements INodeType {
	description: INodeTypeDescription = {
		// n8n's node panel lists a trigger without the word Trigger: "Estate Broker Events", every event in one trigger.
		displayName: 'Estate Broker Events Trigger',
		name: 'estateBrokerTrigger',
		icon: { light: 'file:estateBrokerTrigger.svg', dark: 'file:estateBrokerTrigger.dark.svg' },
		group: ['trigger'],
		version: 1,
		subtitle: optionSubtitle('event', EVENT_OPTIONS),
		description:
			'Starts a workflow on any event of the brokerage system: a new bid, a new lead or interest application, a new or changed contact, a new or changed listing (its status, price, viewings, bidding, or taken off the website), or changed live data',
		defaults: { name: 'Estate Broker Events Trigger' },
		polling: true,
		inputs: [],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'estateBrokerApi', required: true }],
		properties: [
			{
				displayName: 'Event',
				name: 'event',
				type: 'options',
				noDataExpression: true,
				options: EVENT_OPTIONS,
				default: 'newBid',
			},
			...newBidFields,
			...contactChangedFields,
			...listingFields,
			...listingWatchFields,
			...liveDataFields,
			{
				displayName: 'Emit Existing Items on First Run',
				name: 'emitExistingOnFirstRun',
				type: 'boolean',
				default: false,
				description:
					'Whether the first check after the workflow is published starts it for what already exists (all bids; leads and contacts of the last two months; every published estate; the current figures). Off: it only notes where things stand.',
				displayOptions: { hide: { event: [...LISTING_WATCH_EVENTS] } },
			},
			{
				displayName: 'Options',
				name: 'options',
				type: 'collection',
				placeholder: 'Add Option',
				default: {},
				displayOptions: { hide: { event: ['liveDataChanged', ...LISTING_WATCH_EVENTS] } },
				options: [
					{
						displayName: 'Late Records Window (Minutes)',
						name: 'lateWindowMinutes',
						type: 'number',
						typeOptions: { minValue: 1, maxValue: 10080 },
						default: 60,
						description:
							'Records may appear in the system up to this long after the time they carry (a bid entered after a phone call) and still start the workflow once. Records entered later than that are missed. A longer window remembers more IDs between checks.',
					},
				],
			},
			customerIdField,
			messageFormatField,
			triggerRequestOptionsField,
		],
	};

	methods = { listSearch };

	async poll(this: IPollFunctions): Promise<INodeExecutionData[][] | null> {
		const poll = pollReadingCredentialOnce(this);
		return await pollKeepingPause(poll, async () => await pollEvent(poll));
	}
}
