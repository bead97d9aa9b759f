import type { IDataObject, IExecuteSingleFunctions, INodeExecutionData } from 'n8n-workflow';

/**
 * How an answer becomes items. The service answers with records, a list of them, a bare
 * string (an id) or boolean, or 204 with nothing; users always get objects, one per record,
 * and exactly one item for an answer that carried no body.
 */
export type OutputShape =
	| { kind: 'records'; property?: string }
	| { kind: 'value'; key: string; extra?: (this: IExecuteSingleFunctions) => IDataObject }
	| { kind: 'acknowledge'; item: (this: IExecuteSingleFunctions) => IDataObject };

function asRecords(body: unknown, property?: string): IDataObject[] {
	const root =
		property && body && typeof body === 'object' && !Array.isArray(body)
			? (body as IDataObject)[property]
			: body;
	if (root === undefined || root === null) return [];
	if (Array.isArray(root))
		return root.map((entry) =>
			entry && typeof entry === 'object' ? (entry as IDataObject) : { value: entry as string },
		);
	return [typeof root === 'object' ? (root as IDataObject) : { value: root as string }];
}

export function shapeOutput(
	this: IExecuteSingleFunctions,
	shape: OutputShape,
	body: unknown,
): IDataObject[] {
	if (shape.kind === 'records') return asRecords(body, shape.property);
	if (shape.kind === 'value')
		return [{ [shape.key]: body as string, ...(shape.extra ? shape.extra.call(this) : {}) }];
	return [shape.item.call(this)];
}

export function pairedItems(records: IDataObject[], itemIndex: number): INodeExecutionData[] {
	return records.map((json) => ({ json, pairedItem: { item: itemIndex } }));
}

/**
 * Under "Continue (using error output)" n8n sends to the error output only items whose json has
 * no keys but error, message and details (with the input item's fields added there), so the
 * description goes as details; an item's own error field would make n8n drop it.
 */
export function errorItem(
	context: IExecuteSingleFunctions,
	error: { message: string; description?: string | null },
): INodeExecutionData[] {
	const detailKey = context.getNode().onError === 'continueErrorOutput' ? 'details' : 'description';
	const json = {
		error: error.message,
		...(error.description ? { [detailKey]: error.description } : {}),
	};
	return [{ json, pairedItem: { item: context.getItemIndex() } }];
}
