import type { IDataObject, INodePropertyOptions } from 'n8n-workflow';

/** The records of an answer that is a list, or a list under one property. */
export function recordsOf(body: unknown, property?: string): IDataObject[] {
	const root = property && body && typeof body === 'object' && !Array.isArray(body) ? (body as IDataObject)[property] : body;
	if (!Array.isArray(root)) return root && typeof root === 'object' ? [root as IDataObject] : [];
	return root.filter((entry): entry is IDataObject => !!entry && typeof entry === 'object');
}

/** Dropdown entries sorted by name, as n8n shows them. */
export function sortedOptions(options: INodePropertyOptions[]): INodePropertyOptions[] {
	return options.sort((a, b) => a.name.localeCompare(b.name));
}
