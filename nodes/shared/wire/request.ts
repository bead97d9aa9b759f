import type {
	ICredentialDataDecryptedObject,
	ICredentialsDecrypted,
	IDataObject,
	IExecuteFunctions,
	IExecuteSingleFunctions,
	IHttpRequestMethods,
	IHttpRequestOptions,
	ILoadOptionsFunctions,
	IN8nHttpFullResponse,
	IPollFunctions,
} from 'n8n-workflow';

import { isBlank } from '../rules';
import { AnswerTooDeep, MAX_ANSWER_DEPTH, offsetServiceTimes, type UnreadableTime } from '../dates';
import { readBodyWithinLimits } from './readBody';
import { callStateOf, runCredentials, runStateOf } from './callState';
import {
	CREDENTIAL_TYPE,
	resolveCustomerId,
	throttledAccount,
	checkBaseUrl,
	CallsPaused,
	countAnswerRead,
	countFailedSend,
	countResponse,
	type GatheredCall,
	pausedError,
	pauseKey,
	pauses,
	pausingCalls,
	retryAfterMsOf,
	sendThrottled,
	type ThrottledAccount,
} from '../account';
import {
	malformedResponseError,
	redirectError,
	responseError,
	scrub,
	secretsOf,
	toNodeError,
	unreadableTimeError,
	unreadableTimesNote,
	UNREADABLE_TIMES_FIELD,
} from '../failures';
import { decodeBody, encodeRequest, type MessageFormat } from './format';
import { fillPath } from './path';
import {
	maxAnswerSizeOf,
	REQUEST_OPTIONS_PARAMETER,
	timeoutOf,
	wireOptions,
} from './requestOptions';

/**
 * The one request path of the package. A call is addressed (credential, Customer ID, base
 * URL check, path filled and encoded), encoded in the node's message format, exchanged on the
 * wire (throttled per account, Retry-After honoured, failures mapped) and its answer read (an
 * HTTP error mapped, the body decoded). Declarative operations run these parts as n8n steps
 * (routing.ts); the trigger, the dropdowns and read-backs call `brokerRequest`.
 */
export type BrokerContext =
	| IExecuteSingleFunctions
	| IPollFunctions
	| ILoadOptionsFunctions
	| IExecuteFunctions;

export const MESSAGE_FORMAT_PARAMETER = 'messageFormat';

export interface BrokerAddress {
	/** Path template: {customerId} and {name} placeholders, each filled and encoded as one segment. */
	path: string;
	/** Values of the placeholders other than customerId. */
	pathValues?: Record<string, unknown>;
	/** Field names shown in messages for the placeholders. */
	pathLabels?: Record<string, string>;
	/** Query parameter that carries the customer id, for paths without it (e.g. criteria.customerId). */
	customerIdQuery?: string;
}

export interface BrokerCall extends BrokerAddress {
	method: IHttpRequestMethods;
	qs?: IDataObject;
	body?: unknown;
	/** Record type of the body, the XML root element; calls without one send no body. */
	bodyRoot?: string;
	/** A call of a read gathered across items (engine/gather.ts). */
	gathered?: GatheredCall;
}

/** Requests of gathered reads sent through n8n's helper (engine/routing.ts), and what they gather. */
const gatheredRequests = new WeakMap<object, GatheredCall>();

/** Marks a request as a call of a gathered read, for the pause's book (a refused batch is searched, not counted). */
export function asGatheredCall<T extends object>(request: T, gathered: GatheredCall): T {
	gatheredRequests.set(request, gathered);
	return request;
}

/** What a request gathers, when it is a call of a gathered read. */
export function gatheredCallOf(request: object): GatheredCall | undefined {
	return gatheredRequests.get(request);
}

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

function itemIndexOf(context: BrokerContext): number | undefined {
	return 'getItemIndex' in context ? context.getItemIndex() : undefined;
}

/**
 * The query without blank values: a filter given nothing (an AI agent's tool call that leaves
 * an optional input out, an expression that gives '') is left out, never sent as an empty
 * criterion (`criteria.estateId=`).
 */
function withoutBlankQuery(qs: IDataObject): IDataObject {
	return Object.fromEntries(Object.entries(qs).filter(([, value]) => !isBlank(value)));
}

/** Fills in where a request goes: the service's base URL, the path for the customer, its customer query. */
export async function addressRequest(
	context: BrokerContext,
	request: IHttpRequestOptions,
	address: BrokerAddress,
) {
	const node = context.getNode();
	const itemIndex = itemIndexOf(context);
	const run = runStateOf(context);
	const credentials = await runCredentials(context);
	const nodeCustomerId = nodeSetting(context, 'customerId', '');
	const customerId = resolveCustomerId(node, nodeCustomerId, credentials, itemIndex);
	callStateOf(context).customers = {
		node: isBlank(nodeCustomerId) ? '' : customerId,
		credential: String(credentials.customerId ?? ''),
	};
	const addressed: IHttpRequestOptions = {
		...request,
		baseURL: checkBaseUrl(credentials.baseUrl),
		url: fillPath(
			node,
			address.path,
			{ ...address.pathValues, customerId },
			address.pathLabels,
			itemIndex,
		),
		qs: withoutBlankQuery({
			...(request.qs ?? {}),
			...(address.customerIdQuery ? { [address.customerIdQuery]: customerId } : {}),
		}),
		// HTTP statuses are read by readAnswer, so every failure gets the package's wording.
		ignoreHttpStatusErrors: true,
	};
	return {
		request: addressed,
		account: { ...throttledAccount(node, credentials), customerId },
		secrets: run ? (run.secrets ??= secretsOf(credentials)) : secretsOf(credentials),
		credentials,
	};
}

export function messageFormatOf(context: BrokerContext): MessageFormat {
	return nodeSetting(context, MESSAGE_FORMAT_PARAMETER, 'json') === 'xml' ? 'xml' : 'json';
}

type WireSend = IExecuteSingleFunctions['helpers']['httpRequestWithAuthentication'];

/** n8n's send, never one that already goes through `exchange`: a call through both would take two throttle slots and could wait on itself. */
function wireSend(context: BrokerContext): WireSend {
	return (
		callStateOf(context).wireSend ?? (context.helpers.httpRequestWithAuthentication as WireSend)
	);
}

/**
 * The credential as n8n's request helper takes it ready-decrypted; without it the helper reads
 * and decrypts it from n8n's database again for every call.
 */
export function decryptedCredential(
	context: BrokerContext,
	data: ICredentialDataDecryptedObject,
): ICredentialsDecrypted {
	const stored = context.getNode().credentials?.[CREDENTIAL_TYPE];
	// A copy: n8n's helper may add values a pre-authentication step returns.
	return {
		id: stored?.id ?? '',
		name: stored?.name ?? '',
		type: CREDENTIAL_TYPE,
		data: { ...data },
	};
}

let loadsByHand = 0;

/**
 * The run by hand a call belongs to (pause.ts: it tries once through a pause): the manual
 * execution (Execute workflow, Execute step, Fetch Test Event), or, for the editor's dropdowns
 * and pickers, each load on its own. Undefined for a run a schedule, trigger or webhook started.
 */
function byHandRun(context: BrokerContext): string | undefined {
	const dropdown = 'getCurrentNodeParameter' in context;
	if (!dropdown && (typeof context.getMode !== 'function' || context.getMode() !== 'manual'))
		return undefined;
	const execution = dropdown ? undefined : context.getExecutionId();
	return execution ? `execution ${execution}` : `load ${++loadsByHand}`;
}

/**
 * One exchange on the wire: held back while the service refuses the customer or keeps failing
 * (pause.ts), through the account's throttle, the whole answer read within the limits, a 429
 * retried after Retry-After, failures mapped.
 */
export async function exchange(
	context: BrokerContext,
	account: ThrottledAccount,
	secrets: string[],
	send: () => Promise<IN8nHttpFullResponse>,
	maxMegabytes?: number,
	gathered?: GatheredCall,
): Promise<IN8nHttpFullResponse> {
	const node = context.getNode();
	const itemIndex = itemIndexOf(context);
	const customerId = account.customerId ?? '';
	const key = pauseKey(account.key, customerId);
	try {
		const requestOptions = nodeSetting(context, REQUEST_OPTIONS_PARAMETER, {});
		const limits = {
			timeout: timeoutOf(node, requestOptions),
			maxMegabytes: maxMegabytes ?? maxAnswerSizeOf(node, requestOptions),
		};
		return await pausingCalls(
			key,
			byHandRun(context),
			async (ticket) =>
				await sendThrottled(account, async () => {
					pauses.check(ticket);
					const response = await readBodyWithinLimits(node, limits, send, itemIndex).catch(
						async (error: unknown) => {
							countFailedSend(ticket, error);
							return await Promise.reject(error);
						},
					);
					countResponse(ticket, response, retryAfterMsOf(response));
					if (response.statusCode === 429) throw responseError(node, response, itemIndex);
					return response;
				}),
			gathered,
		);
	} catch (error) {
		if (error instanceof CallsPaused)
			throw pausedError(node, error.record, customerId, context.getTimezone(), itemIndex);
		throw toNodeError(node, error, itemIndex, secrets);
	}
}

/** How the caller takes the times of an answer: rewritten with their offset, or as sent (a trigger poll that reads each listed record's time itself). */
export type AnswerTimes = 'withOffset' | 'asSent';

/** A trigger's poll: it cannot place a record whose time it cannot read, so such an answer fails the poll. */
const isPoll = (context: BrokerContext) => '__emit' in context;

/**
 * Times in no form the service writes are left as sent, and the record that shows them (the
 * item's) says which: nothing the service sent is lost, and no instant is guessed.
 */
function noteUnreadableTimes(unreadable: UnreadableTime[]): void {
	const byHolder = new Map<Record<string, unknown>, UnreadableTime[]>();
	for (const time of unreadable)
		if (time.holder) byHolder.set(time.holder, [...(byHolder.get(time.holder) ?? []), time]);
	for (const [holder, times] of byHolder)
		holder[UNREADABLE_TIMES_FIELD] = unreadableTimesNote(
			times.map((time) => ({ field: time.fieldInHolder, text: time.text })),
		);
}

/** An answer's depth checked (and its times read, unless taken as sent), or the error the user reads. */
function walkAnswer(
	context: BrokerContext,
	body: unknown,
	arrivedAt: number,
	times: AnswerTimes,
): void {
	const node = context.getNode();
	const itemIndex = itemIndexOf(context);
	let unreadable: UnreadableTime[];
	try {
		unreadable = offsetServiceTimes(body, arrivedAt, { rewrite: times === 'withOffset' });
	} catch (error) {
		if (error instanceof AnswerTooDeep)
			throw malformedResponseError(
				node,
				`JSON or XML (it was nested more than ${MAX_ANSWER_DEPTH} levels deep)`,
				itemIndex,
			);
		throw toNodeError(node, error, itemIndex);
	}
	if (unreadable.length === 0) return;
	if (isPoll(context))
		throw unreadableTimeError(node, unreadable[0].field, unreadable[0].text, itemIndex);
	noteUnreadableTimes(unreadable);
}

/**
 * The decoded body of a successful answer; a failed one becomes the error the user reads.
 * `arrivedAt` (epoch milliseconds, when the answer arrived) is what its times are read against.
 */
export function readAnswer(
	context: BrokerContext,
	response: IN8nHttpFullResponse,
	secrets: string[],
	times: AnswerTimes = 'withOffset',
	arrivedAt = Date.now(),
): unknown {
	const node = context.getNode();
	const itemIndex = itemIndexOf(context);
	// Redirects are not followed (the credential's authenticate), so none carries the credential elsewhere.
	if (response.statusCode >= 300 && response.statusCode < 400)
		throw redirectError(node, response, itemIndex);
	if (response.statusCode >= 400) {
		let body: unknown = response.body;
		try {
			const decoded = decodeBody(node, response.body, response.headers, itemIndex);
			// An error body too deep to walk is passed on as text.
			offsetServiceTimes(decoded, undefined, { rewrite: false });
			body = decoded;
		} catch {
			// An unreadable error body still leaves the status to report.
		}
		// The service may echo the request, headers included: its words never carry the credential on.
		throw responseError(
			node,
			{ statusCode: response.statusCode, body: scrub(body, secrets), headers: response.headers },
			itemIndex,
			callStateOf(context).customers,
		);
	}
	let readable = false;
	let body: unknown;
	try {
		body = decodeBody(node, response.body, response.headers, itemIndex);
		// Every answer of every operation, read-back, dropdown and poll passes here: the one walk
		// over it, bounded in depth, where its times get their offset (dates/recordTimes.ts),
		// whatever later shapes the items.
		walkAnswer(context, body, arrivedAt, times);
		readable = true;
	} finally {
		countAnswerRead(response, readable);
	}
	return body;
}

/** An answer and when it arrived (epoch milliseconds), for a caller that reads its times itself. */
export interface BrokerAnswer {
	body: unknown;
	arrivedAt: number;
}

/**
 * One call from the trigger, a dropdown or a read-back, with the node's Customer ID, format and
 * Request Options; `times: 'asSent'` leaves the answer's times as the service wrote them.
 */
export async function brokerAnswer(
	this: BrokerContext,
	call: BrokerCall,
	times: AnswerTimes = 'withOffset',
): Promise<BrokerAnswer> {
	const node = this.getNode();
	try {
		const base: IHttpRequestOptions = {
			method: call.method,
			url: '',
			qs: call.qs,
			body: call.body as IDataObject,
			returnFullResponse: true,
			...wireOptions(node, nodeSetting(this, REQUEST_OPTIONS_PARAMETER, {})),
		};
		const { request, account, secrets, credentials } = await addressRequest(this, base, call);
		const encoded = encodeRequest(request, messageFormatOf(this), call.bodyRoot);
		const send = wireSend(this);
		const credentialsDecrypted = decryptedCredential(this, credentials);
		const response = await exchange(
			this,
			account,
			secrets,
			async () => await send.call(this, CREDENTIAL_TYPE, encoded, { credentialsDecrypted }),
			undefined,
			call.gathered,
		);
		const arrivedAt = Date.now();
		return { body: readAnswer(this, response, secrets, times, arrivedAt), arrivedAt };
	} catch (error) {
		throw toNodeError(node, error, itemIndexOf(this));
	}
}

/** One call from the trigger, a dropdown or a read-back: the decoded answer, its times with their offset. */
export async function brokerRequest(this: BrokerContext, call: BrokerCall): Promise<unknown> {
	return (await brokerAnswer.call(this, call)).body;
}

/** The bytes of a file the service answers as such (an image), and the type it said they are. */
export interface BrokerBytes {
	bytes: Buffer;
	contentType?: string;
}

/**
 * One call whose answer is a file's bytes, not a message: addressed, throttled and refused as
 * any call, its body read up to `maxMegabytes` (more is refused unread, the connection closed),
 * never decoded. A failed answer reads as for any call.
 */
export async function brokerBytes(
	this: BrokerContext,
	call: BrokerAddress,
	maxMegabytes: number,
): Promise<BrokerBytes> {
	const node = this.getNode();
	try {
		const base: IHttpRequestOptions = {
			method: 'GET',
			url: '',
			returnFullResponse: true,
			...wireOptions(node, nodeSetting(this, REQUEST_OPTIONS_PARAMETER, {})),
		};
		const { request, account, secrets, credentials } = await addressRequest(this, base, call);
		const encoded = encodeRequest(request, messageFormatOf(this));
		// The service answers the bytes themselves for octet-stream (base64 text or a message for other types).
		encoded.headers = { ...(encoded.headers ?? {}), Accept: 'application/octet-stream' };
		const send = wireSend(this);
		const credentialsDecrypted = decryptedCredential(this, credentials);
		const response = await exchange(
			this,
			account,
			secrets,
			async () => await send.call(this, CREDENTIAL_TYPE, encoded, { credentialsDecrypted }),
			maxMegabytes,
		);
		// Bytes are never decoded: a 2xx that arrived whole accepts the customer (pause.ts).
		if (response.statusCode >= 300) readAnswer(this, response, secrets);
		else countAnswerRead(response, true);
		const body = response.body as unknown;
		const bytes = Buffer.isBuffer(body)
			? body
			: typeof body === 'string'
				? Buffer.from(body)
				: Buffer.alloc(0);
		const type = response.headers?.['content-type'];
		return { bytes, ...(typeof type === 'string' && type ? { contentType: type } : {}) };
	} catch (error) {
		throw toNodeError(node, error, itemIndexOf(this));
	}
}
