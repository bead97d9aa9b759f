import type { SandboxStore } from '../../../sandbox/src';

/** Records of the seeded sandbox an advertising test works on. */
export function advertisingFixtures(store: SandboxStore) {
	const estate = [...store.estates.values()].find(
		(candidate) => candidate.customerId === 'M30011' && candidate.status === 'ForSale',
	)!;
	const association = [...store.associations.values()].find(
		(candidate) => candidate.customerId === 'M30011',
	)!;
	/** A person of another firm, with an identity number, not linked to the demo firm (group G2). */
	const outsider = [...store.contacts.values()].find(
		(contact) =>
			contact.type === 'Person' &&
			contact.socialSecurityNumber &&
			!store.contactLinkedTo(contact, 'G2'),
	)!;
	const activeOrders = [...store.contactOrders.values()].filter(
		(order) => order.active && store.inScope(order.customerId, 'G2'),
	);
	return { estate, association, outsider, activeOrders };
}
