import {
	DirectoryLoader,
	ExecuteContext,
	ExecutionLifecycleHooks,
	PollContext,
	prepareBinaryData,
	RoutingNode,
	WorkflowExecute,
} from 'n8n-core';
import type {
	IBinaryKeyData,
	ICredentialDataDecryptedObject,
	ICredentialType,
	IDataObject,
	INode,
	INodeExecutionData,
	INodeParameters,
	INodeType,
	INodeTypes,
	IRun,
	IWorkflowBase,
	IWorkflowExecuteAdditionalData,
	WorkflowExecuteMode,
} from 'n8n-workflow';
import { createRunExecutionData, Workflow } from 'n8n-workflow';

import { EstateBrokerApi } from '../../credentials/EstateBrokerApi.credentials';
import { EstateBrokerNotificationSecretApi } from '../../credentials/EstateBrokerNotificationSecretApi.credentials';
import { HarnessCredentialsHelper } from './credentials';

export const PACKAGE_PREFIX = 'n8n-nodes-estate-broker';
const CREDENTIAL_TYPES: Record<string, ICredentialType> = {
	estateBrokerApi: new EstateBrokerApi(),
	estateBrokerNotificationSecretApi: new EstateBrokerNotificationSecretApi(),
};

let credentialTypesInUse = CREDENTIAL_TYPES;

/** The credential types runs apply (the trace's instrumented build, test/harness/trace.ts); left out, the sources'. */
export function useCredentialTypes(types?: Record<string, ICredentialType>): void {
	credentialTypesInUse = types ?? CREDENTIAL_TYPES;
}

export class HarnessNodeTypes implements INodeTypes {
	private readonly byName = new Map<string, INodeType>();

	constructor(nodeTypes: INodeType[]) {
		for (const nodeType of nodeTypes) {
			// The package's nodes come from n8n's loader (packageNodes) with its Request Options; a test-only
			// declarative node (the transport probe) gets them here the same way, once.
			const hasRequestOptions = nodeType.description.properties.some(
				(property) => property.name === 'requestOptions',
			);
			if (nodeType.description.requestDefaults && !hasRequestOptions)
				DirectoryLoader.applyDeclarativeNodeOptionParameters(nodeType);
			this.byName.set(`${PACKAGE_PREFIX}.${nodeType.description.name}`, nodeType);
		}
	}

	getByName(name: string): INodeType {
		const nodeType = this.byName.get(name);
		if (!nodeType) throw new Error(`Unknown node type ${name}`);
		return nodeType;
	}

	getByNameAndVersion(name: string): INodeType {
		return this.getByName(name);
	}

	getKnownTypes() {
		return {};
	}
}

let executions = 0;

export function additionalDataFor(
	credentials: Record<string, ICredentialDataDecryptedObject>,
	hooks?: ExecutionLifecycleHooks,
) {
	const known: Partial<IWorkflowExecuteAdditionalData> = {
		credentialsHelper: new HarnessCredentialsHelper(credentialTypesInUse, credentials),
		hooks,
		// Each run an execution of its own, as in n8n (a run by hand tries once through a pause).
		executionId: `harness-${++executions}`,
		restApiUrl: 'http://127.0.0.1:5678/rest',
		instanceBaseUrl: 'http://127.0.0.1:5678/',
		formWaitingBaseUrl: 'http://127.0.0.1:5678/form-waiting',
		webhookBaseUrl: 'http://127.0.0.1:5678/webhook',
		webhookWaitingBaseUrl: 'http://127.0.0.1:5678/webhook-waiting',
		webhookTestBaseUrl: 'http://127.0.0.1:5678/webhook-test',
		currentNodeParameters: undefined,
		variables: {},
		userId: 'harness-user',
		setExecutionStatus: () => {},
		sendDataToUI: () => {},
	};
	return known as IWorkflowExecuteAdditionalData;
}

export interface NodeRun {
	/** Output items of the node, first output. */
	items: INodeExecutionData[];
	/** Every output's items (with errorOutput: [succeeded, failed]). */
	outputs: INodeExecutionData[][];
	/** The error the node stopped with, if it did. */
	error?: Error & { description?: string; context?: IDataObject; httpCode?: string | null };
	run: IRun;
}

export interface RunNodeOptions {
	nodeType: INodeType;
	parameters: INodeParameters;
	credentials?: ICredentialDataDecryptedObject;
	/** Input items (json); one empty item by default, as a manual run gives. */
	input?: IDataObject[];
	/** Whole input items (json and binary, e.g. from fileItem()); used instead of `input`. */
	inputItems?: INodeExecutionData[];
	continueOnFail?: boolean;
	/** On Error set to "Continue (using error output)": failed items go to a second output (NodeRun.outputs[1]). */
	errorOutput?: boolean;
	mode?: WorkflowExecuteMode;
	/** The workflow's Timezone setting; left out, n8n's default applies (the instance's, America/New_York here). */
	timezone?: string;
}

const nodeName = 'Estate Broker';

/** Workflow settings as the editor saves them: the Timezone setting only when chosen. */
const settingsOf = (timezone?: string) => (timezone ? { timezone } : {});

/**
 * Runs one node inside n8n-core's WorkflowExecute, with the given items as its input, the
 * way n8n runs a node of a workflow: parameters resolved by the real expression engine,
 * declarative routing by the real RoutingNode, HTTP by n8n's own request helpers.
 */
export async function runNode(options: RunNodeOptions): Promise<NodeRun> {
	const { nodeType } = options;
	const node: INode = {
		id: 'node-under-test',
		name: nodeName,
		type: `${PACKAGE_PREFIX}.${nodeType.description.name}`,
		typeVersion: newestVersion(nodeType),
		position: [0, 0],
		parameters: options.parameters,
		credentials: options.credentials
			? { estateBrokerApi: { id: 'cred-1', name: 'Estate Broker' } }
			: undefined,
		...(options.continueOnFail ? { onError: 'continueRegularOutput' as const } : {}),
		...(options.errorOutput ? { onError: 'continueErrorOutput' as const } : {}),
	};
	const workflowData: IWorkflowBase = {
		id: 'harness-workflow',
		name: 'Harness',
		active: false,
		isArchived: false,
		nodes: [node],
		connections: {},
		createdAt: new Date(0),
		updatedAt: new Date(0),
		activeVersionId: null,
		settings: settingsOf(options.timezone),
	} as unknown as IWorkflowBase;
	const workflow = new Workflow({
		id: workflowData.id,
		name: workflowData.name,
		nodes: [node],
		connections: {},
		active: false,
		nodeTypes: new HarnessNodeTypes([nodeType]),
		settings: settingsOf(options.timezone),
	});
	const mode = options.mode ?? 'manual';
	const hooks = new ExecutionLifecycleHooks(mode, 'harness', workflowData);
	let finish: (run: IRun) => void = () => {};
	const finished = new Promise<IRun>((resolve) => (finish = resolve));
	hooks.addHandler('workflowExecuteAfter', (run) => finish(run));
	const additionalData = additionalDataFor(
		options.credentials ? { estateBrokerApi: options.credentials } : {},
		hooks,
	);
	const input = options.inputItems ?? (options.input ?? [{}]).map((json) => ({ json }));
	const runExecutionData = createRunExecutionData({
		executionData: { nodeExecutionStack: [{ node, data: { main: [input] }, source: null }] },
	});
	const execution = new WorkflowExecute(additionalData, mode, runExecutionData);
	await execution.processRunExecutionData(workflow);
	const run = await finished;
	const task = run.data.resultData.runData[nodeName]?.[0];
	return {
		items: task?.data?.main?.[0] ?? [],
		outputs: (task?.data?.main ?? []).map((output) => output ?? []),
		error: (run.data.resultData.error ?? task?.error) as NodeRun['error'],
		run,
	};
}

export interface HarnessFile {
	bytes: Buffer;
	/** File name as a previous node would set it; its extension gives the MIME type. */
	fileName?: string;
	mimeType?: string;
}

/**
 * An input item carrying files in its binary fields, made by n8n-core's own prepareBinaryData
 * (the helper file-reading nodes use), so a node reads them through n8n's real binary handling.
 */
export async function fileItem(
	files: Record<string, HarnessFile>,
	json: IDataObject = {},
): Promise<INodeExecutionData> {
	const binary: IBinaryKeyData = {};
	for (const [field, file] of Object.entries(files)) {
		binary[field] = await prepareBinaryData(
			file.bytes,
			'harness',
			'harness-workflow',
			file.fileName,
			file.mimeType,
		);
	}
	return { json, binary };
}

export interface CredentialTestResult {
	status: 'OK' | 'Error';
	message: string;
}

/**
 * Tests a credential as n8n's credentials tester does: its test request runs through the
 * real RoutingNode with the credential applied, and the test's response-code rules decide
 * the message.
 */
export async function testCredential(
	data: ICredentialDataDecryptedObject,
): Promise<CredentialTestResult> {
	const credentialType = CREDENTIAL_TYPES.estateBrokerApi;
	const test = credentialType.test!;
	const nodeType: INodeType = {
		description: {
			displayName: 'Credential Test',
			name: 'credentialTest',
			group: ['transform'],
			version: 1,
			description: '',
			defaults: {},
			inputs: [],
			outputs: [],
			credentials: [{ name: credentialType.name, required: true }],
			requestDefaults: {},
			properties: [
				{
					displayName: 'Temp',
					name: 'temp',
					type: 'string',
					default: '',
					routing: { request: test.request },
				},
			],
		},
	} as unknown as INodeType;
	const node: INode = {
		id: 'credential-test',
		name: 'Credential Test',
		type: `${PACKAGE_PREFIX}.credentialTest`,
		typeVersion: 1,
		position: [0, 0],
		parameters: { temp: '' },
		credentials: { [credentialType.name]: { id: 'cred-1', name: 'Test' } },
	};
	const workflow = new Workflow({
		nodes: [node],
		connections: {},
		active: false,
		nodeTypes: new HarnessNodeTypes([nodeType]),
	});
	const additionalData = additionalDataFor({ [credentialType.name]: data });
	const context = new ExecuteContext(
		workflow,
		node,
		additionalData,
		'internal',
		createRunExecutionData(),
		0,
		[],
		{ main: [[{ json: {} }]] },
		{ node, data: {}, source: null },
		[],
	);
	try {
		await new RoutingNode(context, nodeType, {
			id: 'cred-1',
			name: 'Test',
			type: credentialType.name,
			data,
		}).runNode();
	} catch (error) {
		const cause = (
			error as { cause?: { response?: { status: number; statusText?: string }; code?: string } }
		).cause;
		if (cause?.response) {
			const rule = test.rules?.find(
				(candidate) =>
					candidate.type === 'responseCode' &&
					candidate.properties.value === cause.response!.status,
			);
			if (rule && rule.type === 'responseCode')
				return { status: 'Error', message: rule.properties.message };
			return {
				status: 'Error',
				message: cause.response.statusText || `Received HTTP status code: ${cause.response.status}`,
			};
		}
		if (cause?.code) return { status: 'Error', message: cause.code };
		return { status: 'Error', message: (error as Error).message };
	}
	return { status: 'OK', message: 'Connection successful!' };
}

export interface PollRun {
	items: INodeExecutionData[][] | null;
	error?: Error & { description?: string };
}

interface PollOptions {
	nodeType: INodeType;
	parameters: INodeParameters;
	/** The credential as stored; n8n's helper reads (and copies) it at each read, so a test may change it between polls. */
	credentials: ICredentialDataDecryptedObject;
	staticData: IDataObject;
	mode?: 'manual' | 'trigger';
	/** The workflow's Timezone setting, as in runNode. */
	timezone?: string;
}

/** The version of a node added today: the newest its description offers. */
function newestVersion(nodeType: INodeType): number {
	const { version } = nodeType.description;
	return Array.isArray(version) ? Math.max(...version) : version;
}

/** n8n-core's real PollContext for a trigger of a workflow whose node static data is `staticData`. */
function pollContext(options: PollOptions): PollContext {
	const { nodeType } = options;
	const node: INode = {
		id: 'trigger-under-test',
		name: 'Estate Broker Trigger',
		type: `${PACKAGE_PREFIX}.${nodeType.description.name}`,
		typeVersion: newestVersion(nodeType),
		position: [0, 0],
		parameters: options.parameters,
		credentials: { estateBrokerApi: { id: 'cred-1', name: 'Estate Broker' } },
	};
	const workflow = new Workflow({
		id: 'harness-poll',
		nodes: [node],
		connections: {},
		active: options.mode !== 'manual',
		nodeTypes: new HarnessNodeTypes([nodeType]),
		staticData: { [`node:${node.name}`]: options.staticData },
		settings: settingsOf(options.timezone),
	});
	const mode = options.mode ?? 'trigger';
	return new PollContext(
		workflow,
		node,
		additionalDataFor({ estateBrokerApi: options.credentials }),
		mode,
		mode === 'manual' ? 'manual' : 'activate',
	);
}

async function pollWith(nodeType: INodeType, context: PollContext): Promise<PollRun> {
	try {
		const items = await nodeType.poll!.call(context);
		return { items };
	} catch (error) {
		return { items: null, error: error as PollRun['error'] };
	}
}

/**
 * Calls a polling node's poll() in n8n-core's real PollContext, with static data that the
 * caller keeps between calls (as n8n keeps it on the workflow).
 */
export async function pollNode(options: PollOptions): Promise<PollRun> {
	return await pollWith(options.nodeType, pollContext(options));
}

/**
 * A trigger activated as n8n activates it: one PollContext for every poll of the activation
 * (n8n reuses it), the static data kept in its workflow between polls.
 */
export function activatedTrigger(options: Omit<PollOptions, 'mode'>): { poll(): Promise<PollRun> } {
	const context = pollContext({ ...options, mode: 'trigger' });
	return { poll: async () => await pollWith(options.nodeType, context) };
}
