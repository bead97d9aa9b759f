import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import { toNodeError } from '../failures';

/** What an item's failure needs of n8n's context: the node (its On Error setting) and Continue On Fail. */
export type FailureContext = Pick<IExecuteFunctions, 'getNode' | 'continueOnFail'>;

/**
 * An item's failure, the one place the package builds an error item: under Continue On Fail
 * the item's error item, paired to it, as n8n's own nodes build it (`{ error: message }`, with
 * the error's description beside it); else the node's error, thrown.
 *
 * Under "Continue (using error output)" n8n sends to the error output only items whose json has
 * no keys but error, message and details (and adds the input item's fields there), so the
 * description goes as details. `kept`: fields of the item that stay on its error item, for a
 * node whose input n8n cannot add back (a trigger's own items: the notification is never lost);
 * such an item has fields of its own, so n8n leaves it on the success output.
 */
export function failedItem(
	context: FailureContext,
	error: unknown,
	itemIndex: number,
	kept?: IDataObject,
): INodeExecutionData[] {
	const node = context.getNode();
	const nodeError = toNodeError(node, error, itemIndex);
	if (!context.continueOnFail()) throw nodeError;
	const errorOutput = node.onError === 'continueErrorOutput';
	const json = {
		...kept,
		error: nodeError.message,
		...(nodeError.description
			? { [errorOutput ? 'details' : 'description']: nodeError.description }
			: {}),
	};
	return [{ json, pairedItem: { item: itemIndex } }];
}
