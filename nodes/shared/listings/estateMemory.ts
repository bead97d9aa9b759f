import type { IDataObject } from 'n8n-workflow';

import {
	packEstate,
	rememberEstate,
	type RememberedEstate,
	unpackEstate,
	type WatchedChanges,
	watchedChanges,
	watchedFieldsOf,
} from './watchedFields';

/**
 * What a trigger remembers of the estates it has read, as n8n's static data holds it (plain
 * JSON, written back by n8n): one packed string per estate (watchedFields.ts), keyed by a
 * short form of the estate's id. Estate ids of one office share their start (`OBJ31529_` and
 * a number): the memory stores that start once (`p`) and each id's number in base 36
 * (`OBJ31529_2041198534` is `xr9yva`); an id of another form is kept whole, marked `!`. The
 * customer most estates are listed under is stored once (`c`), another one with its estate.
 *
 * At 10,000 published estates with a viewing each this is about 30 bytes an estate
 * (test/nodes/trigger/listingWatch.test.ts measures it).
 */
export interface EstateMemory {
	/** Estate id → what is remembered of it (its customer filled in from `c` where the entry names none). */
	estates: Map<string, RememberedEstate>;
}

export const ESTATE_MEMORY_VERSION = 1;

interface StoredMemory {
	v: number;
	scope: string;
	p: string;
	c?: string;
	e: Record<string, string>;
}

/** Up to 15 decimal digits, no leading zero: an exact number, written back the same. */
const NUMBER_PART = /^[1-9]\d{0,14}$/;
const PREFIXED = /^(.*_)([1-9]\d{0,14})$/;

function idKey(id: string, prefix: string): string {
	if (prefix !== '' && id.startsWith(prefix) && NUMBER_PART.test(id.slice(prefix.length)))
		return Number(id.slice(prefix.length)).toString(36);
	return `!${id}`;
}

function idOf(key: string, prefix: string): string | undefined {
	if (key.startsWith('!')) return key.slice(1);
	if (!/^[0-9a-z]+$/.test(key)) return undefined;
	return `${prefix}${parseInt(key, 36)}`;
}

/** The value most often given, or undefined for none. */
function mostCommon(values: Iterable<string | undefined>): string | undefined {
	const counts = new Map<string, number>();
	let best: string | undefined;
	let bestCount = 0;
	for (const value of values) {
		if (value === undefined) continue;
		const count = (counts.get(value) ?? 0) + 1;
		counts.set(value, count);
		if (count > bestCount) {
			best = value;
			bestCount = count;
		}
	}
	return best;
}

/** The memory stored under `name` for `scope`; undefined when there is none, or one of other settings or form. */
export function readEstateMemory(
	data: IDataObject,
	name: string,
	scope: string,
): EstateMemory | undefined {
	const stored = data[name] as Partial<StoredMemory> | undefined;
	if (
		!stored ||
		stored.v !== ESTATE_MEMORY_VERSION ||
		stored.scope !== scope ||
		typeof stored.p !== 'string' ||
		!stored.e ||
		typeof stored.e !== 'object'
	)
		return undefined;
	const estates = new Map<string, RememberedEstate>();
	for (const [key, packed] of Object.entries(stored.e)) {
		const id = idOf(key, stored.p);
		const remembered = unpackEstate(packed);
		// An entry in no known form is forgotten: its estate is read afresh, a baseline, not a change.
		if (id === undefined || !remembered) continue;
		if (remembered.customerId === undefined && typeof stored.c === 'string')
			remembered.customerId = stored.c;
		estates.set(id, remembered);
	}
	return { estates };
}

/** The memory as stored: replaced whole, so n8n sees the static data changed. */
export function writeEstateMemory(
	data: IDataObject,
	name: string,
	scope: string,
	memory: EstateMemory,
): void {
	const ids = [...memory.estates.keys()];
	const prefix = mostCommon(ids.map((id) => PREFIXED.exec(id)?.[1])) ?? '';
	const customerId = mostCommon(
		[...memory.estates.values()].map((remembered) => remembered.customerId),
	);
	const entries: Record<string, string> = {};
	for (const [id, remembered] of memory.estates) {
		const { customerId: own, ...rest } = remembered;
		entries[idKey(id, prefix)] = packEstate(
			own !== undefined && own !== customerId ? { ...rest, customerId: own } : rest,
		);
	}
	const stored: StoredMemory = {
		v: ESTATE_MEMORY_VERSION,
		scope,
		p: prefix,
		...(customerId !== undefined ? { c: customerId } : {}),
		e: entries,
	};
	data[name] = stored as unknown as IDataObject;
}

/**
 * What changed of an estate since the memory last read it (null when it has not), the memory
 * then holding the estate as read now, as the one read last: `forgetOldest` drops estates from
 * the other end.
 */
export function changesSinceLastRead(
	memory: EstateMemory,
	id: string,
	record: IDataObject,
	customerId?: string,
): WatchedChanges | null {
	const fields = watchedFieldsOf(record);
	const remembered = memory.estates.get(id);
	memory.estates.delete(id);
	memory.estates.set(id, rememberEstate(fields, record.changedAt, customerId));
	return remembered ? watchedChanges(remembered, fields) : null;
}

/** Keeps the `max` estates read last. */
export function forgetOldest(memory: EstateMemory, max: number): void {
	for (const id of memory.estates.keys()) {
		if (memory.estates.size <= max) return;
		memory.estates.delete(id);
	}
}
