import type { INodePropertyOptions } from 'n8n-workflow';

/** Swedish alphabetical order: the service's names are Swedish, and Å, Ä, Ö come after Z there. */
const swedishOrder = new Intl.Collator('sv');

/** Dropdown entries sorted by name, in the order an office reads them. */
export function sortedOptions(options: INodePropertyOptions[]): INodePropertyOptions[] {
	return options.sort((a, b) => swedishOrder.compare(a.name, b.name));
}
