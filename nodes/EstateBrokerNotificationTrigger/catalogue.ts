import { ESTATE_EXTENDS, type ListingKind, PROJECT_EXTENDS } from '../shared/listings';

/**
 * What the service's notifications can carry (docs/spec/notifications.md): the choices of the
 * node's filters. The values are the service's own spellings; labels are for the editor.
 */

export const EVENTS = [
	{ name: 'Update', value: 'Update', description: 'A record was created or changed' },
	{
		name: 'Remove',
		value: 'Remove',
		description: 'A record was removed (where the target can be removed)',
	},
	{ name: 'Merge', value: 'Merge', description: 'Contacts were merged into one' },
];

export const TARGETS = [
	{ name: 'Area', value: 'Area' },
	{
		name: 'Contact',
		value: 'Contact',
		description: 'A person, company, deceased estate or association',
	},
	{ name: 'Contact Merge', value: 'Merge', description: 'Contacts merged into one (event Merge)' },
	{ name: 'Estate', value: 'Estate' },
	{
		name: "Estate's Contact",
		value: 'EstateContact',
		description: 'A buyer, seller, speculator or viewing participant of an estate',
	},
	{
		name: 'Incoming Lead',
		value: 'IncomingLead',
		description: 'Only leads the same partner delivered',
	},
	{ name: 'Meeting', value: 'Meeting' },
	{ name: 'Note', value: 'Note' },
	{ name: 'Office', value: 'Office' },
	{
		name: "Office's Agent",
		value: 'OfficeEstateAgent',
		description: "A user's affiliation with an office",
	},
	{ name: 'Project', value: 'Project' },
	{ name: 'User', value: 'User' },
];

/** Subtypes by target; a few values (Estate) mean one thing under Contact and another as a target. */
const SUBTYPES_OF: Record<string, Array<[string, string]>> = {
	Estate: [
		['House', 'House'],
		['Cottage', 'Cottage'],
		['HousingCooperative', 'Housing Cooperative'],
		['Plot', 'Plot'],
		['Condominium', 'Condominium'],
		['Farm', 'Farm'],
		['ForeignProperty', 'Foreign Property'],
		['CommercialProperty', 'Commercial Property'],
		['Premises', 'Premises'],
	],
	Contact: [
		['Person', 'Person'],
		['Company', 'Company'],
		['Estate', 'Deceased Estate'],
		['Association', 'Association'],
	],
	EstateContact: [
		['Buyer', 'Buyer'],
		['Seller', 'Seller'],
		['Speculator', 'Speculator'],
		['ExtraBuyer', 'Extra Buyer'],
		['ExtraSeller', 'Extra Seller'],
		['ViewingParticipant', 'Viewing Participant'],
	],
	OfficeEstateAgent: [['Affiliation', 'Affiliation']],
};

/** One choice per subtype value, labelled with the targets it belongs to. */
export const SUBTYPES = (() => {
	const byValue = new Map<string, string[]>();
	for (const [target, subtypes] of Object.entries(SUBTYPES_OF)) {
		for (const [value, label] of subtypes)
			byValue.set(value, [...(byValue.get(value) ?? []), `${label} (${target})`]);
	}
	return [...byValue]
		.map(([value, labels]) => ({ name: labels.join(' / '), value }))
		.sort((a, b) => a.name.localeCompare(b.name));
})();

/** data.status of an estate or a project (on Update, when known); Paused is both. */
const ESTATE_STATUSES =
	'AppointedAdmission AssignmentAccepted AssignmentAttempt AssignmentWithdrawn Coming ForSale NoAssignment NotForSale Paused PreSale ReadyForRent Rented ReservedNotForSale Sold SoldReferenceObject SoonForSale TentativelyRented'.split(
		' ',
	);
const PROJECT_STATUSES = 'Ongoing Paused SoldOut Upcoming'.split(' ');
const words = (value: string) => value.replace(/(?<=[a-z])(?=[A-Z])/g, ' ');
export const STATUSES = [...new Set([...ESTATE_STATUSES, ...PROJECT_STATUSES])]
	.map((value) => {
		const of = [
			ESTATE_STATUSES.includes(value) ? 'Estate' : '',
			PROJECT_STATUSES.includes(value) ? 'Project' : '',
		].filter(Boolean);
		return { name: `${words(value)} (${of.join(' / ')})`, value };
	})
	.sort((a, b) => a.name.localeCompare(b.name));

/**
 * Targets whose record the interface can read by id: the contacts of each kind, and a merge's
 * kept person. The path's {office} is the notification's own office.
 */
export const READABLE_RECORDS: Record<string, Record<string, string>> = {
	Contact: {
		Person: '/CRM/Contact/{office}/Person/{id}',
		Company: '/CRM/Contact/{office}/Company/{id}',
		Estate: '/CRM/Contact/{office}/DeceasedEstate/{id}',
		Association: '/Advertising/Association/{office}/{id}',
	},
	Merge: { Person: '/CRM/Contact/{office}/Person/{id}' },
};

/**
 * Targets read through the service's listing reads (docs/spec/advertising.md), whatever their
 * subtype: the kind of listing, and what the read fills beyond the record (an estate its type's
 * details and its agents, a project its agents).
 */
export const LISTING_RECORDS: Record<string, { kind: ListingKind; extend: readonly string[] }> = {
	Estate: { kind: 'estate', extend: ESTATE_EXTENDS },
	User: { kind: 'agent', extend: [] },
	Office: { kind: 'office', extend: [] },
	Area: { kind: 'area', extend: [] },
	Project: { kind: 'project', extend: PROJECT_EXTENDS },
};
