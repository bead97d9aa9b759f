import type { IExecuteSingleFunctions, INode } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

/** Where a check runs: the item context of an operation step, or a node and an item index. */
export type CheckSite = IExecuteSingleFunctions | INode;

/**
 * The one error of a check made before anything is sent: the message names the field and the
 * rule; the item index points n8n at the item that failed.
 */
export function inputError(
	site: CheckSite,
	message: string,
	description?: string,
	itemIndex?: number,
): NodeOperationError {
	const context = 'getNode' in site ? site : undefined;
	const node = context ? context.getNode() : (site as INode);
	return new NodeOperationError(node, message, {
		itemIndex: itemIndex ?? context?.getItemIndex(),
		...(description ? { description } : {}),
	});
}
