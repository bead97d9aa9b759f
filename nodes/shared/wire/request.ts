import type {
	ICredentialDataDecryptedObject,
	ICredentialsDecrypted,
	IDataObject,
	IExecuteSingleFunctions,
	IHttpRequestOptions,
	IN8nHttpFullResponse,
} from 'n8n-workflow';

import { AnswerTooDeep, MAX_ANSWER_DEPTH, offsetServiceTimes, type UnreadableTime } from '../dates';
import { readBodyWithinLimits } from './readBody';
import { callStateOf } from './callState';
import {
	CREDENTIAL_TYPE,
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
	toNodeError,
	unreadableTimeError,
	unreadableTimesNote,
	UNREADABLE_TIMES_FIELD,
} from '../failures';
import { decodeBody, encodeRequest } from './format';
import {
	type AddressedRequest,
	addressRequest,
	type BrokerAddress,
	type BrokerCall,
} from './address';
import { type BrokerContext, itemIndexOf, messageFormatOf, nodeSetting } from './nodeSettings';
import {
	maxAnswerSizeOf,
	REQUEST_OPTIONS_PARAMETER,
	timeoutOf,
	wireOptions,
} from './requestOptions';

/**
 * The one request path of the package: an addressed call (address.ts) encoded in the node's
 * message format, exchanged on the wire (held back while the account is paused, throttled per
 * account, Retry-After honoured, failures mapped) and its answer read (an HTTP error mapped,
 * the body decoded, its times given their offset). The reads by id and the calls of triggers,
 * dropdowns and read-backs come in through `sendAddressed`; n8n's own sends of a declarative
 * operation through `exchange`, which engine/routing.ts routes n8n's helper through.
 */
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

/** How an addressed call is exchanged: how its times are taken, the largest body it may read, what it gathers. */
export interface ExchangeOptions {
	times?: AnswerTimes;
	/** Larger than Request Options › Largest Answer to Read allows (images). */
	maxMegabytes?: number;
	/** A call of a read gathered across items, for the pause's book (a refused batch is searched, not counted). */
	gathered?: GatheredCall;
}

/** An addressed, encoded request exchanged on the wire with n8n's send: the whole answer, its status not yet read. */
async function exchangeAddressed(
	context: BrokerContext,
	addressed: AddressedRequest,
	options: ExchangeOptions,
): Promise<IN8nHttpFullResponse> {
	const send = wireSend(context);
	const credentialsDecrypted = decryptedCredential(context, addressed.credentials);
	const request = { ...addressed.request, returnFullResponse: true };
	return await exchange(
		context,
		addressed.account,
		addressed.secrets,
		async () =>
			(await send.call(context, CREDENTIAL_TYPE, request, {
				credentialsDecrypted,
			})) as IN8nHttpFullResponse,
		options.maxMegabytes,
		options.gathered,
	);
}

/**
 * One addressed, encoded call (a read by id, a trigger's, a dropdown's, a read-back's)
 * exchanged and read: the decoded answer and when it arrived.
 */
export async function sendAddressed(
	context: BrokerContext,
	addressed: AddressedRequest,
	options: ExchangeOptions = {},
): Promise<BrokerAnswer> {
	const response = await exchangeAddressed(context, addressed, options);
	const arrivedAt = Date.now();
	return {
		body: readAnswer(context, response, addressed.secrets, options.times, arrivedAt),
		arrivedAt,
	};
}

/** A call of a trigger, a dropdown or a read-back addressed with the node's Customer ID and Request Options, and encoded. */
async function addressCall(context: BrokerContext, call: BrokerCall): Promise<AddressedRequest> {
	const base: IHttpRequestOptions = {
		method: call.method,
		url: '',
		qs: call.qs,
		body: call.body as IDataObject,
		...wireOptions(context.getNode(), nodeSetting(context, REQUEST_OPTIONS_PARAMETER, {})),
	};
	const addressed = await addressRequest(context, base, call);
	return {
		...addressed,
		request: encodeRequest(addressed.request, messageFormatOf(context), call.bodyRoot),
	};
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
	try {
		return await sendAddressed(this, await addressCall(this, call), {
			times,
			gathered: call.gathered,
		});
	} catch (error) {
		throw toNodeError(this.getNode(), error, itemIndexOf(this));
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
	try {
		const addressed = await addressCall(this, { ...call, method: 'GET' });
		// The service answers the bytes themselves for octet-stream (base64 text or a message for other types).
		addressed.request.headers = {
			...(addressed.request.headers ?? {}),
			Accept: 'application/octet-stream',
		};
		const response = await exchangeAddressed(this, addressed, { maxMegabytes });
		// Bytes are never decoded: a 2xx that arrived whole accepts the customer (pause.ts).
		if (response.statusCode >= 300) readAnswer(this, response, addressed.secrets);
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
		throw toNodeError(this.getNode(), error, itemIndexOf(this));
	}
}
