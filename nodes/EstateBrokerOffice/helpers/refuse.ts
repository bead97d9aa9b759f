import type { IExecuteSingleFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

/** The error of a check made before sending: names the field and the rule, for the item being run. */
export function refuse(context: IExecuteSingleFunctions, message: string, description?: string): NodeOperationError {
	return new NodeOperationError(context.getNode(), message, { itemIndex: context.getItemIndex(), description });
}
