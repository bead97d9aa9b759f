import http from 'node:http';
import type net from 'node:net';

/**
 * A service that misbehaves on purpose, on loopback, for the safety tests: every request is
 * answered by the current `answer` (set per test), and what arrived is kept, headers included,
 * so a test can see whether a credential reached it. Two of them make two origins.
 */
export interface HostileRequest {
	method: string;
	path: string;
	headers: http.IncomingHttpHeaders;
	/** The body as it arrived, as text. */
	body: string;
}

export type Answer = (request: http.IncomingMessage, response: http.ServerResponse) => void;

export interface HostileServer {
	url: string;
	seen: HostileRequest[];
	answer: Answer;
	close(): Promise<void>;
}

export const json =
	(status: number, body: unknown, reason?: string): Answer =>
	(_request, response) => {
		response.writeHead(status, reason ?? http.STATUS_CODES[status], {
			'content-type': 'application/json',
		});
		response.end(JSON.stringify(body));
	};

export async function startHostile(): Promise<HostileServer> {
	const sockets = new Set<net.Socket>();
	const server: HostileServer = {
		url: '',
		seen: [],
		answer: json(200, {}),
		async close() {
			for (const socket of sockets) socket.destroy();
			await new Promise<void>((resolve) => listener.close(() => resolve()));
		},
	};
	const listener = http.createServer((request, response) => {
		const seen: HostileRequest = {
			method: request.method ?? '',
			path: request.url ?? '',
			headers: request.headers,
			body: '',
		};
		server.seen.push(seen);
		const chunks: Buffer[] = [];
		request.on('data', (chunk: Buffer) => chunks.push(chunk));
		request.on('end', () => {
			seen.body = Buffer.concat(chunks).toString('utf8');
			server.answer(request, response);
		});
	});
	listener.on('connection', (socket) => {
		sockets.add(socket);
		socket.on('close', () => sockets.delete(socket));
	});
	await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
	server.url = `http://127.0.0.1:${(listener.address() as net.AddressInfo).port}`;
	return server;
}
