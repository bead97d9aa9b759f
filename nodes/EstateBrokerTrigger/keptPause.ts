import type { IDataObject, IPollFunctions } from 'n8n-workflow';

import {
	CREDENTIAL_TYPE,
	pauseKey,
	type PauseRecord,
	pauses,
	resolveCustomerId,
	throttledAccount,
} from '../shared/account';

/**
 * The trigger's copy of its customer's pause (shared/account/pause.ts), in its static data
 * beside its state: a trigger that polls a closed office keeps pausing after n8n restarts, and
 * the process's book learns it back at the next poll. Plain JSON, read and written by pure
 * functions; the copy is for one account and customer, and another one starts afresh.
 */
export interface KeptPause extends PauseRecord {
	version: typeof PAUSE_VERSION;
	/** Service address, user name and customer id (no secret) the pause is for. */
	scope: string;
}

export const PAUSE_VERSION = 1;

const TROUBLES = new Set(['refused', 'failing']);

/** The kept pause for this scope; anything else (another scope, another shape) counts as none. */
export function readPause(data: IDataObject, scope: string): PauseRecord | undefined {
	const kept = data.pause as Partial<KeptPause> | undefined;
	if (
		!kept ||
		kept.version !== PAUSE_VERSION ||
		kept.scope !== scope ||
		!TROUBLES.has(String(kept.trouble))
	)
		return undefined;
	const counts = [kept.inRow, kept.pauses, kept.resumeAt];
	if (!counts.every((count) => typeof count === 'number' && Number.isFinite(count) && count >= 0))
		return undefined;
	return {
		trouble: kept.trouble!,
		inRow: kept.inRow!,
		pauses: kept.pauses!,
		resumeAt: kept.resumeAt!,
	};
}

/**
 * Keeps the record once a pause has begun (replacing the object, as n8n watches static data for
 * changes), and drops it once all is well; a call or two gone wrong leave the static data as it was.
 */
export function writePause(
	data: IDataObject,
	scope: string,
	record: PauseRecord | undefined,
): void {
	if (!record || record.pauses === 0) {
		delete data.pause;
		return;
	}
	const kept: KeptPause = {
		version: PAUSE_VERSION,
		scope,
		trouble: record.trouble,
		inRow: record.inRow,
		pauses: record.pauses,
		resumeAt: record.resumeAt,
	};
	data.pause = kept as unknown as IDataObject;
}

async function scopeOf(context: IPollFunctions): Promise<string | undefined> {
	try {
		const credentials = await context.getCredentials(CREDENTIAL_TYPE);
		const customerId = resolveCustomerId(
			context.getNode(),
			context.getNodeParameter('customerId', ''),
			credentials,
		);
		return pauseKey(throttledAccount(context.getNode(), credentials).key, customerId);
	} catch {
		// A credential or Customer ID the poll itself refuses, naming the field.
		return undefined;
	}
}

/** Runs one poll with the kept pause learnt by the process's book, and keeps the book's word after it, whatever the poll's outcome. */
export async function pollKeepingPause<T>(
	context: IPollFunctions,
	poll: () => Promise<T>,
): Promise<T> {
	const scope = await scopeOf(context);
	if (scope === undefined) return await poll();
	const data = context.getWorkflowStaticData('node');
	const kept = readPause(data, scope);
	if (kept) pauses.restore(scope, kept);
	try {
		return await poll();
	} finally {
		writePause(data, scope, pauses.recordOf(scope));
	}
}
