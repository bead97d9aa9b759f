import http from 'node:http';

import axios from 'axios';
import { ExecuteContext } from 'n8n-core';
import type {
	ICredentialDataDecryptedObject,
	ICredentialsDecrypted,
	INode,
	INodeType,
} from 'n8n-workflow';
import { createRunExecutionData, NodeConnectionTypes, Workflow } from 'n8n-workflow';

import { CREDENTIAL_TYPE } from '../nodes/shared/account';
import { additionalDataFor, HarnessNodeTypes, PACKAGE_PREFIX } from '../test/harness/engine';

/** The sandbox's demo account, as the benches call it. */
export const AUTH = { username: 'demo', password: 'demo-password', apiKey: 'demo-api-key' };

type Auth = typeof AUTH;

/** The headers the credential adds, written by hand. */
function authHeaders(auth: Auth): Record<string, string> {
	return {
		Authorization: `Basic ${Buffer.from(`${auth.username}:${auth.password}`).toString('base64')}`,
		'X-Api-Key': auth.apiKey,
		Accept: 'application/json',
	};
}

/** The benches' first line: a raw client, axios on fresh connections, each answer parsed. */
export function rawClientGet(auth: Auth): (url: string) => Promise<unknown> {
	const client = axios.create({
		httpAgent: new http.Agent({ keepAlive: false }),
		headers: authHeaders(auth),
	});
	return async (url) => (await client.get<unknown>(url)).data;
}

/** A real n8n-core execute context of a node of no package, with the given credentials known to it. */
function helperContext(credentials: Record<string, ICredentialDataDecryptedObject> = {}) {
	const nodeType: INodeType = {
		description: {
			displayName: 'Helper',
			name: 'helper',
			group: ['transform'],
			version: 1,
			description: '',
			defaults: {},
			inputs: [NodeConnectionTypes.Main],
			outputs: [NodeConnectionTypes.Main],
			properties: [],
		},
	};
	const node: INode = {
		id: 'helper',
		name: 'Helper',
		type: `${PACKAGE_PREFIX}.helper`,
		typeVersion: 1,
		position: [0, 0],
		parameters: {},
		...(CREDENTIAL_TYPE in credentials
			? { credentials: { [CREDENTIAL_TYPE]: { id: 'helper', name: 'Helper' } } }
			: {}),
	};
	const workflow = new Workflow({
		nodes: [node],
		connections: {},
		active: false,
		nodeTypes: new HarnessNodeTypes([nodeType]),
	});
	return new ExecuteContext(
		workflow,
		node,
		additionalDataFor(credentials),
		'manual',
		createRunExecutionData(),
		0,
		[],
		{ main: [[{ json: {} }]] },
		{ node, data: {}, source: null },
		[],
	);
}

/**
 * n8n's request helper alone: `httpRequest` of a real n8n-core execute context, as any node
 * calls it, with the headers the credential would add written by hand, so no code of the
 * package runs. The benches' middle line: what n8n's own helper costs for the same calls.
 */
export function n8nHelperGet(auth: Auth): (url: string) => Promise<unknown> {
	const context = helperContext();
	const headers = authHeaders(auth);
	return async (url) =>
		await context.helpers.httpRequest({ method: 'GET', url, headers, json: true });
}

/**
 * n8n's request helper making the package's calls as the package makes them, with no code of
 * the package's nodes: `httpRequestWithAuthentication` with the package's credential (its
 * `authenticate` adds the headers and turns redirects off), the credential handed over
 * decrypted, the request options the package sends (Accept, Timeout, every status read, the
 * body as a stream), each body read to its end and parsed.
 */
export function n8nHelperPackageCalls(
	credentials: ICredentialDataDecryptedObject & { baseUrl: string },
	timeout = 300_000,
): (url: string) => Promise<unknown> {
	const context = helperContext({ [CREDENTIAL_TYPE]: credentials });
	return async (url) => {
		// A copy a call, as the package hands it over: n8n's helper may add to it.
		const credentialsDecrypted: ICredentialsDecrypted = {
			id: 'helper',
			name: 'Helper',
			type: CREDENTIAL_TYPE,
			data: { ...credentials },
		};
		const response = (await context.helpers.httpRequestWithAuthentication.call(
			context,
			CREDENTIAL_TYPE,
			{
				method: 'GET',
				baseURL: credentials.baseUrl,
				url: url.slice(credentials.baseUrl.length),
				timeout,
				headers: { Accept: 'application/json' },
				json: false,
				encoding: 'stream',
				returnFullResponse: true,
				ignoreHttpStatusErrors: true,
			},
			{ credentialsDecrypted },
		)) as { body: NodeJS.ReadableStream };
		const chunks: Buffer[] = [];
		for await (const chunk of response.body) chunks.push(chunk as Buffer);
		return JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown;
	};
}
