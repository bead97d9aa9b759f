import type { IDataObject, IExecuteSingleFunctions } from 'n8n-workflow';
import { NodeOperationError, sleep } from 'n8n-workflow';

import { idListForm } from '../limits';
import {
	type AnswerStep,
	brokerRequest,
	callsInFlight,
	checkReadAnswer,
	flushRun,
	gatherIds,
	MESSAGE_FORMAT_PARAMETER,
	notFoundError,
	pathPlaceholders,
	pickedValue,
	type ReadIds,
	recordsOf,
	REQUEST_OPTIONS_PARAMETER,
} from '../transport';

export interface ReadBackOptions {
	/** Field of the write's answer item that holds the new id (`value` for a plain string answer). */
	answerKey: string;
	/** Key of the id in the output item. */
	idKey: string;
	/** GET path of the saved record: {id} is the returned id, other placeholders are node parameters. */
	readPath: string;
	/**
	 * The list read of the same records (ids in the path up to 5, else the contactIds query), when
	 * the records carry their id: the read-backs of many items then share calls of up to 20.
	 */
	listPath?: string;
	/** What was saved, for the message when the service returns no id ("bid", "record"). */
	what: string;
}

/**
 * Read-backs of a run go out 20 at a time, and the last ones when every item's write is
 * answered (routing.ts counts them), so 5,000 upserts read back in 250 calls. This is only the
 * longest a read-back waits should a write never report back.
 */
export const READ_BACK_LONGEST_WAIT_MS = 5_000;

async function readGathered(context: IExecuteSingleFunctions, listPath: string, id: string): Promise<IDataObject> {
	const read: ReadIds = async (chunk) => {
		const form = idListForm(chunk);
		// The ids come from the service's own answers; each is still encoded as a path segment.
		const call = form.kind === 'query' ? { path: listPath, qs: { contactIds: form.contactIds } } : { path: `${listPath}/${chunk.map((one) => encodeURIComponent(one)).join(',')}` };
		return recordsOf(checkReadAnswer(context.getNode(), await brokerRequest.call(context, { method: 'GET', ...call }), context.getItemIndex()));
	};
	// Read-backs share a call only when they would have made the same one.
	const settings = [context.getNodeParameter('customerId', ''), context.getNodeParameter(MESSAGE_FORMAT_PARAMETER, 'json'), context.getNodeParameter(REQUEST_OPTIONS_PARAMETER, {})];
	const run = context.getExecuteData();
	const gathered = gatherIds(run, JSON.stringify([listPath, ...settings]), [id], read, READ_BACK_LONGEST_WAIT_MS);
	// The writes of the other items are all answered: no read-back will join this one.
	if (callsInFlight(run) === 0) void sleep(0).then(() => flushRun(run));
	const [outcome] = await gathered;
	if ('error' in outcome) throw outcome.error;
	if ('missing' in outcome) throw notFoundError(context.getNode(), `The saved record ${id} was not found when read back`, context.getItemIndex());
	return outcome.record;
}

/**
 * Writes that answer with an id only (place a bid, create or update a contact) return the
 * saved record, read back. One rule for every such write: once the write succeeded the item
 * never fails, because n8n's Retry On Fail or a re-run would write a second time (a second
 * bid). If only the read-back fails, the item keeps the id and says why in `readBackError`.
 */
export function readBack(options: ReadBackOptions): AnswerStep {
	return async function (items) {
		const itemIndex = this.getItemIndex();
		const raw = items[0]?.json[options.answerKey];
		const id = typeof raw === 'string' || typeof raw === 'number' ? String(raw).trim() : '';
		if (id === '') {
			// Why not a shared check: this is the service's answer, not the user's input.
			throw new NodeOperationError(this.getNode(), `The service saved the ${options.what} but did not return its ID`, { itemIndex });
		}
		const pathValues: Record<string, unknown> = { id };
		for (const name of pathPlaceholders(options.readPath)) {
			if (name !== 'id' && name !== 'customerId') pathValues[name] = pickedValue(this.getNodeParameter(name, ''));
		}
		let json: IDataObject;
		try {
			const record = options.listPath
				? await readGathered(this, options.listPath, id)
				: await brokerRequest.call(this, { method: 'GET', path: options.readPath, pathValues });
			json = { [options.idKey]: id, ...(record && typeof record === 'object' ? (record as IDataObject) : {}) };
		} catch (error) {
			json = { [options.idKey]: id, readBackError: (error as Error).message };
		}
		return [{ json, pairedItem: { item: itemIndex } }];
	};
}
