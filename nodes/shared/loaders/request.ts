import type { IDataObject, INodePropertyOptions } from 'n8n-workflow';

/** The records of an answer that is a list, or a list under one property. */
export function recordsOf(body: unknown, property?: string): IDataObject[] {
	const root = property && body && typeof body === 'object' && !Array.isArray(body) ? (body as IDataObject)[property] : body;
	if (!Array.isArray(root)) return root && typeof root === 'object' ? [root as IDataObject] : [];
	return root.filter((entry): entry is IDataObject => !!entry && typeof entry === 'object');
}

/** Swedish alphabetical order: the service's names are Swedish, and Å, Ä, Ö come after Z there. */
const swedishOrder = new Intl.Collator('sv');

/** Dropdown entries sorted by name, in the order an office reads them. */
export function sortedOptions(options: INodePropertyOptions[]): INodePropertyOptions[] {
	return options.sort((a, b) => swedishOrder.compare(a.name, b.name));
}
