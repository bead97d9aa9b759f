import type { IDataObject, IPollFunctions } from 'n8n-workflow';

import type { Identity, Observed } from '../state';

/** The span one poll looks at; `from` is absent when the event should look at everything it can. */
export interface PollWindow {
	from?: Date;
	to: Date;
	/** Fetch Test Event: only the newest record is wanted. */
	manual: boolean;
	/** Epoch ms after which an event with several requests to make should stop and report `until`. */
	deadline: number;
}

export interface Observation {
	observed: Array<Observed<IDataObject>>;
	/** Where the look stopped, when it stopped before `to` (a long catch-up cut short by the poll budget). */
	until?: Date;
}

/** What the trigger knew before a poll: nothing stamped before `boundaryMs` is new, and the keys it remembers. */
export interface KnownBefore {
	boundaryMs: number;
	keys: ReadonlySet<string>;
}

/** The items of the records a poll finished, and the records it did not. */
export interface ItemsSoFar {
	items: IDataObject[];
	unfinished: Array<Observed<IDataObject>>;
	/**
	 * Keys the state keeps until a later time (UTC ISO) than the one they were listed with: a
	 * new listing until no reading of its publication can fall after the look-back any more.
	 */
	remember?: Array<{ key: string; time: string }>;
}

/** An event made of records with an id and a time: bids, leads, contacts. */
export interface RecordEvent {
	/** Whether a record is known by its key alone, or by key and time (see state.ts). */
	identity(context: IPollFunctions): Identity;
	/** The settings the state belongs to, besides event and account; changing them starts afresh. */
	scope(this: IPollFunctions): string[];
	/** How far back a first run that emits existing items, or a test fetch, looks; undefined = the whole list. */
	lookBackMonths?: number;
	observe(this: IPollFunctions, window: PollWindow): Promise<Observation>;
	/**
	 * Output items for the new records (in their order); the records themselves when absent. An
	 * event that decides on the records' contents (a new listing) may leave records out: `before`
	 * says what the trigger knew before this poll. Records it could not finish (a read that
	 * failed) go back as `unfinished`: the next poll takes them for new again.
	 */
	toItems?(
		this: IPollFunctions,
		fresh: Array<Observed<IDataObject>>,
		before: KnownBefore,
	): Promise<IDataObject[] | ItemsSoFar>;
	/** Fetch Test Event found nothing: what to tell the user. */
	nothingFound: { message: string; description: string };
}
