import fs from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import path from 'node:path';
import { performance } from 'node:perf_hooks';

/**
 * Small servers of the tests' own on loopback, to see Request Options act on the wire: a
 * forward proxy, a front that serves the sandbox over HTTPS (or plain HTTP) and notes when each
 * request arrived, and a server that accepts connections and never answers.
 */
export interface WireServer {
	url: string;
	/** What reached the server: request lines (proxy, front) or one entry per connection (hung). */
	seen: Array<{ line: string; at: number }>;
	close(): Promise<void>;
}

const TLS_DIR = path.resolve(__dirname, '../fixtures/tls');

/** A certificate fixture: `self-signed` (its own issuer) or `trusted` (issued by fixtures/tls/ca.crt, which npm test trusts). */
export function certificate(name: 'self-signed' | 'trusted') {
	return {
		cert: fs.readFileSync(path.join(TLS_DIR, `${name}.crt`)),
		key: fs.readFileSync(path.join(TLS_DIR, `${name}.key`)),
	};
}

async function listen(
	server: net.Server,
	protocol: string,
	seen: WireServer['seen'],
	sockets: Set<net.Socket>,
): Promise<WireServer> {
	server.on('connection', (socket: net.Socket) => {
		sockets.add(socket);
		socket.on('close', () => sockets.delete(socket));
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	const { port } = server.address() as net.AddressInfo;
	return {
		url: `${protocol}://127.0.0.1:${port}`,
		seen,
		async close() {
			for (const socket of sockets) socket.destroy();
			await new Promise<void>((resolve) => server.close(() => resolve()));
		},
	};
}

function forward(
	target: URL,
	request: http.IncomingMessage,
	response: http.ServerResponse,
	pathAndQuery: string,
) {
	const upstream = http.request(
		{
			host: target.hostname,
			port: target.port,
			method: request.method,
			path: pathAndQuery,
			headers: { ...request.headers, host: target.host },
		},
		(answer) => {
			response.writeHead(answer.statusCode ?? 502, answer.headers);
			answer.pipe(response);
		},
	);
	upstream.on('error', () => response.destroy());
	request.pipe(upstream);
}

/** An HTTP forward proxy: plain requests by absolute URL, HTTPS by CONNECT; notes each. */
export async function startProxy(): Promise<WireServer> {
	const seen: WireServer['seen'] = [];
	const sockets = new Set<net.Socket>();
	const server = http.createServer((request, response) => {
		seen.push({ line: `${request.method} ${request.url}`, at: performance.now() });
		const target = new URL(request.url ?? '');
		forward(target, request, response, `${target.pathname}${target.search}`);
	});
	server.on('connect', (request: http.IncomingMessage, client: net.Socket, head: Buffer) => {
		seen.push({ line: `CONNECT ${request.url}`, at: performance.now() });
		const [host, port] = String(request.url).split(':');
		const upstream = net.connect(Number(port), host, () => {
			client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
			upstream.write(head);
			upstream.pipe(client);
			client.pipe(upstream);
		});
		upstream.on('error', () => client.destroy());
		sockets.add(upstream);
	});
	return await listen(server, 'http', seen, sockets);
}

/** The service at `target` served through a front of its own, over HTTPS with `tls`, or plain HTTP; notes when each request arrived. */
export async function startFront(
	target: string,
	tls?: { cert: Buffer; key: Buffer },
): Promise<WireServer> {
	const seen: WireServer['seen'] = [];
	const sockets = new Set<net.Socket>();
	const handler = (request: http.IncomingMessage, response: http.ServerResponse) => {
		seen.push({ line: `${request.method} ${request.url}`, at: performance.now() });
		forward(new URL(target), request, response, request.url ?? '/');
	};
	const server = tls ? https.createServer(tls, handler) : http.createServer(handler);
	return await listen(server, tls ? 'https' : 'http', seen, sockets);
}

/** Accepts connections and never answers, as a hung service does. */
export async function startHungServer(): Promise<WireServer> {
	const seen: WireServer['seen'] = [];
	const sockets = new Set<net.Socket>();
	const server = net.createServer(() => seen.push({ line: 'connection', at: performance.now() }));
	return await listen(server, 'http', seen, sockets);
}
