import http from 'node:http';
import type { AddressInfo } from 'node:net';

import { ExecutionLifecycleHooks, WebhookContext, WorkflowExecute } from 'n8n-core';
import type {
	ICredentialDataDecryptedObject,
	IDataObject,
	INode,
	INodeParameters,
	INodeType,
	IRun,
	IWebhookData,
	IWorkflowBase,
} from 'n8n-workflow';
import { createRunExecutionData, jsonParse, Workflow } from 'n8n-workflow';

import { additionalDataFor, HarnessNodeTypes, type NodeRun, PACKAGE_PREFIX } from './engine';

/** n8n's default N8N_PAYLOAD_SIZE_MAX (16 MiB): a larger body is refused before any node sees it. */
const PAYLOAD_SIZE_MAX = 16 * 1024 * 1024;
export const WEBHOOK_ID = '6f0c1d1e-9a53-4e0b-8c1d-2b8f5a3e7d10';

export interface WebhookNode {
	/** The production URL of the node's webhook, as n8n would show it (no query). */
	url: string;
	/** Every workflow run the webhook started, in order, once it finished. */
	runs: Promise<NodeRun>[];
	close(): Promise<void>;
}

/** The query as express reads it: a repeated parameter is a list. */
function queryOf(url: URL): IDataObject {
	const query: IDataObject = {};
	for (const [name, value] of url.searchParams) {
		const present = query[name];
		query[name] =
			present === undefined
				? value
				: Array.isArray(present)
					? [...present, value]
					: [present as string, value];
	}
	return query;
}

async function rawBodyOf(request: http.IncomingMessage): Promise<Buffer | 'tooLarge'> {
	const chunks: Buffer[] = [];
	let size = 0;
	for await (const chunk of request) {
		size += (chunk as Buffer).length;
		if (size > PAYLOAD_SIZE_MAX) return 'tooLarge';
		chunks.push(chunk as Buffer);
	}
	return Buffer.concat(chunks);
}

/** Each served node gets a credential id of its own (see serveWebhookNode). */
let servedNodes = 0;

/**
 * Serves a webhook node on loopback the way n8n's webhook server does (webhook-helpers.ts):
 * the body read within n8n's size limit and parsed by n8n's own jsonParse (a body it cannot
 * parse is answered 422 before the node runs), the node's webhook() called in n8n-core's real
 * WebhookContext with the request and response, then, for workflowData, the answer given
 * (responseMode onReceived) and the workflow run by n8n-core's WorkflowExecute from the node
 * with that data, which runs the node's execute() if it has one.
 */
export async function serveWebhookNode(options: {
	nodeType: INodeType;
	parameters: INodeParameters;
	credentials: ICredentialDataDecryptedObject;
	/** Other credentials of the node by type (e.g. the notification secret), each with an id of its own. */
	moreCredentials?: Record<string, ICredentialDataDecryptedObject>;
	/** Keeps the node's execute() from running, to count what webhook() alone starts. */
	webhookOnly?: boolean;
	/** The node's On Error setting (Settings › On Error). */
	onError?: INode['onError'];
}): Promise<WebhookNode> {
	const { nodeType } = options;
	const description = nodeType.description.webhooks![0];
	const node: INode = {
		id: 'notification-trigger',
		name: 'Estate Broker Notification Trigger',
		type: `${PACKAGE_PREFIX}.${nodeType.description.name}`,
		typeVersion: nodeType.description.defaultVersion ?? 1,
		position: [0, 0],
		parameters: options.parameters,
		...(options.onError ? { onError: options.onError } : {}),
		webhookId: WEBHOOK_ID,
		// Each served node has a credential of its own, as two credentials with other data are in n8n.
		credentials: {
			estateBrokerApi: { id: `cred-${++servedNodes}`, name: 'Estate Broker' },
			...Object.fromEntries(
				Object.keys(options.moreCredentials ?? {}).map((type) => [
					type,
					{ id: `cred-${++servedNodes}`, name: type },
				]),
			),
		},
	};
	const credentials = { estateBrokerApi: options.credentials, ...options.moreCredentials };
	const workflowData = {
		id: 'harness-webhook',
		name: 'Harness',
		active: true,
		isArchived: false,
		nodes: [node],
		connections: {},
		settings: {},
	} as unknown as IWorkflowBase;
	// Without execute(), n8n's engine passes a webhook node's data through unchanged.
	const runNodeType: INodeType = options.webhookOnly
		? { description: nodeType.description, webhook: nodeType.webhook }
		: nodeType;
	const workflow = new Workflow({
		id: workflowData.id,
		nodes: [node],
		connections: {},
		active: true,
		nodeTypes: new HarnessNodeTypes([runNodeType]),
		settings: {},
	});
	const path = `/webhook/${WEBHOOK_ID}/${String(description.path)}`;
	const runs: Promise<NodeRun>[] = [];

	async function runWorkflow(data: IDataObject[]): Promise<NodeRun> {
		const hooks = new ExecutionLifecycleHooks('webhook', 'harness', workflowData);
		let finish: (run: IRun) => void = () => {};
		const finished = new Promise<IRun>((resolve) => (finish = resolve));
		hooks.addHandler('workflowExecuteAfter', (run) => finish(run));
		const additionalData = additionalDataFor(credentials, hooks);
		const items = data.map((json) => ({ json }));
		const runData = createRunExecutionData({
			executionData: { nodeExecutionStack: [{ node, data: { main: [items] }, source: null }] },
		});
		await new WorkflowExecute(additionalData, 'webhook', runData).processRunExecutionData(workflow);
		const run = await finished;
		const task = run.data.resultData.runData[node.name]?.[0];
		return {
			items: task?.data?.main?.[0] ?? [],
			outputs: (task?.data?.main ?? []).map((output) => output ?? []),
			error: (run.data.resultData.error ?? task?.error) as NodeRun['error'],
			run,
		};
	}

	async function handle(request: http.IncomingMessage, response: http.ServerResponse) {
		const url = new URL(request.url ?? '/', 'http://127.0.0.1');
		if (url.pathname !== path || request.method !== description.httpMethod) {
			response
				.writeHead(404, { 'Content-Type': 'application/json' })
				.end(JSON.stringify({ message: 'The requested webhook is not registered.' }));
			return;
		}
		const rawBody = await rawBodyOf(request);
		if (rawBody === 'tooLarge') {
			response.writeHead(413).end();
			request.destroy();
			return;
		}
		let body: unknown = {};
		if (
			rawBody.length &&
			String(request.headers['content-type'] ?? '').startsWith('application/json')
		) {
			try {
				body = jsonParse(rawBody.toString('utf8'));
			} catch {
				response
					.writeHead(422, { 'Content-Type': 'application/json' })
					.end(JSON.stringify({ message: 'Failed to parse request body' }));
				return;
			}
		}
		Object.assign(request, { body, rawBody, query: queryOf(url), params: {} });
		const additionalData = {
			...additionalDataFor(credentials),
			httpRequest: request,
			httpResponse: response,
		};
		const webhookData = {
			httpMethod: description.httpMethod,
			node: node.name,
			path: `${WEBHOOK_ID}/${String(description.path)}`,
			webhookDescription: description,
			workflowId: workflow.id,
			workflowExecuteAdditionalData: additionalData,
			webhookId: WEBHOOK_ID,
		} as unknown as IWebhookData;
		const context = new WebhookContext(
			workflow,
			node,
			additionalData as never,
			'webhook',
			webhookData,
			[],
			null,
		);
		const result = await nodeType.webhook!.call(context);
		// As n8n: a node that answered itself (noWebhookResponse) still starts the workflow it gives.
		if (result.workflowData === undefined) {
			if (!result.noWebhookResponse)
				response
					.writeHead(200, { 'Content-Type': 'application/json' })
					.end(JSON.stringify(result.webhookResponse ?? { message: 'Webhook call received' }));
			return;
		}
		// responseMode onReceived: the answer goes before the workflow runs.
		if (!result.noWebhookResponse) response.writeHead(200).end();
		runs.push(runWorkflow(result.workflowData[0].map((item) => item.json)));
	}

	const server = http.createServer((request, response) => {
		handle(request, response).catch((error: Error) => {
			if (!response.headersSent)
				response
					.writeHead(500, { 'Content-Type': 'application/json' })
					.end(JSON.stringify({ message: error.message }));
		});
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	const { port } = server.address() as AddressInfo;
	return {
		url: `http://127.0.0.1:${port}${path}`,
		runs,
		close: async () => {
			await Promise.allSettled(runs);
			server.closeAllConnections();
			await new Promise<void>((resolve) => server.close(() => resolve()));
		},
	};
}
