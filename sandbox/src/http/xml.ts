import { buildXml, parseXml } from '../../../nodes/shared/xml';
import type { XmlNames } from './negotiation';

/**
 * The sandbox speaks XML through the project's own codec (nodes/shared/xml), so the nodes
 * and the sandbox agree on element names, list forms and typing by construction.
 */
export function toXml(value: unknown, names: XmlNames): string {
	return buildXml(value, { rootName: names.root, itemName: names.item });
}

/** XML request body to camelCase JSON (root element unwrapped); throws on unreadable XML. */
export function fromXml(text: string): unknown {
	return parseXml(text);
}
