import type { IDataObject, IHttpRequestOptions, INode } from 'n8n-workflow';

import { buildXml, parseXml } from '../xml';
import { malformedResponseError } from '../failures';

export type MessageFormat = 'json' | 'xml';

const MEDIA_TYPES: Record<MessageFormat, string> = {
	json: 'application/json',
	xml: 'application/xml',
};

/** Sets Accept, and encodes the body in the chosen format (XML root named after the record type). */
export function encodeRequest(
	options: IHttpRequestOptions,
	format: MessageFormat,
	bodyRoot?: string,
): IHttpRequestOptions {
	const headers = { ...(options.headers ?? {}), Accept: MEDIA_TYPES[format] } as IDataObject;
	// The body comes as a stream, read whole within the node's time and size limits (readBody.ts).
	const encoded: IHttpRequestOptions = { ...options, headers, json: false, encoding: 'stream' };
	// Only operations that declare a body type send one (an opt-out, for one, has none), and
	// never on a read, such as the read-back after a create.
	if (bodyRoot === undefined || options.method === 'GET' || options.method === 'DELETE') {
		delete encoded.body;
		return encoded;
	}
	headers['Content-Type'] = MEDIA_TYPES[format];
	encoded.body =
		format === 'xml'
			? buildXml(options.body ?? {}, { rootName: bodyRoot })
			: JSON.stringify(options.body ?? {});
	return encoded;
}

function headerValue(headers: Record<string, unknown> | undefined, name: string): string {
	const value = headers?.[name] ?? headers?.[name.toLowerCase()];
	return typeof value === 'string' ? value : '';
}

/** Reads a response body by its content type: JSON or XML to the same camelCase value; empty is undefined. */
export function decodeBody(
	node: INode,
	body: unknown,
	headers: Record<string, unknown> | undefined,
	itemIndex?: number,
): unknown {
	if (body === undefined || body === null) return undefined;
	const text = Buffer.isBuffer(body)
		? body.toString('utf8')
		: typeof body === 'string'
			? body
			: undefined;
	if (text === undefined) return body;
	if (text.trim() === '') return undefined;
	const contentType = headerValue(headers, 'content-type').toLowerCase();
	// A login page or a gateway's error page is not the service's answer, whatever its status.
	if (contentType.includes('html') || /^\s*<(!doctype html|html)[\s>]/i.test(text))
		throw malformedResponseError(node, 'JSON or XML (it was an HTML page)', itemIndex);
	const looksXml =
		contentType.includes('xml') ||
		(!contentType.includes('json') && text.trimStart().startsWith('<'));
	// Either parser may meet an answer nested deeper than any record: JSON.parse reads it without
	// recursing, and the walk over the decoded answer refuses it (readAnswer); the XML parser's
	// own recursion failing on one is a parse failure like any other, caught here.
	try {
		return looksXml ? parseXml(text) : JSON.parse(text);
	} catch {
		throw malformedResponseError(node, looksXml ? 'XML' : 'JSON', itemIndex);
	}
}
