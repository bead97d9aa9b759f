import type { IDataObject } from 'n8n-workflow';

import { utcMillis } from '../shared/dates';

/**
 * What a trigger remembers between polls, as plain JSON in the node's static data.
 *
 * The service has no "since" cursor of its own, so the trigger keeps one: `cursor` is the
 * newest record time it has accounted for, never later than the poll's own clock. Records
 * stamped within the late-records window before the cursor may still show up (same second,
 * written late, clocks apart), so their keys are kept in `seen`, grouped by record time;
 * older keys are dropped. The state therefore grows with the records inside that window,
 * never with the history on the server.
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
}

export const STATE_VERSION = 1;

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

export interface Advance<T> {
	/** Records not seen before, oldest first (time, then key). */
	fresh: Array<Observed<T>>;
	state: Omit<TriggerState, 'scope' | 'version'>;
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

/** Reads stored static data back; anything unexpected (older version, other settings) counts as no state. */
export function readState(data: IDataObject, scope: string): TriggerState | undefined {
	const state = data.state as Partial<TriggerState> | undefined;
	if (!state || state.version !== STATE_VERSION || state.scope !== scope) return undefined;
	if (typeof state.cursor !== 'string' || Number.isNaN(toMs(state.cursor))) return undefined;
	if (!state.seen || typeof state.seen !== 'object') return undefined;
	if (
		state.activatedAt !== undefined &&
		(typeof state.activatedAt !== 'string' || Number.isNaN(toMs(state.activatedAt)))
	)
		return undefined;
	return state as TriggerState;
}

/** Replaces the stored state in place (n8n watches the static data object for changes). */
export function writeState(
	data: IDataObject,
	scope: string,
	state: Omit<TriggerState, 'scope' | 'version'>,
): void {
	data.state = {
		version: STATE_VERSION,
		scope,
		cursor: state.cursor,
		seen: state.seen,
		...(state.activatedAt ? { activatedAt: state.activatedAt } : {}),
	};
}

/** The earliest record time the next poll has to look at. */
export function lookBackFrom(state: Pick<TriggerState, 'cursor'>, lateWindowMs: number): Date {
	return new Date(toMs(state.cursor) - lateWindowMs);
}

/**
 * Epoch ms before which no record of this poll is new: the window before the previous cursor,
 * and never before the activation (`notBefore`); -Infinity on a first poll that emits what exists.
 */
export function lookBoundary(
	previous: Pick<TriggerState, 'cursor'> | undefined,
	lateWindowMs: number,
	notBefore: string | undefined,
): number {
	return Math.max(
		previous ? toMs(previous.cursor) - lateWindowMs : -Infinity,
		notBefore ? toMs(notBefore) : -Infinity,
	);
}

/** The keys a stored state remembers, whatever their time. */
export function knownKeys(previous: Pick<TriggerState, 'seen'> | undefined): Set<string> {
	return new Set(Object.values(previous?.seen ?? {}).flat());
}

/**
 * One poll's step: which observed records are new, and the state after them. Pure; the
 * caller stores the result only once the whole poll succeeded.
 *
 * Without a previous state every observed record counts as new (the caller decides whether
 * a first run emits them). With one, a record is new when it is not older than the window
 * before the cursor and its identity is not in `seen`; older unseen records are late beyond
 * the window and are not emitted (the documented limit).
 */
export function advance<T>(
	previous: Omit<TriggerState, 'scope' | 'version'> | undefined,
	observed: Array<Observed<T>>,
	options: AdvanceOptions,
): Advance<T> {
	const { identity, lateWindowMs } = options;
	const nowMs = options.now.getTime();
	const boundary = lookBoundary(previous, lateWindowMs, options.notBefore);
	const known = new Set<string>();
	for (const [time, keys] of Object.entries(previous?.seen ?? {}))
		for (const key of keys) known.add(identityOf(identity, key, time));

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

	const seen: Record<string, string[]> = {};
	const kept = new Set<string>();
	const keep = (key: string, time: string, ms: number) => {
		const id = identityOf(identity, key, time);
		if (ms < keepFrom || kept.has(id)) return;
		kept.add(id);
		(seen[time] ??= []).push(key);
	};
	// Newly observed times win over stored ones (a created contact keeps one entry, at its latest time).
	for (const { entry, ms } of recent)
		if (ms >= keepFrom) keep(entry.key, new Date(ms).toISOString(), ms);
	for (const [time, keys] of Object.entries(previous?.seen ?? {}))
		for (const key of keys) keep(key, time, toMs(time));

	const state = {
		cursor: new Date(cursorMs).toISOString(),
		seen,
		...(options.notBefore ? { activatedAt: options.notBefore } : {}),
	};
	return { fresh: fresh.sort(byTimeThenKey), state };
}

/** Live data keeps the previous poll's figures instead of a cursor: rows by key, for one scope. */
export function readFigures(
	data: IDataObject,
	scope: string,
): Record<string, IDataObject> | undefined {
	const stored = data.figures as
		| { version?: number; scope?: string; rows?: Record<string, IDataObject> }
		| undefined;
	return stored?.version === STATE_VERSION &&
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
	data.figures = { version: STATE_VERSION, scope, rows };
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
