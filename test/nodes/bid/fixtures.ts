import type { SandboxStore } from '../../../sandbox/src';

/** Records of the seeded sandbox a bid test works on, all owned by office M30011. */
export function bidFixtures(store: SandboxStore) {
	const estates = [...store.estates.values()].filter(
		(estate) => estate.customerId === 'M30011' && estate.status === 'ForSale',
	);
	const persons = [...store.contacts.values()].filter(
		(contact) => contact.customerId === 'M30011' && contact.type === 'Person',
	);
	const visibleBids = [...store.bids.values()].filter(
		(bid) => bid.customerId === 'M30011' && !bid.isCanceled && !bid.isHidden,
	);
	const byEstate = new Map<string, number>();
	for (const bid of visibleBids) byEstate.set(bid.estateId, (byEstate.get(bid.estateId) ?? 0) + 1);
	const busiestEstateId = [...byEstate.entries()].sort((a, b) => b[1] - a[1])[0][0];
	return {
		estateId: estates[0].id,
		contactId: persons[0].id,
		person: persons[0],
		visibleBid: visibleBids[0],
		/** The estate with the most visible bids, for list and limit tests. */
		busiestEstateId,
		visibleBidsOn: (estateId: string) => visibleBids.filter((bid) => bid.estateId === estateId),
	};
}
