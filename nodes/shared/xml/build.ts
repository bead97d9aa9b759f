import { XMLBuilder } from './vendor/fast-xml-parser';
import { listItemName, toPascalCase } from './names';

const NIL = { '@_i:nil': 'true' };
const XSI = 'http://www.w3.org/2001/XMLSchema-instance';

export interface XmlBuildOptions {
	/** Root element: the record type, e.g. CmsCondominium, or ArrayOfBid for a list. */
	rootName: string;
	/** Item element name when the root value is a list (default: rootName less ArrayOf). */
	itemName?: string;
}

type XmlNode = unknown;

function toNode(value: unknown, fieldName: string): XmlNode {
	if (value === null || value === undefined) return NIL;
	if (Array.isArray(value))
		return { [listItemName(fieldName, value)]: value.map((item) => toNode(item, '')) };
	if (typeof value === 'object') {
		const node: Record<string, XmlNode> = {};
		for (const [key, field] of Object.entries(value as Record<string, unknown>)) {
			if (field === undefined) continue;
			node[toPascalCase(key)] = toNode(field, key);
		}
		return node;
	}
	return String(value);
}

/** Serializes a camelCase JSON value as the service's PascalCase XML. */
export function buildXml(value: unknown, options: XmlBuildOptions): string {
	let body: XmlNode;
	if (Array.isArray(value)) {
		const itemName = options.itemName ?? options.rootName.replace(/^ArrayOf/, '');
		body = { [itemName]: value.map((item) => toNode(item, '')) };
	} else {
		body = toNode(value, '');
	}
	const root = typeof body === 'object' ? { ...(body as object), '@_xmlns:i': XSI } : body;
	const builder = new XMLBuilder({
		ignoreAttributes: false,
		attributeNamePrefix: '@_',
		suppressEmptyNode: true,
		suppressBooleanAttributes: false,
	});
	return builder.build({ [options.rootName]: root }) as string;
}
