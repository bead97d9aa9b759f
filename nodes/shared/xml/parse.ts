import { XMLParser } from './vendor/fast-xml-parser';
import { isItemNameOf, isListField, isTextField, primitiveItemType, toCamelCase } from './names';

const parser = new XMLParser({
	ignoreAttributes: false,
	attributeNamePrefix: '@_',
	removeNSPrefix: true,
	parseTagValue: false,
	parseAttributeValue: false,
	trimValues: true,
	// Entities are decoded below: the library leaves character references (&#xD; for a
	// carriage return, as .NET writes it) undecoded, and would expand DOCTYPE-declared ones.
	processEntities: false,
	// Every element as an array of its occurrences: one-item lists stay visible as lists.
	isArray: (_name: string, _path: unknown, _isLeaf: boolean, isAttribute: boolean) => !isAttribute,
});

const PREDEFINED: Record<string, string> = { lt: '<', gt: '>', amp: '&', apos: "'", quot: '"' };

/** The five predefined entities and character references (XML 1.0, 4.1); any other is refused. */
function decodeEntities(raw: string): string {
	return raw.replace(/&([^;&\s]*);/g, (_match, name: string) => {
		if (PREDEFINED[name]) return PREDEFINED[name];
		const hex = /^#x([0-9a-f]+)$/i.exec(name);
		const decimal = /^#(\d+)$/.exec(name);
		const code = hex ? parseInt(hex[1], 16) : decimal ? parseInt(decimal[1], 10) : NaN;
		if (Number.isNaN(code) || code > 0x10ffff)
			throw new Error(`The XML entity &${name}; is not declared by XML`);
		return String.fromCodePoint(code);
	});
}

type Occurrences = unknown[];
type ElementNode = Record<string, unknown>;

function typedText(
	raw: string,
	fieldName: string,
	primitive?: 'string' | 'number' | 'boolean',
	parentName?: string,
): unknown {
	const text = decodeEntities(raw);
	const kind = primitive ?? (isTextField(fieldName, parentName) ? 'string' : undefined);
	if (kind === 'string') return text;
	if (text === 'true' || text === 'false') return text === 'true';
	if (/^-?(0|[1-9]\d*)(\.\d+)?$/.test(text)) return Number(text);
	return text;
}

function childNames(node: ElementNode): string[] {
	return Object.keys(node).filter((key) => !key.startsWith('@_') && key !== '#text');
}

/** Reads one element: its name (and its parent's, for an `id`) decides the list and typing rules. */
function readElement(elementName: string, raw: unknown, parentName?: string): unknown {
	const fieldName = toCamelCase(elementName);
	const primitive = primitiveItemType(elementName);
	const holdsList = isListField(fieldName) || elementName.startsWith('ArrayOf');
	if (typeof raw === 'string')
		return raw === '' && holdsList ? [] : typedText(raw, fieldName, primitive, parentName);
	const node = (raw ?? {}) as ElementNode;
	if (node['@_nil'] === 'true') return null;
	const names = childNames(node);
	if (names.length === 0) {
		const text = node['#text'];
		if (text !== undefined) return typedText(String(text), fieldName, primitive, parentName);
		return holdsList ? [] : '';
	}
	const onlyChild = names.length === 1 ? names[0] : undefined;
	if (onlyChild !== undefined) {
		const occurrences = node[onlyChild] as Occurrences;
		if (occurrences.length > 1 || holdsList || isItemNameOf(elementName, onlyChild)) {
			return occurrences.map((item) => readElement(onlyChild, item));
		}
	}
	const record: Record<string, unknown> = {};
	for (const name of names) {
		const occurrences = node[name] as Occurrences;
		const values = occurrences.map((item) => readElement(name, item, fieldName));
		record[toCamelCase(name)] = values.length === 1 ? values[0] : values;
	}
	return record;
}

/** Parses the service's XML into the camelCase value its JSON form carries (root unwrapped). */
export function parseXml(text: string): unknown {
	const document = parser.parse(text) as ElementNode;
	const rootName = childNames(document).find((name) => name !== '?xml');
	if (rootName === undefined) throw new Error('The XML document has no root element');
	const [root] = document[rootName] as Occurrences;
	return readElement(rootName, root);
}
