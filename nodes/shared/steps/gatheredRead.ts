import type { IExecuteSingleFunctions } from 'n8n-workflow';
import { sleep } from 'n8n-workflow';

import { idListCall } from '../rules';
import {
	send,
	checkReadAnswer,
	MESSAGE_FORMAT_PARAMETER,
	recordsOf,
	REQUEST_OPTIONS_PARAMETER,
	runStateOf,
} from '../wire';
import { flushRun, gatherIds, type IdOutcome, type ReadIds } from '../engine';

/** The read-by-ids list path of each contact type (interface.md 4.7): its records carry names and phone numbers, CrmContact's do not. */
export const CONTACT_READ_PATHS: Readonly<Record<string, string>> = {
	Person: '/CRM/Contact/{customerId}/Person',
	Company: '/CRM/Contact/{customerId}/Company',
	DeceasedEstate: '/CRM/Contact/{customerId}/DeceasedEstate',
};

/**
 * Reads made after an item's own call (read-backs, whole records of a list) go out 20 at a
 * time, and the last ones when every item's call is answered (routing.ts counts them), so the
 * items of a run share calls. This is only the longest such a read waits should a call of
 * another item never report back.
 */
export const GATHERED_READ_LONGEST_WAIT_MS = 5_000;

/**
 * Reads records by id on a list path of the service (`/CRM/Contact/{customerId}/Person`: up to
 * 5 ids in the path, more as the contactIds query), gathered with the reads of the run's other
 * items into calls of up to 20 (engine/readsById.ts). Resolves, in the order of `ids`, to how each fared.
 */
export async function readGathered(
	context: IExecuteSingleFunctions,
	listPath: string,
	ids: string[],
): Promise<IdOutcome[]> {
	const read: ReadIds = async (chunk, gathered) => {
		// The ids come from the service's own answers; each is still encoded as a path segment.
		const answer = (
			await send(context, {
				method: 'GET',
				...idListCall(context.getNode(), listPath, chunk),
				gathered,
			})
		).body;
		return recordsOf(checkReadAnswer(context.getNode(), answer, context.getItemIndex()));
	};
	// Reads share a call only when they would have made the same one.
	const settings = [
		context.getNodeParameter('customerId', ''),
		context.getNodeParameter(MESSAGE_FORMAT_PARAMETER, 'json'),
		context.getNodeParameter(REQUEST_OPTIONS_PARAMETER, {}),
	];
	const run = runStateOf(context, true);
	const gathered = gatherIds(
		run,
		JSON.stringify([listPath, ...settings]),
		ids,
		read,
		GATHERED_READ_LONGEST_WAIT_MS,
	);
	// The calls of the other items are all answered: no read will join this one.
	if (run.callsWaiting === 0) void sleep(0).then(() => flushRun(run));
	return await gathered;
}
