import { useSandbox } from '../../harness/sandbox';
import { poller } from './poller';

describe('Estate Broker Trigger: an event it does not know', () => {
	const sandbox = useSandbox();

	it('is refused with the events it knows, before anything is polled', async () => {
		// A hand-edited workflow or an older export can carry an event value the node does not have.
		const run = await poller(sandbox, { event: 'newOffer' }).poll();
		expect(run.items).toBeNull();
		expect(run.error?.message).toBe('Event "newOffer" is not one this trigger knows');
		expect(run.error?.description).toBe(
			'Choose one of: liveDataChanged, listingStatusChanged, listingPriceChanged, viewingAdded, biddingStarted, listingUnpublished, contactCreatedOrChanged, listingPublishedOrChanged, newBid, newListing, newInterestOrLead',
		);
		expect(await sandbox.requests()).toEqual([]);
	});
});
