import { demoCredentials } from './credentials';
import axios from 'axios';
import { DateTime } from 'luxon';
import type { ICredentialDataDecryptedObject } from 'n8n-workflow';

import { startSandbox } from '../../sandbox/src';

export interface LoggedRequest {
	method: string;
	/** Raw path as it arrived, still percent-encoded. */
	path: string;
	query: Record<string, unknown>;
	headers: Record<string, string>;
	contentType?: string;
	body: unknown;
	/** The body before the sandbox coerced values to its schema's types. */
	bodyAsSent?: unknown;
	status: number;
}

type SandboxHandle = Awaited<ReturnType<typeof startSandbox>>;

/**
 * Starts the sandbox on a free loopback port for the test file, reset before each test,
 * with helpers to build the credential and read what the sandbox saw.
 */
export function useSandbox(options: Parameters<typeof startSandbox>[0] = {}) {
	let handle: SandboxHandle | undefined;
	beforeAll(async () => {
		handle = await startSandbox({ port: 0, ...options });
	});
	afterAll(async () => {
		await handle?.close();
	});
	beforeEach(async () => {
		await handle?.reset();
		await axios.delete(`${handle!.url}/__sandbox/requests`);
	});
	const sandbox = {
		get url(): string {
			if (!handle) throw new Error('The sandbox is not started');
			return handle.url;
		},
		get handle(): SandboxHandle {
			if (!handle) throw new Error('The sandbox is not started');
			return handle;
		},
		/** The demo user's credential (group G2, default office M30011), with overrides. */
		credentials(overrides: ICredentialDataDecryptedObject = {}): ICredentialDataDecryptedObject {
			return demoCredentials(sandbox.url, overrides);
		},
		async requests(): Promise<LoggedRequest[]> {
			return (await axios.get<LoggedRequest[]>(`${sandbox.url}/__sandbox/requests`)).data;
		},
		async clearRequests(): Promise<void> {
			await axios.delete(`${sandbox.url}/__sandbox/requests`);
		},
		/** POST to the control API, e.g. control('faults', { kind: 'status500', count: 1 }). */
		async control<T = unknown>(path: string, body: unknown = {}): Promise<T> {
			return (await axios.post<T>(`${sandbox.url}/__sandbox/${path}`, body)).data;
		},
	};
	return sandbox;
}

/**
 * A stored instant of the sandbox (UTC ISO) as the nodes output it: the instant with
 * Stockholm's offset and at least milliseconds (2026-07-10T21:23:49.570+02:00), computed with
 * luxon. null and undefined pass.
 */
export function swedishTime<T extends string | null | undefined>(iso: T): T {
	if (iso === null || iso === undefined) return iso;
	return DateTime.fromISO(iso, { setZone: true }).setZone('Europe/Stockholm').toISO() as T;
}
