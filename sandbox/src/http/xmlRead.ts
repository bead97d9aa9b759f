import { XMLParser, XMLValidator } from 'fast-xml-parser';

/**
 * XML request bodies, read the way the service's typed reader does (the writing side and the
 * spec's rules are in xmlWrite.ts): element names are PascalCase fields, and the route's body
 * schema says which elements are lists (their children are the items, whatever their names)
 * and which are records. No code is shared with nodes/.
 */

const camel = (name: string) => name.charAt(0).toLowerCase() + name.slice(1);

/** The JSON-schema fragments the sandbox's routes use, as far as reading XML needs them. */
export interface BodySchema {
	type?: string | string[];
	properties?: Record<string, BodySchema>;
	items?: BodySchema;
}

interface XmlElement {
	name: string;
	nil: boolean;
	text: string;
	children: XmlElement[];
}

// Entities stay raw here and are decoded by decodeText: fast-xml-parser would leave character
// references undecoded and, with a DOCTYPE, expand declared entities.
const parser = new XMLParser({
	preserveOrder: true,
	ignoreAttributes: false,
	attributeNamePrefix: '',
	removeNSPrefix: true,
	parseTagValue: false,
	parseAttributeValue: false,
	trimValues: false,
	processEntities: false,
	ignoreDeclaration: true,
	ignorePiTags: true,
});

const PREDEFINED: Record<string, string> = { lt: '<', gt: '>', amp: '&', apos: "'", quot: '"' };

/** The five predefined entities and character references; any other entity is refused. */
function decodeText(raw: string): string {
	return raw.replace(/&([^;&\s]*);?/g, (match, name: string) => {
		if (!match.endsWith(';')) throw new Error('a bare & in text');
		if (PREDEFINED[name]) return PREDEFINED[name];
		const code = /^#x[0-9a-f]+$/i.test(name)
			? parseInt(name.slice(2), 16)
			: /^#\d+$/.test(name)
				? parseInt(name.slice(1), 10)
				: NaN;
		if (Number.isNaN(code) || code > 0x10ffff)
			throw new Error(`the entity &${name}; is not accepted`);
		return String.fromCodePoint(code);
	});
}

type ParsedNode = Record<string, unknown> & { ':@'?: Record<string, string> };

function toElement(node: ParsedNode): XmlElement | undefined {
	const name = Object.keys(node).find((key) => key !== ':@');
	if (name === undefined || name === '#text') return undefined;
	const content = node[name] as ParsedNode[];
	const children = content
		.map(toElement)
		.filter((child): child is XmlElement => child !== undefined);
	const text = content
		.map((part) => (typeof part['#text'] === 'string' ? part['#text'] : ''))
		.join('');
	return { name, nil: node[':@']?.nil === 'true', text: decodeText(text), children };
}

const schemaTypes = (schema?: BodySchema) =>
	schema?.type === undefined ? [] : Array.isArray(schema.type) ? schema.type : [schema.type];

/** Whether an element holds a list, when no schema says so: repeated items or type-named items. */
function looksLikeList(element: XmlElement): boolean {
	const names = new Set(element.children.map((child) => child.name));
	if (names.size !== 1) return false;
	const [name] = names;
	return (
		element.children.length > 1 ||
		/^(string|int|long|decimal|double|boolean|guid|dateTime|ArrayOf\w+)$/.test(name)
	);
}

/**
 * One element as JSON, shaped by the route's body schema: arrays read their children as items,
 * objects their children as fields; text stays text (Ajv's coercion types it by the schema).
 */
function readElement(element: XmlElement, schema?: BodySchema): unknown {
	if (element.nil) return null;
	const types = schemaTypes(schema);
	if (types.includes('array') || (types.length === 0 && looksLikeList(element))) {
		if (element.children.length === 0) return element.text.trim() === '' ? [] : element.text;
		return element.children.map((child) => readElement(child, schema?.items));
	}
	if (element.children.length === 0)
		return types.includes('object') && !types.includes('string') ? {} : element.text;
	const record: Record<string, unknown> = {};
	for (const child of element.children) {
		const key = camel(child.name);
		const value = readElement(child, schema?.properties?.[key]);
		// A repeated field the schema does not know as a list still keeps every occurrence.
		record[key] = key in record ? [record[key], value].flat() : value;
	}
	return record;
}

/**
 * An XML request body as camelCase JSON (the root element is the body record), read by the
 * route's body schema. Documents with a DOCTYPE are refused, as the service's XML reader does,
 * so no entity is ever declared or expanded.
 */
export function fromXml(text: string, schema?: BodySchema): unknown {
	if (/<!DOCTYPE|<!ENTITY/i.test(text))
		throw new Error('DOCTYPE and entity declarations are not accepted');
	const valid = XMLValidator.validate(text);
	if (valid !== true)
		throw new Error(`not well-formed at line ${valid.err.line}: ${valid.err.msg}`);
	const root = (parser.parse(text) as ParsedNode[])
		.map(toElement)
		.find((node) => node !== undefined);
	if (root === undefined) throw new Error('no root element');
	return readElement(root, schema);
}
