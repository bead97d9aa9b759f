import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';

/**
 * What n8n itself does with a notification's body before the trigger runs, on each n8n of the
 * matrix (npm run test:internals only: it needs that n8n's own program, N8N_INTERNALS_RUNTIME).
 * n8n's webhook server reads a JSON body with its body parser (middlewares/body-parser.ts) for a
 * trigger at a version above 1 before calling the node; the webhook harness (test/harness/
 * webhook.ts) mirrors that, and docs/notifications.md says what is lost: a body with the
 * trailing comma of the 2026-09-16 page is 422, the node never runs. This runs n8n's own
 * rawBodyReader and parseBody on a real request on loopback.
 */
const runtime = process.env.N8N_INTERNALS_RUNTIME ?? '';
type Middleware = (
	request: http.IncomingMessage,
	response: http.ServerResponse,
	next: () => void,
) => void;
interface BodyParser {
	rawBodyReader: Middleware;
	parseBody: (request: http.IncomingMessage) => Promise<void>;
}

async function parsedBy(parser: BodyParser, body: string) {
	const server = http.createServer((request, response) => {
		parser.rawBodyReader(request, response, () => {
			parser.parseBody(request).then(
				() => response.end(JSON.stringify({ body: (request as { body?: unknown }).body })),
				(error: Error & { httpStatusCode?: number }) =>
					response.end(JSON.stringify({ status: error.httpStatusCode, message: error.message })),
			);
		});
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	try {
		const answer = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`, {
			method: 'POST',
			headers: { 'content-type': 'application/json' },
			body,
		});
		return (await answer.json()) as unknown;
	} finally {
		await new Promise((resolve) => server.close(resolve));
	}
}

describe("n8n's own body parser, before the notification trigger runs", () => {
	let parser: BodyParser;
	beforeAll(() => {
		require(path.join(runtime, 'node_modules/reflect-metadata'));
		parser = require(
			path.join(runtime, 'node_modules/n8n/dist/middlewares/body-parser.js'),
		) as BodyParser;
	});

	test('a body with a trailing comma (the 2026-09-16 page) is refused 422, as docs/notifications.md says', async () => {
		expect(
			await parsedBy(
				parser,
				'{"name":"Areas","type":"Area","event":"Update","customerId":"M30011","id":"A1",}',
			),
		).toEqual({ status: 422, message: 'Failed to parse request body' });
	});

	test('a JSON notification is parsed and handed on', async () => {
		expect(await parsedBy(parser, '{"type":"Area","id":"A1"}')).toEqual({
			body: { type: 'Area', id: 'A1' },
		});
	});
});
