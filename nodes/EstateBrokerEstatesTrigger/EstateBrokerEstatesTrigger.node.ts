import { EstateBrokerTrigger } from '../EstateBrokerTrigger/EstateBrokerTrigger.node';
import { areaTriggerDescription } from '../EstateBrokerTrigger/helpers/areaTrigger';

/** Estate Broker Events Trigger with the listing events, listed under Estate Broker Estates in n8n's node panel. */
export class EstateBrokerEstatesTrigger extends EstateBrokerTrigger {
	description = areaTriggerDescription(new EstateBrokerTrigger().description, {
		actionNode: 'estateBrokerEstates',
		actionDisplayName: 'Estate Broker Estates',
		events: [
			'newListing',
			'listingPublishedOrChanged',
			'listingStatusChanged',
			'listingPriceChanged',
			'viewingAdded',
			'biddingStarted',
			'listingUnpublished',
		],
		purpose:
			'Starts a workflow when an estate is published on the website, a listing changes (its status, price, viewings, bidding), or an estate is taken off the website',
	});
}
