import type { IDataObject } from 'n8n-workflow';

import { utcMillis } from '../shared/dates';

/**
 * What a trigger remembers between polls, as plain JSON in the node's static data.
 *
 * The service has no "since" cursor of its own, so the trigger keeps one: `cursor` is the
 * newest record time it has accounted for, never later than the poll's own clock. Records
 * stamped within the late-records window before the cursor may still show up (same second,
 * written late, clocks apart), so their keys are kept in `seen`, grouped by record time;
 * older keys are dropped. Each key is kept once, at the time it was last listed with (a list
 * shows a record's latest change only), so the state grows with the records changed inside
 * that window, never with how often they change, nor with the history on the server. Stored,
 * `seen` is written compactly (storedSeen) and held within SEEN_BUDGET_BYTES (see `floor`).
 */
export interface TriggerState {
	version: typeof STATE_VERSION;
	/** Event and filters the state was recorded for; other settings start afresh. */
	scope: string;
	/** UTC ISO 8601. */
	cursor: string;
	/** Record time (UTC ISO) → keys of the records seen with that time. */
	seen: Record<string, string[]>;
	/**
	 * Where the first poll's look began (UTC ISO: its clock less the late-records window), when
	 * it was not asked to emit existing records: nothing stamped before it is ever emitted,
	 * however late it shows up; a record stamped after it that the first poll did not see is new.
	 * Absent: no such bound.
	 */
	activatedAt?: string;
	/**
	 * Where `seen` begins when more records changed within the window than its budget holds
	 * (UTC ISO): the oldest keys were let go, and nothing stamped before this is new, so none of
	 * them is emitted twice. Absent while everything within the window is kept.
	 */
	floor?: string;
}

/** 2: `seen` stored compactly (storedSeen); 1 (a plain record of times to keys) is read too. */
export const STATE_VERSION = 2;
/** The version of the state that stored `seen` as it is held: times to lists of keys. */
const PLAIN_STATE_VERSION = 1;

/**
 * The most `seen` takes in static data, stored (bytes of its keys and times). n8n writes a
 * trigger's static data back on every poll that changes it; the rest of the state is a few
 * hundred bytes, so the whole stays under 64 KB.
 */
export const SEEN_BUDGET_BYTES = 56 * 1024;

/** A record as the state sees it: its key and the time it is ordered and pruned by. */
export interface Observed<T> {
	key: string;
	/** UTC ISO 8601. */
	time: string;
	/**
	 * UTC ISO 8601 of the other instant the record's text names, where it is an offset-less
	 * time in the hour that comes twice: an earlier poll may have read it so (its answer
	 * arrived before the second occurrence), and the record is then the one it saw.
	 */
	otherTime?: string;
	record: T;
}

/**
 * How a record is recognised: by its key alone (a bid, a lead, a created contact), or by key
 * and time (a contact change: the same contact changed again is a new event).
 */
export type Identity = 'key' | 'keyAndTime';

export interface AdvanceOptions {
	identity: Identity;
	/** Width of the late-records window. */
	lateWindowMs: number;
	/** The poll's clock: the cursor never passes it, and follows it at the window's distance. */
	now: Date;
	/** Records stamped before this (UTC ISO) are never new: the trigger's activation (TriggerState.activatedAt). */
	notBefore?: string;
	/**
	 * Epoch ms of the oldest record the poll could not finish (left out of `observed`): the
	 * cursor stays within the window after it, so the next poll lists it again and takes it for new.
	 */
	holdFrom?: number;
}

/** The state as a poll computes it, before it is stored under its scope. */
export type PollState = Omit<TriggerState, 'scope' | 'version'>;

export interface Advance<T> {
	/** Records not seen before, oldest first (time, then key). */
	fresh: Array<Observed<T>>;
	state: PollState;
}

const toMs = utcMillis;

function identityOf(identity: Identity, key: string, time: string): string {
	return identity === 'key' ? key : `${key}@${toMs(time)}`;
}

function byTimeThenKey<T>(a: Observed<T>, b: Observed<T>): number {
	const difference = toMs(a.time) - toMs(b.time);
	if (difference !== 0) return difference;
	return a.key < b.key ? -1 : a.key > b.key ? 1 : 0;
}

const isTime = (value: unknown): value is string =>
	typeof value === 'string' && !Number.isNaN(toMs(value));

/**
 * `seen` as stored: `since` (UTC ISO) and `prefix` once, then `groups`, one per record time:
 * the time as milliseconds after `since` in base 36, then each key less the prefix, after a
 * comma; groups apart by a space. In a key, `%`, `,` and space are written `%25`, `%2C`, `%20`.
 */
export interface StoredSeen {
	since: string;
	prefix: string;
	groups: string;
}

const escapeKey = (key: string) =>
	key.replace(/[%, ]/g, (c) => (c === '%' ? '%25' : c === ',' ? '%2C' : '%20'));
const unescapeKey = (text: string) =>
	text.replace(/%(25|2C|20)/g, (_, code: string) =>
		code === '25' ? '%' : code === '2C' ? ',' : ' ',
	);

function commonPrefix(keys: string[]): string {
	if (keys.length === 0) return '';
	let prefix = keys[0];
	for (const key of keys) {
		let length = 0;
		while (length < prefix.length && length < key.length && prefix[length] === key[length])
			length++;
		prefix = prefix.slice(0, length);
		if (prefix === '') break;
	}
	return prefix;
}

/** The times of `seen` that hold keys, with their epoch ms, oldest first. */
function timesOldestFirst(seen: Record<string, string[]>): Array<{ time: string; ms: number }> {
	return Object.keys(seen)
		.filter((time) => seen[time].length > 0)
		.map((time) => ({ time, ms: toMs(time) }))
		.sort((a, b) => a.ms - b.ms);
}

/** `seen` in its stored form (undefined when it holds nothing). */
export function storedSeen(seen: Record<string, string[]>): StoredSeen | undefined {
	const times = timesOldestFirst(seen);
	if (times.length === 0) return undefined;
	const since = times[0].ms;
	const prefix = commonPrefix(times.flatMap(({ time }) => seen[time]));
	const groups = times.map(({ time, ms }) =>
		[
			(ms - since).toString(36),
			...seen[time].map((key) => escapeKey(key.slice(prefix.length))),
		].join(','),
	);
	return { since: new Date(since).toISOString(), prefix, groups: groups.join(' ') };
}

/** `seen` read back from its stored form; undefined when it is not one. */
function seenFromStored(stored: unknown): Record<string, string[]> | undefined {
	if (stored === undefined) return {};
	const { since, prefix, groups } = (stored ?? {}) as Partial<StoredSeen>;
	if (!isTime(since) || typeof prefix !== 'string' || typeof groups !== 'string') return undefined;
	const seen: Record<string, string[]> = {};
	for (const group of groups.split(' ')) {
		const [offset, ...keys] = group.split(',');
		const ms = toMs(since) + parseInt(offset, 36);
		if (!/^[0-9a-z]+$/.test(offset) || Number.isNaN(ms) || keys.length === 0) return undefined;
		seen[new Date(ms).toISOString()] = keys.map((key) => prefix + unescapeKey(key));
	}
	return seen;
}

/**
 * Reads stored static data back; anything unexpected (an unknown version, other settings)
 * counts as no state. A state of version 1 (`seen` as a plain record, as 1.0.0 stores it) is read
 * as it was, and stored compactly (version 2) by the next poll.
 */
export function readState(data: IDataObject, scope: string): TriggerState | undefined {
	const state = data.state as
		| (Partial<Omit<TriggerState, 'seen' | 'version'>> & {
				version?: unknown;
				seen?: unknown;
		  })
		| undefined;
	if (!state || state.scope !== scope) return undefined;
	if (!isTime(state.cursor)) return undefined;
	if (state.activatedAt !== undefined && !isTime(state.activatedAt)) return undefined;
	if (state.floor !== undefined && !isTime(state.floor)) return undefined;
	let seen: Record<string, string[]> | undefined;
	if (state.version === PLAIN_STATE_VERSION) {
		const plain = state.seen;
		if (!plain || typeof plain !== 'object' || Array.isArray(plain)) return undefined;
		seen = plain as Record<string, string[]>;
	} else if (state.version === STATE_VERSION) seen = seenFromStored(state.seen);
	if (!seen) return undefined;
	return {
		version: STATE_VERSION,
		scope,
		cursor: state.cursor,
		seen,
		...(state.activatedAt ? { activatedAt: state.activatedAt } : {}),
		...(state.floor ? { floor: state.floor } : {}),
	};
}

/** Replaces the stored state in place (n8n watches the static data object for changes). */
export function writeState(data: IDataObject, scope: string, state: PollState): void {
	const seen = storedSeen(state.seen);
	data.state = {
		version: STATE_VERSION,
		scope,
		cursor: state.cursor,
		...(seen ? { seen: seen as unknown as IDataObject } : {}),
		...(state.activatedAt ? { activatedAt: state.activatedAt } : {}),
		...(state.floor ? { floor: state.floor } : {}),
	};
}

/** The earliest record time the next poll has to look at. */
export function lookBackFrom(state: Pick<TriggerState, 'cursor'>, lateWindowMs: number): Date {
	return new Date(toMs(state.cursor) - lateWindowMs);
}

/**
 * Epoch ms before which no record of this poll is new: the window before the previous cursor,
 * and never before the activation (`notBefore`) nor the state's floor; -Infinity on a first
 * poll that emits what exists.
 */
export function lookBoundary(
	previous: Pick<TriggerState, 'cursor' | 'floor'> | undefined,
	lateWindowMs: number,
	notBefore: string | undefined,
): number {
	return Math.max(
		previous ? toMs(previous.cursor) - lateWindowMs : -Infinity,
		previous?.floor ? toMs(previous.floor) : -Infinity,
		notBefore ? toMs(notBefore) : -Infinity,
	);
}

/** The keys a stored state remembers, whatever their time. */
export function knownKeys(previous: Pick<TriggerState, 'seen'> | undefined): Set<string> {
	return new Set(Object.values(previous?.seen ?? {}).flat());
}

/** Bytes a group of keys at one time takes stored (its keys less `prefix`, the time, the commas and space). */
function storedBytes(keys: string[], prefix: string): number {
	let bytes = 9;
	for (const key of keys) bytes += 1 + Buffer.byteLength(escapeKey(key.slice(prefix.length)));
	return bytes;
}

/**
 * `seen` within SEEN_BUDGET_BYTES: the newest groups kept, and `floor` the oldest time kept
 * when older ones had to go (undefined when all fit).
 */
function withinBudget(seen: Record<string, string[]>): {
	seen: Record<string, string[]>;
	floor?: string;
} {
	const times = timesOldestFirst(seen).reverse();
	const prefix = commonPrefix(times.flatMap(({ time }) => seen[time]));
	let bytes = 0;
	for (const [index, { time, ms }] of times.entries()) {
		bytes += storedBytes(seen[time], prefix);
		if (bytes <= SEEN_BUDGET_BYTES) continue;
		const kept: Record<string, string[]> = {};
		for (const newer of times.slice(0, index)) kept[newer.time] = seen[newer.time];
		return { seen: kept, floor: times[index - 1]?.time ?? new Date(ms + 1).toISOString() };
	}
	return { seen };
}

/**
 * One poll's step: which observed records are new, and the state after them. Pure; the
 * caller stores the result only once the whole poll succeeded.
 *
 * Without a previous state every observed record counts as new (the caller decides whether
 * a first run emits them). With one, a record is new when it is not older than the window
 * before the cursor (nor the floor) and its identity is not in `seen`; older unseen records
 * are late beyond the window and are not emitted (the documented limit).
 */
export function advance<T>(
	previous: PollState | undefined,
	observed: Array<Observed<T>>,
	options: AdvanceOptions,
): Advance<T> {
	const { identity, lateWindowMs } = options;
	const nowMs = options.now.getTime();
	const boundary = lookBoundary(previous, lateWindowMs, options.notBefore);
	const known = new Set<string>();
	for (const [time, keys] of Object.entries(previous?.seen ?? {})) {
		const at = identity === 'key' ? '' : `@${toMs(time)}`;
		for (const key of keys) known.add(identity === 'key' ? key : `${key}${at}`);
	}

	const fresh: Array<Observed<T>> = [];
	const recent: Array<{ entry: Observed<T>; ms: number }> = [];
	let newest = previous ? toMs(previous.cursor) : -Infinity;
	for (const entry of observed) {
		const ms = toMs(entry.time);
		if (Number.isNaN(ms)) continue;
		if (ms <= nowMs && ms > newest) newest = ms;
		// Most of a long list is far behind the window: one comparison each.
		if (ms < boundary) continue;
		recent.push({ entry, ms });
		const id = identityOf(identity, entry.key, entry.time);
		const seenOtherwise =
			entry.otherTime !== undefined && known.has(identityOf(identity, entry.key, entry.otherTime));
		// Also guards against a record listed twice in one poll (two lists, adjoining windows).
		if (!known.has(id) && !seenOtherwise) {
			known.add(id);
			fresh.push(entry);
		}
	}
	// The cursor follows the clock at the window's distance, so quiet periods do not widen the next look-back.
	const cursorMs = Math.min(
		nowMs,
		Math.max(newest, nowMs - lateWindowMs),
		options.holdFrom !== undefined ? options.holdFrom + lateWindowMs : Infinity,
	);
	const keepFrom = cursorMs - lateWindowMs;

	// One time a key: the latest it was listed with, this poll or before, or remembered until (`remembering`).
	const latest = new Map<string, number>();
	for (const { entry, ms } of recent)
		if (ms >= keepFrom && ms > (latest.get(entry.key) ?? -Infinity)) latest.set(entry.key, ms);
	for (const [time, keys] of Object.entries(previous?.seen ?? {})) {
		const ms = toMs(time);
		if (ms < keepFrom) continue;
		for (const key of keys) if (ms > (latest.get(key) ?? -Infinity)) latest.set(key, ms);
	}
	const all: Record<string, string[]> = {};
	for (const [key, ms] of latest) (all[new Date(ms).toISOString()] ??= []).push(key);
	const { seen, floor: budgetFloor } = withinBudget(all);
	const floor = [budgetFloor, previous?.floor]
		.filter((time): time is string => time !== undefined && toMs(time) > keepFrom)
		.sort((a, b) => toMs(b) - toMs(a))[0];

	const state = {
		cursor: new Date(cursorMs).toISOString(),
		seen,
		...(options.notBefore ? { activatedAt: options.notBefore } : {}),
		...(floor ? { floor } : {}),
	};
	return { fresh: fresh.sort(byTimeThenKey), state };
}

/**
 * The state with keys remembered until a later time than the one they were listed with (a
 * new listing until no reading of its publication can fall after the look-back any more):
 * each key at the later of its times. A time already before the window is not kept.
 */
export function remembering(
	state: PollState,
	entries: ReadonlyArray<{ key: string; time: string }>,
	lateWindowMs: number,
): PollState {
	if (entries.length === 0) return state;
	const keepFrom = toMs(state.cursor) - lateWindowMs;
	const times = new Map<string, number>();
	for (const [time, keys] of Object.entries(state.seen)) {
		const ms = toMs(time);
		for (const key of keys) times.set(key, ms);
	}
	for (const { key, time } of entries) {
		const ms = toMs(time);
		if (ms >= keepFrom && ms > (times.get(key) ?? -Infinity)) times.set(key, ms);
	}
	const all: Record<string, string[]> = {};
	for (const [key, ms] of times) (all[new Date(ms).toISOString()] ??= []).push(key);
	const { seen, floor } = withinBudget(all);
	const floors = [floor, state.floor].filter((time): time is string => time !== undefined);
	const highest = floors.sort((a, b) => toMs(b) - toMs(a))[0];
	return { ...state, seen, ...(highest ? { floor: highest } : {}) };
}

const FIGURES_VERSION = 1;

/** Live data keeps the previous poll's figures instead of a cursor: rows by key, for one scope. */
export function readFigures(
	data: IDataObject,
	scope: string,
): Record<string, IDataObject> | undefined {
	const stored = data.figures as
		| { version?: number; scope?: string; rows?: Record<string, IDataObject> }
		| undefined;
	return stored?.version === FIGURES_VERSION &&
		stored.scope === scope &&
		stored.rows &&
		typeof stored.rows === 'object'
		? stored.rows
		: undefined;
}

export function writeFigures(
	data: IDataObject,
	scope: string,
	rows: Record<string, IDataObject>,
): void {
	data.figures = { version: FIGURES_VERSION, scope, rows };
}

/** One row of figures that differs from the previous poll; null where the row was absent. */
export interface FigureChange {
	key: string;
	previous: IDataObject | null;
	current: IDataObject | null;
}

/** JSON with sorted keys, so figures compare by value whatever order the service wrote them in. */
function canonical(value: unknown): string {
	if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
	if (value && typeof value === 'object') {
		const entries = Object.entries(value as IDataObject).sort(([a], [b]) =>
			a < b ? -1 : a > b ? 1 : 0,
		);
		return `{${entries.map(([key, entry]) => `${JSON.stringify(key)}:${canonical(entry)}`).join(',')}}`;
	}
	return JSON.stringify(value ?? null);
}

/** The rows whose figures differ between two polls, in the order of the current report, then removed rows. */
export function compareFigures(
	previous: Record<string, IDataObject>,
	current: Record<string, IDataObject>,
): FigureChange[] {
	const changes: FigureChange[] = [];
	for (const [key, figures] of Object.entries(current)) {
		const before = previous[key];
		if (!before || canonical(before) !== canonical(figures))
			changes.push({ key, previous: before ?? null, current: figures });
	}
	for (const [key, figures] of Object.entries(previous))
		if (!(key in current)) changes.push({ key, previous: figures, current: null });
	return changes;
}
