import type { IDataObject, IExecuteSingleFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { listedId, pickedValue } from '../rules';
import { notFoundError } from '../failures';
import { send, pathPlaceholders } from '../wire';
import { type AnswerStep } from '../engine';
import { readGathered } from './gatheredRead';

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
	/** A boolean parameter (e.g. `options.readBack`, default on) that turns the read-back off: the item is then the id only. */
	switchParameter?: string;
}

async function readOne(
	context: IExecuteSingleFunctions,
	listPath: string,
	id: string,
): Promise<IDataObject> {
	const [outcome] = await readGathered(context, listPath, [id]);
	if ('error' in outcome) throw outcome.error;
	if ('missing' in outcome)
		throw notFoundError(
			context.getNode(),
			`The saved record ${id} was not found when read back`,
			context.getItemIndex(),
		);
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
			throw new NodeOperationError(
				this.getNode(),
				`The service saved the ${options.what} but did not return its ID`,
				{ itemIndex },
			);
		}
		if (options.switchParameter && this.getNodeParameter(options.switchParameter, true) === false)
			return [{ json: { [options.idKey]: id }, pairedItem: { item: itemIndex } }];
		const pathValues: Record<string, unknown> = { id };
		for (const name of pathPlaceholders(options.readPath)) {
			if (name !== 'id' && name !== 'customerId')
				pathValues[name] = pickedValue(this.getNodeParameter(name, ''));
		}
		let json: IDataObject;
		try {
			// The id the service answered passes the checks of a typed one: ".." never reads another endpoint.
			listedId(this, id, 'The saved ID', itemIndex);
			const record = options.listPath
				? await readOne(this, options.listPath, id)
				: (await send(this, { method: 'GET', path: options.readPath, pathValues })).body;
			json = {
				[options.idKey]: id,
				...(record && typeof record === 'object' ? (record as IDataObject) : {}),
			};
		} catch (error) {
			json = { [options.idKey]: id, readBackError: (error as Error).message };
		}
		return [{ json, pairedItem: { item: itemIndex } }];
	};
}
