import type {
	ICredentialDataDecryptedObject,
	IDataObject,
	IHttpRequestOptions,
} from 'n8n-workflow';

import type { CallCustomers } from '../failures';
import { CREDENTIAL_TYPE, type ThrottledAccount } from '../account';

/**
 * What one node execution (a run) and each of its calls carry from one step to the next. A
 * function that has the state is given it as an argument; a step n8n runs itself (a declarative
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
}

/** One context's call: an item's, a poll's or a dropdown's. */
export interface CallState {
	/** The account the item's request was addressed for (wire/address.ts), for calls a pagination step makes itself. */
	account?: CallAccount;
	/** The request as the operation's steps left it, before encoding: what was sent, for postReceive steps. */
	sent?: IHttpRequestOptions;
	/** The customers of the latest call, for the wording of a refusal. */
	customers?: CallCustomers;
	/** The node's settings for the context's calls, read and checked once (nodeSettings.ts). */
	settings?: {
		customerId: unknown;
		messageFormat: 'json' | 'xml';
		requestOptions: IDataObject;
		/** Request Options › Timeout, Proxy and Ignore SSL Issues as a request carries them. */
		wire: Pick<IHttpRequestOptions, 'proxy' | 'skipSslCertificateValidation'> & { timeout: number };
		/** Request Options › Largest Answer to Read (MB). */
		maxMegabytes: number;
	};
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
