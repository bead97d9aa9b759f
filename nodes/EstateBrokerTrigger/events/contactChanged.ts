import type { IDataObject, INodeProperties, IPollFunctions } from 'n8n-workflow';

import { contactRecords, type ContactType } from '../../shared/pickers';
import type { Observed } from '../state';
import { expectListsRecord, listedTime, observedRecord } from '../helpers/listedRecords';
import { send, recordsOf } from '../../shared/wire';
import type { RecordEvent } from '../helpers/recordEvent';

const show = { show: { event: ['contactCreatedOrChanged'] } };

export const contactChangedFields: INodeProperties[] = [
	{
		displayName: 'Watch',
		name: 'contactChange',
		type: 'options',
		options: [
			{
				name: 'Changed Contacts',
				value: 'changed',
				description: 'Every change of a contact, new contacts included',
			},
			{
				name: 'Created Contacts',
				value: 'created',
				description: 'Only contacts that are new in the register',
			},
		],
		default: 'changed',
		displayOptions: show,
	},
	{
		displayName: 'Fetch Full Contacts',
		name: 'fetchFullContacts',
		type: 'boolean',
		default: false,
		description:
			"Whether to fetch each contact's full record (name, email, phone, address, categories…) instead of its ID and change time; one extra request per 20 contacts of a type",
		displayOptions: show,
	},
];

/** The contact list groups contacts by type; items say which group a contact came from. */
const GROUPS = [
	['persons', 'Person'],
	['companies', 'Company'],
	['deceasedEstates', 'DeceasedEstate'],
] as const;

const mode = (context: IPollFunctions) =>
	context.getNodeParameter('contactChange', 'changed') === 'created' ? 'created' : 'changed';

/**
 * Whole records by id (the contact pickers' reader): an id the list gave that no path may carry
 * is not read, and its contact goes out as listed with fullContactError saying why (the poll
 * goes on, nothing is lost).
 */
async function fullContacts(
	this: IPollFunctions,
	entries: Array<{ id: string; type: ContactType }>,
): Promise<Map<string, IDataObject>> {
	const { records, unreadable } = await contactRecords(this, entries);
	for (const [id, reason] of unreadable) records.set(id, { fullContactError: reason });
	return records;
}

/**
 * New or changed contacts, from the contact list filtered by criteria.createdAtFrom or
 * criteria.changedAtFrom. A change is recognised by contact and change time, so a contact
 * changed twice starts the workflow twice; a created contact starts it once.
 */
export const contactChanged: RecordEvent = {
	identity: (context) => (mode(context) === 'created' ? 'key' : 'keyAndTime'),
	scope(this: IPollFunctions) {
		return [mode(this)];
	},
	lookBackMonths: 2,
	async observe(this: IPollFunctions, window) {
		const change = mode(this);
		const qs = window.from ? { [`criteria.${change}AtFrom`]: window.from.toISOString() } : {};
		// The list as sent: each contact's change time is read once, and only the contacts the poll may emit are rewritten.
		const { body, arrivedAt } = await send(
			this,
			{ method: 'GET', path: '/CRM/Contact/{customerId}', qs },
			{ times: 'asSent' },
		);
		const node = this.getNode();
		const list = expectListsRecord(
			node,
			body,
			'a contact list',
			GROUPS.map(([group]) => group),
		);
		const observed: Array<Observed<IDataObject>> = [];
		for (const [group, contactType] of GROUPS) {
			const entries = recordsOf(list[group]);
			for (let index = 0; index < entries.length; index++) {
				const entry = entries[index];
				if (entry.id === undefined || entry.id === null) continue;
				const time = listedTime(node, entry, 'changedAt', arrivedAt, `${group}[${index}]`);
				if (!time) continue;
				observed.push(
					observedRecord(
						node,
						String(entry.id),
						time,
						{ ...entry, contactType, change },
						arrivedAt,
						`${group}[${index}]`,
					),
				);
			}
		}
		return { observed };
	},
	async toItems(this: IPollFunctions, fresh) {
		if (this.getNodeParameter('fetchFullContacts', false) !== true)
			return fresh.map((entry) => entry.record);
		const full = await fullContacts.call(
			this,
			fresh.map((entry) => ({ id: entry.key, type: entry.record.contactType as ContactType })),
		);
		return fresh.map((entry) => {
			const found = full.get(entry.key);
			if (found && 'fullContactError' in found) return { ...entry.record, ...found };
			return { ...(found ?? entry.record), change: entry.record.change };
		});
	},
	nothingFound: {
		message: 'No contacts found',
		description:
			'No contact was created or changed in the last two months. Change a contact, then fetch the test event again.',
	},
};
