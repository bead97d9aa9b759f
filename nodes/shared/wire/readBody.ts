import type { IN8nHttpFullResponse, INode } from 'n8n-workflow';

import { answerTimeoutError, answerTooLargeError, toNodeError } from '../failures';
import { MEGABYTE } from './nodeSettings';

export interface BodyLimits {
	/** Milliseconds for the whole exchange, from sending to the last byte of the body. */
	timeout: number;
	/** Megabytes (MiB) the body may have, as sent (compressed) and as read (inflated). */
	maxMegabytes: number;
}

class DeadlinePassed extends Error {}

/** The body as n8n's helper gives it for `encoding: 'stream'`: a Node.js readable stream. */
interface BodyStream extends AsyncIterable<Buffer | string> {
	destroy(error?: Error): void;
	read(size?: number): unknown;
	errored?: unknown;
}

function isStream(body: unknown): body is BodyStream {
	const candidate = body as Partial<BodyStream> | null;
	return (
		typeof candidate?.destroy === 'function' &&
		typeof candidate.read === 'function' &&
		typeof candidate[Symbol.asyncIterator] === 'function'
	);
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
	const reading = (async () => {
		let size = 0;
		for await (const chunk of body) {
			const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
			size += bytes.length;
			if (size > maxBytes) throw answerTooLargeError(node, limits.maxMegabytes, itemIndex);
			chunks.push(bytes);
		}
	})();
	// The deadline ends the wait itself: a stream destroyed while a read is pending ends that read
	// only once the connection gives its next bytes or closes, which a silent service never does.
	let stop = () => {};
	const deadlinePassed = new Promise<never>((_resolve, reject) => {
		stop = () => reject(new DeadlinePassed());
	});
	// An unref'd timer: it never keeps n8n's process (or a test run) alive on its own.
	const timer = AbortSignal.timeout(Math.max(1, deadline - Date.now()));
	timer.addEventListener('abort', stop, { once: true });
	try {
		await Promise.race([reading, deadlinePassed]);
	} catch (error) {
		// What is read after the deadline is dropped, and the read's own end is of no interest.
		reading.catch(() => undefined);
		chunks.length = 0;
		if (error instanceof DeadlinePassed) throw answerTimeoutError(node, limits.timeout, itemIndex);
		// A broken connection or a corrupt gzip: worded like any failure of the exchange.
		throw toNodeError(node, error, itemIndex);
	} finally {
		timer.removeEventListener('abort', stop);
		// Leaving early closes the stream, and with it the connection.
		closeBody(body);
	}
	return { ...response, body: Buffer.concat(chunks) };
}
