import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import {
	changesSinceLastRead,
	type EstateMemory,
	forgetOldest,
	readEstateMemory,
	withChanges,
	writeEstateMemory,
} from '../shared/listings';

/** Where the memory lives in the node's static data. */
const MEMORY = 'estates';
const SCOPE = 'estateNotifications';
/** Estates remembered at most (about 30 bytes each); the one read longest ago is forgotten first. */
const MAX_ESTATES = 20_000;

const FIRST_READ_NOTE =
	'This trigger reads this estate for the first time, so what changed is not known; the next Estate notification of it says.';

/**
 * An Estate Update read with Fetch Record gets `changes`: each watched field (status, price,
 * viewings, bidding) that changed since this trigger last read the estate, as the events
 * trigger's listing events give them (shared/listings/watchedFields.ts); `changes: null` and
 * `changesNote` for an estate it has not read before. What it read is remembered in the node's
 * static data (n8n stores it with the execution), one short string per estate, at most
 * MAX_ESTATES. Other notifications are left as they are; an Estate Remove forgets the estate.
 */
export function withEstateChanges(context: IExecuteFunctions, items: IDataObject[]): IDataObject[] {
	if (!items.some((item) => item.type === 'Estate')) return items;
	const data = context.getWorkflowStaticData('node');
	const memory: EstateMemory = readEstateMemory(data, MEMORY, SCOPE) ?? { estates: new Map() };
	const out = items.map((item) => {
		if (item.type !== 'Estate' || typeof item.id !== 'string') return item;
		if (item.event === 'Remove') {
			memory.estates.delete(item.id);
			return item;
		}
		const record = item.record as IDataObject | undefined;
		if (item.event !== 'Update' || item.recordStatus !== 'read' || !record) return item;
		const customerId = typeof item.customerId === 'string' ? item.customerId : undefined;
		const changes = changesSinceLastRead(memory, item.id, record, customerId);
		return withChanges(item, changes, FIRST_READ_NOTE);
	});
	forgetOldest(memory, MAX_ESTATES);
	writeEstateMemory(data, MEMORY, SCOPE, memory);
	return out;
}
