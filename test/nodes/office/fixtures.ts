import type { SandboxStore } from '../../../sandbox/src';

/** Records of the seeded sandbox an office test works on (demo user: group G2, office M30011). */
export function officeFixtures(store: SandboxStore) {
	const agents = store.agentsOf('M30011').filter((agent) => !agent.archived);
	/** A person of the office whose number is written YYYYMMDD-NNNN, as staff type it. */
	const person = [...store.contacts.values()].find(
		(contact) =>
			contact.type === 'Person' &&
			contact.customerId === 'M30011' &&
			/^\d{8}-\d{4}$/.test(contact.socialSecurityNumber ?? ''),
	)!;
	return {
		agent: agents[0],
		otherAgent: agents[1],
		person,
		areasOf: (customerId: string) =>
			[...store.areas.values()].filter((area) => store.inScope(area.customerId, customerId)),
	};
}

/** Södermalm, Stockholm, as GeoJSON [longitude, latitude] pairs with the closing point. */
export const SODERMALM: [number, number][] = [
	[18.0552, 59.3122],
	[18.1013, 59.3098],
	[18.1087, 59.3201],
	[18.0621, 59.3233],
	[18.0552, 59.3122],
];
