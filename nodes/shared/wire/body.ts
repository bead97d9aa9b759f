import type { IDataObject, IHttpRequestOptions, INode, IN8nHttpFullResponse } from 'n8n-workflow';

import { buildXml, parseXml } from '../xml';
import {
	malformedResponseError,
	answerTimeoutError,
	answerTooLargeError,
	toNodeError,
} from '../failures';
import { MEGABYTE, type MessageFormat } from './callState';

/**
 * A call's body on the wire: the request's encoded in the node's message format (JSON or XML),
 * the answer's read within Timeout and Largest Answer to Read, then decoded.
 */

const MEDIA_TYPES: Record<MessageFormat, string> = {
	json: 'application/json',
	xml: 'application/xml',
};

/**
 * The options apart from their body, taken apart rather than deleted: a deleted property turns
 * the request into a slow object for every later copy of it (the send's, n8n's helper's, axios's).
 */
function withoutBody(options: IHttpRequestOptions): IHttpRequestOptions {
	if (!('body' in options)) return options;
	const others: Record<string, unknown> = {};
	for (const name in options)
		if (name !== 'body') others[name] = options[name as keyof IHttpRequestOptions];
	return others as unknown as IHttpRequestOptions;
}

/** Sets Accept, and encodes the body in the chosen format (XML root named after the record type). */
export function encodeRequest(
	options: IHttpRequestOptions,
	format: MessageFormat,
	bodyRoot?: string,
): IHttpRequestOptions {
	const headers = { ...(options.headers ?? {}), Accept: MEDIA_TYPES[format] } as IDataObject;
	const body = options.body;
	// The body comes as a stream, read whole within the node's time and size limits.
	const encoded: IHttpRequestOptions = {
		...withoutBody(options),
		headers,
		json: false,
		encoding: 'stream',
	};
	// Only operations that declare a body type send one (an opt-out, for one, has none), and
	// never on a read, such as the read-back after a create.
	if (bodyRoot === undefined || options.method === 'GET' || options.method === 'DELETE')
		return encoded;
	headers['Content-Type'] = MEDIA_TYPES[format];
	encoded.body =
		format === 'xml' ? buildXml(body ?? {}, { rootName: bodyRoot }) : JSON.stringify(body ?? {});
	return encoded;
}

function headerValue(headers: Record<string, unknown> | undefined, name: string): string {
	const value = headers?.[name] ?? headers?.[name.toLowerCase()];
	return typeof value === 'string' ? value : '';
}

const NOT_WHITE_SPACE = /\S/;
const HTML_START = /^\s*<(!doctype html|html)[\s>]/i;

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
	// The first character that is not white space, found without copying the text: a record
	// answer is many kilobytes and every call reads one.
	const start = text.search(NOT_WHITE_SPACE);
	if (start === -1) return undefined;
	const contentType = headerValue(headers, 'content-type').toLowerCase();
	// A login page or a gateway's error page is not the service's answer, whatever its status.
	if (contentType.includes('html') || (text[start] === '<' && HTML_START.test(text)))
		throw malformedResponseError(node, 'JSON or XML (it was an HTML page)', itemIndex);
	const looksXml =
		contentType.includes('xml') || (!contentType.includes('json') && text[start] === '<');
	// Either parser may meet an answer nested deeper than any record: JSON.parse reads it without
	// recursing, and the walk over the decoded answer refuses it (readAnswer); the XML parser's
	// own recursion failing on one is a parse failure like any other, caught here.
	try {
		return looksXml ? parseXml(text) : JSON.parse(text);
	} catch {
		throw malformedResponseError(node, looksXml ? 'XML' : 'JSON', itemIndex);
	}
}

export interface BodyLimits {
	/** Milliseconds for the whole exchange, from sending to the last byte of the body. */
	timeout: number;
	/** Megabytes (MiB) the body may have, as sent (compressed) and as read (inflated). */
	maxMegabytes: number;
}

class DeadlinePassed extends Error {}

/**
 * The deadlines of the answers being read, watched by one timer set for the earliest of them.
 * A timer of their own for every read would be one more armed timer per call, kept until its
 * deadline (minutes, by default) long after the answer arrived: thousands at once in a large
 * Get Many, each a cost to arm and to collect.
 */
interface WatchedRead {
	/** Epoch milliseconds after which the read is given up. */
	at: number;
	expire(): void;
}

const watched = new Set<WatchedRead>();
/** The timer in force: a token replaced when a read with an earlier deadline starts. */
let armed: { at: number } | undefined;

function arm(at: number): void {
	const token = { at };
	armed = token;
	// An unref'd timer (n8n's lint forbids setTimeout in nodes): it never keeps n8n's process,
	// or a test run, alive on its own.
	AbortSignal.timeout(Math.max(1, at - Date.now())).addEventListener(
		'abort',
		() => {
			if (armed !== token) return;
			armed = undefined;
			const now = Date.now();
			let next = Infinity;
			for (const read of watched) {
				if (read.at <= now) {
					watched.delete(read);
					read.expire();
				} else if (read.at < next) next = read.at;
			}
			if (next !== Infinity) arm(next);
		},
		{ once: true },
	);
}

/**
 * Calls `expire` once `at` (epoch milliseconds) has passed, unless the returned function,
 * called when the read ends, takes the read off the watch first.
 */
export function watchDeadline(at: number, expire: () => void): () => void {
	const read: WatchedRead = { at, expire };
	watched.add(read);
	if (armed === undefined || at < armed.at) arm(at);
	return () => {
		watched.delete(read);
	};
}

/** The body as n8n's helper gives it for `encoding: 'stream'`: a Node.js readable stream. */
interface BodyStream {
	destroy(error?: Error): void;
	read(size?: number): unknown;
	on(event: 'data', listener: (chunk: Buffer | string) => void): unknown;
	on(event: 'end' | 'close', listener: () => void): unknown;
	on(event: 'error', listener: (error: Error) => void): unknown;
	removeListener(event: string, listener: (...args: never[]) => void): unknown;
	readableEnded?: boolean;
}

function isStream(body: unknown): body is BodyStream {
	const candidate = body as Partial<BodyStream> | null;
	return (
		typeof candidate?.destroy === 'function' &&
		typeof candidate.read === 'function' &&
		typeof candidate.on === 'function'
	);
}

/** A body whose connection closed before its end: its bytes so far are no answer. */
class BodyCutShort extends Error {
	constructor() {
		super('The connection closed before the whole answer arrived');
	}
}

/**
 * Closes the body and the connection under it. n8n's helper (axios) hands the body over as a
 * stream drawn from a generator that reads the connection: destroyed before its first read, the
 * generator never runs, and the connection stays open, paused with unread bytes, until the
 * process ends. A read of nothing starts the generator, so the destroy reaches the connection
 * as soon as its next bytes, its end or its failure arrive.
 */
function closeBody(body: BodyStream): void {
	body.read(0);
	body.destroy();
}

function declaredLength(response: IN8nHttpFullResponse): number | undefined {
	const value = Number(response.headers?.['content-length']);
	return Number.isFinite(value) && value >= 0 ? value : undefined;
}

/**
 * The whole body of the answer being sent (`sending`, just started) read within the limits. n8n's helper (n8n-core 2.40) bounds only
 * the wait for the headers (axios's timer), so a body that trickles a byte at a time, or stops
 * part-way, would never end; it sets axios's maxContentLength to Infinity, passes no
 * decompress option, and replaces a request's abortSignal with the execution's own, so none of
 * them can carry a limit. Requests ask for the body as a stream (encodeRequest), read here chunk
 * by chunk: it stops at the deadline or at the size cap and closes the connection, so memory
 * stays at the cap however far a gzip answer would inflate.
 */
export async function readBodyWithinLimits(
	node: INode,
	limits: BodyLimits,
	sending: Promise<IN8nHttpFullResponse>,
	itemIndex?: number,
): Promise<IN8nHttpFullResponse> {
	const deadline = Date.now() + limits.timeout;
	const maxBytes = limits.maxMegabytes * MEGABYTE;
	const response = await sending;
	const body = response.body;
	if (!isStream(body)) return response;
	// With gzip, Content-Length is the compressed size: a bomb that says so is refused unread.
	const declared = declaredLength(response);
	if (declared !== undefined && declared > maxBytes) {
		closeBody(body);
		throw answerTooLargeError(node, limits.maxMegabytes, itemIndex);
	}
	const chunks: Buffer[] = [];
	try {
		// Read chunk by chunk as the stream emits them, within the size cap; the deadline ends
		// the wait itself: a silent service never ends the stream, nor fails it.
		await new Promise<void>((resolve, reject) => {
			let size = 0;
			const onData = (chunk: Buffer | string) => {
				const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
				size += bytes.length;
				if (size > maxBytes) done(answerTooLargeError(node, limits.maxMegabytes, itemIndex));
				else chunks.push(bytes);
			};
			const onEnd = () => done();
			const onClose = () => done(body.readableEnded ? undefined : new BodyCutShort());
			const done = (error?: Error) => {
				unwatch();
				body.removeListener('data', onData);
				body.removeListener('end', onEnd);
				body.removeListener('close', onClose);
				// The error listener stays: a failure after the read (the stream closed below) is of no interest.
				if (error) reject(error);
				else resolve();
			};
			const unwatch = watchDeadline(deadline, () => done(new DeadlinePassed()));
			body.on('data', onData);
			body.on('end', onEnd);
			body.on('error', done);
			body.on('close', onClose);
		});
	} catch (error) {
		// What is read after the deadline is dropped.
		chunks.length = 0;
		// Leaving early closes the stream, and with it the connection.
		closeBody(body);
		if (error instanceof DeadlinePassed) throw answerTimeoutError(node, limits.timeout, itemIndex);
		// A broken connection or a corrupt gzip: worded like any failure of the exchange.
		throw toNodeError(node, error, itemIndex);
	}
	return { ...response, body: chunks.length === 1 ? chunks[0] : Buffer.concat(chunks) };
}
