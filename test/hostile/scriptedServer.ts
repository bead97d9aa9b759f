import { demoCredentials } from '../harness/credentials';
import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ICredentialDataDecryptedObject } from 'n8n-workflow';

/**
 * A broken or hostile service on loopback, of the project's own: every answer is scripted by
 * the test (status, headers, body as written on the wire), and every request is recorded.
 * Unlike the sandbox it checks nothing and means nothing; it says what the test makes it say.
 * harness/hostile.ts's HostileServer is the other kind: raw answers, headers and bodies kept.
 */
export interface SeenRequest {
	method: string;
	path: string;
	query: Record<string, string>;
}

export interface Answer {
	status?: number;
	/** Content-Type; application/json by default when the body is not text. */
	type?: string;
	/** Written as is when text; JSON-encoded otherwise; nothing when undefined. */
	body?: unknown;
}

/** An answer, or a promise of one: a test can hold an answer back until other requests have arrived. */
export type Script = (request: SeenRequest) => Answer | Promise<Answer>;

export interface ScriptedServer {
	url: string;
	requests: SeenRequest[];
	/** What the server answers from now on. */
	script(script: Script): void;
	/** The demo credential, pointed at this server. */
	credentials(overrides?: ICredentialDataDecryptedObject): ICredentialDataDecryptedObject;
	close(): Promise<void>;
}

export async function startScriptedServer(): Promise<ScriptedServer> {
	let current: Script = () => ({ status: 404, body: { message: 'No script' } });
	const requests: SeenRequest[] = [];
	const server = http.createServer((request, response) => {
		const url = new URL(request.url ?? '/', 'http://127.0.0.1');
		const seen: SeenRequest = {
			method: request.method ?? 'GET',
			path: url.pathname,
			query: Object.fromEntries(url.searchParams),
		};
		requests.push(seen);
		request.resume();
		request.on('end', async () => {
			const answer = await current(seen);
			const text =
				answer.body === undefined
					? ''
					: typeof answer.body === 'string'
						? answer.body
						: JSON.stringify(answer.body);
			const type =
				answer.type ??
				(typeof answer.body === 'string'
					? 'text/plain; charset=utf-8'
					: 'application/json; charset=utf-8');
			response.writeHead(
				answer.status ?? 200,
				text === '' && answer.type === undefined ? {} : { 'Content-Type': type },
			);
			response.end(text);
		});
	});
	server.listen(0, '127.0.0.1');
	await once(server, 'listening');
	const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
	return {
		url,
		requests,
		script(script) {
			current = script;
		},
		credentials(overrides = {}) {
			return demoCredentials(url, overrides);
		},
		async close() {
			server.closeAllConnections();
			server.close();
			await once(server, 'close');
		},
	};
}

/** One hostile server for the test file, with no script and no requests before each test. */
export function useScriptedServer(): ScriptedServer {
	let started: ScriptedServer | undefined;
	const ready = () => {
		if (!started) throw new Error('The hostile server is not started');
		return started;
	};
	beforeAll(async () => {
		started = await startScriptedServer();
	});
	afterAll(async () => await started?.close());
	beforeEach(() => {
		ready().requests.length = 0;
		ready().script(() => ({ status: 404, body: { message: 'No script' } }));
	});
	return {
		get url() {
			return ready().url;
		},
		get requests() {
			return ready().requests;
		},
		script: (script) => ready().script(script),
		credentials: (overrides) => ready().credentials(overrides),
		close: async () => await ready().close(),
	};
}
