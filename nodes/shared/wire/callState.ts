import type {
	ICredentialDataDecryptedObject,
	IDataObject,
	IExecuteFunctions,
	IExecuteSingleFunctions,
	IHttpRequestOptions,
	ILoadOptionsFunctions,
	INode,
	IPollFunctions,
} from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { CREDENTIAL_TYPE, type NodeAccount, type ThrottledAccount } from '../account';
import { isBlank, wholeNumber } from '../rules';

/**
 * What one node execution (a run) and each of its calls carry from one step to the next, the
 * node's settings among them (Customer ID, Message Format, Request Options: read and checked
 * once, below). A function that has the state is given it as an argument; a step n8n runs itself (a declarative
 * preSend, postReceive or pagination step, n8n's request helper) receives n8n's context and
 * nothing else, so the two tables below lead from that context to its state, and are the only
 * ones: the state lives as long as n8n's objects that key it.
 */
export interface RunState {
	/** The node's credential, read once for all items: n8n would read and decrypt it for every call. */
	credentials?: Promise<ICredentialDataDecryptedObject>;
	/** Reads by id waiting to share a call, per request (engine/readsById.ts gives the entries their type). */
	readonly gatherings: Map<string, unknown>;
	/** Items whose own call is prepared and not yet answered: a read-back waits for them to share a call. */
	callsWaiting: number;
}

/** Any of n8n's contexts; an item context says which node execution it belongs to, a poll's does not. */
type RunContext = object & { getExecuteData?: () => object };

/** The account a call is made for: its pace and pause, the credential n8n's send takes (and whose secrets a failure's words never carry). */
export interface CallAccount {
	account: ThrottledAccount;
	credentials: ICredentialDataDecryptedObject;
	/** Where the call is made from, when the caller has it at hand. */
	site?: CallSite;
}

/** The account a site's calls are addressed for, worked out at its first call (wire/address.ts). */
export type SiteAccount = CallAccount & NodeAccount;

/**
 * Where a context's calls are made from, read once for all of them and handed down as plain
 * data: the node (n8n's getNode copies it at every call), the item, whether it is a trigger's
 * poll (which cannot place a record whose time it cannot read), the node's settings, and the
 * account the calls are addressed for.
 */
export interface CallSite {
	node: INode;
	itemIndex: number | undefined;
	poll: boolean;
	settings: NodeSettings;
	/** The context's call state. */
	state: CallState;
	account?: SiteAccount;
}

/** One context's call: an item's, a poll's or a dropdown's. */
export interface CallState {
	/** The account the item's request was addressed for (wire/address.ts), for calls a pagination step makes itself. */
	account?: CallAccount;
	/** The request as the operation's steps left it, before encoding: what was sent, for postReceive steps. */
	sent?: IHttpRequestOptions;
	/** Where the context's calls are made from, read once (callSiteOf); a poll's is read at each call. */
	site?: CallSite;
	/** The item's own call is counted in `callsWaiting` (engine/routing.ts), until it is answered. */
	counted?: boolean;
	/** The item's own call was answered. */
	answered: boolean;
}

// Keyed on the run's execute data: the one object every item context of one node execution returns.
const runs = new WeakMap<object, RunState>();
// Keyed on the context's helpers: the one object n8n's pagination context shares with its item's context.
const calls = new WeakMap<object, CallState>();

/**
 * The state of the run a context belongs to, created with the run's first call; undefined for
 * a context outside a node execution (a poll, a dropdown), unless `ownRun`: then the context
 * is a run of its own.
 */
export function runStateOf(context: RunContext, ownRun: true): RunState;
export function runStateOf(context: RunContext, ownRun?: boolean): RunState | undefined;
export function runStateOf(context: RunContext, ownRun = false): RunState | undefined {
	const { getExecuteData } = context as { getExecuteData?: unknown };
	const execution =
		typeof getExecuteData === 'function' ? (getExecuteData.call(context) as unknown) : undefined;
	const key = execution && typeof execution === 'object' ? execution : ownRun ? context : undefined;
	if (!key) return undefined;
	let run = runs.get(key);
	if (!run) {
		run = { gatherings: new Map(), callsWaiting: 0 };
		runs.set(key, run);
	}
	return run;
}

/**
 * The node's credential, read once per node run and shared by all its items. n8n would read
 * and decrypt it from its database for every call (52 reads for 50 calls), and a run of
 * thousands of items queued as many reads on its small database pool, which timed them out.
 * Outside a run (a poll, a dropdown) it is read for each call.
 */
export async function runCredentials(
	context: RunContext & { getCredentials(type: string): Promise<ICredentialDataDecryptedObject> },
): Promise<ICredentialDataDecryptedObject> {
	const run = runStateOf(context);
	if (!run) return await context.getCredentials(CREDENTIAL_TYPE);
	run.credentials ??= context.getCredentials(CREDENTIAL_TYPE);
	return await run.credentials;
}

/** The call state of a context. */
export function callStateOf(context: { helpers: object }): CallState {
	let call = calls.get(context.helpers);
	if (!call) {
		call = { answered: false };
		calls.set(context.helpers, call);
	}
	return call;
}

/** Any of n8n's contexts a call of the package is made from: an item's, a node's own execute, a poll's, a dropdown's. */
export type BrokerContext =
	| IExecuteSingleFunctions
	| IPollFunctions
	| ILoadOptionsFunctions
	| IExecuteFunctions;

export const MESSAGE_FORMAT_PARAMETER = 'messageFormat';

/** Message Format: how bodies are sent and answers asked for. */
export type MessageFormat = 'json' | 'xml';

/** A setting of the node (Customer ID, Message Format, Request Options), in any kind of context. */
export function nodeSetting(context: BrokerContext, name: string, fallback: unknown): unknown {
	if ('getCurrentNodeParameter' in context) {
		const value = context.getCurrentNodeParameter(name);
		// While editing, an expression is not resolved yet: the credential's value stands in.
		return value === undefined || (typeof value === 'string' && value.startsWith('='))
			? fallback
			: value;
	}
	// A node's own execute (the notification trigger's record reads): its settings are the node's, read at the first item.
	if ('getInputData' in context && !('getItemIndex' in context))
		return context.getNodeParameter(name, 0, fallback);
	return context.getNodeParameter(name, fallback);
}

/** The item a context stands for, if it stands for one. */
export function itemIndexOf(context: BrokerContext): number | undefined {
	return 'getItemIndex' in context ? context.getItemIndex() : undefined;
}

/** The node's settings every call of an item reads: Customer ID, Message Format, Request Options. */
export interface NodeSettings {
	customerId: unknown;
	messageFormat: MessageFormat;
	requestOptions: IDataObject;
	/** Request Options › Timeout, Proxy and Ignore SSL Issues as a request carries them. */
	wire: WireOptions;
	/** Request Options › Largest Answer to Read (MB). */
	maxMegabytes: number;
}

/** The node's settings as stored, each with what n8n's getNodeParameter falls back to. */
export const NODE_SETTING_FALLBACKS = {
	customerId: '',
	[MESSAGE_FORMAT_PARAMETER]: 'json',
	requestOptions: {},
} as const;

/** The settings' stored values, read by whoever holds the item's parameters. */
export type NodeSettingValues = Record<keyof typeof NODE_SETTING_FALLBACKS, unknown>;

/** The node's settings checked: a Timeout, Proxy or Largest Answer set by expression is refused here, before any call. */
function checkedSettings(node: INode, values: NodeSettingValues): NodeSettings {
	const requestOptions = (values.requestOptions ?? {}) as IDataObject;
	return {
		customerId: values.customerId,
		messageFormat: values.messageFormat === 'xml' ? 'xml' : 'json',
		requestOptions,
		wire: wireOptions(node, requestOptions),
		maxMegabytes: maxAnswerSizeOf(node, requestOptions),
	};
}

/** A context's call site read from n8n: its node, item and settings. */
function readSite(context: BrokerContext, state: CallState): CallSite {
	const node = context.getNode();
	const values = {} as NodeSettingValues;
	for (const [name, fallback] of Object.entries(NODE_SETTING_FALLBACKS))
		values[name as keyof NodeSettingValues] = nodeSetting(context, name, fallback);
	return {
		node,
		itemIndex: itemIndexOf(context),
		poll: '__emit' in context,
		settings: checkedSettings(node, values),
		state,
	};
}

/**
 * Where a context's calls are made from, read and checked once for all calls of an item (a Get
 * Many of 10,000 records makes as many calls, and each settings read is an expression
 * evaluation in n8n). A poll reads it at each call: its context lives as long as the trigger
 * is active.
 */
export function callSiteOf(context: BrokerContext): CallSite {
	const state = callStateOf(context);
	if ('__emit' in context) return readSite(context, state);
	return (state.site ??= readSite(context, state));
}

/**
 * An item's call site from values its caller read already (a custom operation reads every
 * item's parameters itself): kept as the item context's, so its steps find it too.
 */
export function itemCallSite(
	context: IExecuteSingleFunctions,
	node: INode,
	itemIndex: number,
	values: NodeSettingValues,
): CallSite {
	const state = callStateOf(context);
	state.site = { node, itemIndex, poll: false, settings: checkedSettings(node, values), state };
	return state.site;
}

/** The node's settings for a context's calls (callSiteOf). */
export function nodeSettingsOf(context: BrokerContext): NodeSettings {
	return callSiteOf(context).settings;
}

export function messageFormatOf(context: BrokerContext): MessageFormat {
	return nodeSettingsOf(context).messageFormat;
}

/**
 * Request Options › Timeout, Proxy and Ignore SSL Issues: the collection n8n's loader adds to
 * every declarative node, read by n8n's routing engine. The trigger and the dropdowns apply the
 * same values the same way, so every request of a node waits, connects and trusts alike.
 */
export const REQUEST_OPTIONS_PARAMETER = 'requestOptions';

/** What n8n's routing engine waits when an action node's Timeout is not set (RoutingNode). */
export const DEFAULT_TIMEOUT_MS = 300_000;

/**
 * The trigger's Timeout: what its Request Options › Timeout shows (the 10,000 ms n8n shows on
 * action nodes) and what it waits when the option is not set. n8n leaves a trigger's requests
 * alone, so the shown value is the package's to apply; 300 s would let one hung report call
 * outlast n8n's durable scheduler's whole poll (45 s by default, N8N_SCHEDULER_POLL_TIMEOUT).
 */
export const TRIGGER_TIMEOUT_MS = 10_000;

/** n8n names every trigger type "…Trigger"; only the package's triggers carry its own Request Options. */
function isTrigger(node: INode): boolean {
	return /Trigger$/.test(node.type);
}

/** A Timeout set by expression is checked: below 100 ms nothing answers; above an hour a run would seem to hang. */
export const TIMEOUT_RANGE = { min: 100, max: 3_600_000 } as const;

/** Request Options › Timeout in milliseconds when set (checked), else the node's default (the trigger's as it shows it, n8n's otherwise). */
export function timeoutOf(node: INode, value: unknown): number {
	const options = (value && typeof value === 'object' ? value : {}) as IDataObject;
	if (isBlank(options.timeout)) return isTrigger(node) ? TRIGGER_TIMEOUT_MS : DEFAULT_TIMEOUT_MS;
	return wholeNumber(node, options.timeout, 'Request Options › Timeout', {
		...TIMEOUT_RANGE,
		rule: `a whole number from ${TIMEOUT_RANGE.min} to ${TIMEOUT_RANGE.max} (milliseconds)`,
	});
}

export const MEGABYTE = 1024 * 1024;

/**
 * Request Options › Largest Answer to Read (MB): the largest answer a node reads, as sent and once
 * inflated. The default leaves room for the largest real reports (100 MB of JSON reads fine)
 * while a compression bomb stops long before the machine's memory does.
 */
export const MAX_ANSWER_SIZE_PARAMETER = 'maxAnswerSize';
export const MAX_ANSWER_SIZE_MB = { default: 128, min: 1, max: 1024 } as const;

/** Request Options › Largest Answer to Read (MB) when set (checked), else the default. */
export function maxAnswerSizeOf(node: INode, value: unknown): number {
	const options = (value && typeof value === 'object' ? value : {}) as IDataObject;
	const given = options[MAX_ANSWER_SIZE_PARAMETER];
	if (isBlank(given)) return MAX_ANSWER_SIZE_MB.default;
	return wholeNumber(node, given, 'Request Options › Largest Answer to Read (MB)', {
		min: MAX_ANSWER_SIZE_MB.min,
		max: MAX_ANSWER_SIZE_MB.max,
	});
}

/** Request Options › Timeout, Proxy and Ignore SSL Issues as a request carries them. */
export type WireOptions = Pick<IHttpRequestOptions, 'proxy' | 'skipSslCertificateValidation'> & {
	timeout: number;
};

/** The wire settings of a Request Options value, as n8n's routing engine applies them. */
export function wireOptions(node: INode, value: unknown): WireOptions {
	const options = (value && typeof value === 'object' ? value : {}) as IDataObject;
	const wire: WireOptions = {
		timeout: timeoutOf(node, options),
	};
	if (options.allowUnauthorizedCerts === true) wire.skipSslCertificateValidation = true;
	const text = typeof options.proxy === 'string' ? options.proxy.trim() : '';
	if (text !== '') {
		const proxy = URL.canParse(text) ? new URL(text) : undefined;
		if (!proxy?.hostname || !proxy.port) {
			throw new NodeOperationError(node, 'The proxy is not valid', {
				description: 'Request Options › Proxy needs a host and a port, e.g. http://myproxy:3128',
			});
		}
		wire.proxy = {
			host: proxy.hostname,
			port: Number(proxy.port),
			protocol: proxy.protocol.replace(/:$/, ''),
			...(proxy.username
				? {
						auth: {
							username: decodeURIComponent(proxy.username),
							password: decodeURIComponent(proxy.password),
						},
					}
				: {}),
		};
	}
	return wire;
}
