import type { IN8nHttpFullResponse, INode } from 'n8n-workflow';

import { answerTimeoutError, answerTooLargeError, toNodeError } from './errors';
import { MEGABYTE } from './requestOptions';

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
	errored?: unknown;
}

function isStream(body: unknown): body is BodyStream {
	const candidate = body as Partial<BodyStream> | null;
	return typeof candidate?.destroy === 'function' && typeof candidate[Symbol.asyncIterator] === 'function';
}

function declaredLength(response: IN8nHttpFullResponse): number | undefined {
	const value = Number(response.headers?.['content-length']);
	return Number.isFinite(value) && value >= 0 ? value : undefined;
}

/**
 * Sends, then reads the whole body within the limits. n8n's helper (n8n-core 2.40) bounds only
 * the wait for the headers (axios's timer) and then an idle socket, so a body that trickles a
 * byte at a time would never end; it sets axios's maxContentLength to Infinity, passes no
 * decompress option, and replaces a request's abortSignal with the execution's own, so none of
 * them can carry a limit. Requests ask for the body as a stream (encodeRequest), read here chunk
 * by chunk: it stops at the deadline or at the size cap and closes the connection, so memory
 * stays at the cap however far a gzip answer would inflate.
 */
export async function readBodyWithinLimits(
	node: INode,
	limits: BodyLimits,
	send: () => Promise<IN8nHttpFullResponse>,
	itemIndex?: number,
): Promise<IN8nHttpFullResponse> {
	const deadline = Date.now() + limits.timeout;
	const maxBytes = limits.maxMegabytes * MEGABYTE;
	const response = await send();
	const body = response.body;
	if (!isStream(body)) return response;
	// With gzip, Content-Length is the compressed size: a bomb that says so is refused unread.
	const declared = declaredLength(response);
	if (declared !== undefined && declared > maxBytes) {
		body.destroy();
		throw answerTooLargeError(node, limits.maxMegabytes, itemIndex);
	}
	const chunks: Buffer[] = [];
	let size = 0;
	// An unref'd timer: it never keeps n8n's process (or a test run) alive on its own.
	const timer = AbortSignal.timeout(Math.max(1, deadline - Date.now()));
	const stop = () => body.destroy(new DeadlinePassed());
	timer.addEventListener('abort', stop, { once: true });
	try {
		for await (const chunk of body) {
			const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
			size += bytes.length;
			if (size > maxBytes) throw answerTooLargeError(node, limits.maxMegabytes, itemIndex);
			chunks.push(bytes);
		}
	} catch (error) {
		if (error instanceof DeadlinePassed || body.errored instanceof DeadlinePassed) throw answerTimeoutError(node, limits.timeout, itemIndex);
		// A broken connection or a corrupt gzip: worded like any failure of the exchange.
		throw toNodeError(node, error, itemIndex);
	} finally {
		timer.removeEventListener('abort', stop);
		// Leaving the loop early closes the stream, and with it the connection.
		body.destroy();
	}
	return { ...response, body: Buffer.concat(chunks) };
}
