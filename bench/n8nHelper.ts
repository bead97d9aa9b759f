import http from 'node:http';

import axios from 'axios';
import { ExecuteContext } from 'n8n-core';
import type { INode, INodeType } from 'n8n-workflow';
import { createRunExecutionData, NodeConnectionTypes, Workflow } from 'n8n-workflow';

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

/**
 * n8n's request helper alone: `httpRequest` of a real n8n-core execute context, as any node
 * calls it, with the headers the credential would add written by hand, so no code of the
 * package runs. The benches' middle line: what n8n's own helper costs for the same calls.
 */
export function n8nHelperGet(
	auth: Auth,
	body: 'parsed' | 'stream' = 'parsed',
): (url: string) => Promise<unknown> {
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
	};
	const workflow = new Workflow({
		nodes: [node],
		connections: {},
		active: false,
		nodeTypes: new HarnessNodeTypes([nodeType]),
	});
	const context = new ExecuteContext(
		workflow,
		node,
		additionalDataFor({}),
		'manual',
		createRunExecutionData(),
		0,
		[],
		{ main: [[{ json: {} }]] },
		{ node, data: {}, source: null },
		[],
	);
	const headers = authHeaders(auth);
	if (body === 'parsed')
		return async (url) =>
			await context.helpers.httpRequest({ method: 'GET', url, headers, json: true });
	// The body as a stream, read to its end and parsed: how the package must ask for it, so that
	// it can bound the body's time and size (n8n's helper bounds neither).
	return async (url) => {
		const response = (await context.helpers.httpRequest({
			method: 'GET',
			url,
			headers,
			json: false,
			encoding: 'stream',
			returnFullResponse: true,
		})) as { body: NodeJS.ReadableStream };
		const chunks: Buffer[] = [];
		for await (const chunk of response.body) chunks.push(chunk as Buffer);
		return JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown;
	};
}
