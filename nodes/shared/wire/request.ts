import type {
	ICredentialDataDecryptedObject,
	ICredentialsDecrypted,
	IDataObject,
	IExecuteSingleFunctions,
	IHttpRequestOptions,
	IN8nHttpFullResponse,
	INode,
} from 'n8n-workflow';

import { AnswerTooDeep, MAX_ANSWER_DEPTH, offsetServiceTimes, type UnreadableTime } from '../dates';
import {
	type AccountCall,
	CREDENTIAL_TYPE,
	CallsPaused,
	type Exchanged,
	type GatheredCall,
	pausedError,
	throughAccount,
} from '../account';
import {
	type CallCustomers,
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
import { decodeBody, encodeRequest, readBodyWithinLimits } from './body';
import { type AddressedRequest, addressFor, addressRequest, type BrokerCall } from './address';
import { type BrokerContext, type CallSite, callSiteOf, itemIndexOf } from './callState';

/**
 * The one request path of the package: `send` takes a call (where it goes and what it sends,
 * or a request an operation's steps addressed and encoded), sends it with n8n's request helper
 * (the credential's `authenticate`) through the account's pause and pace (account/throttle.ts
 * `throughAccount`), reads the body within Timeout and Largest Answer to Read, and reads the
 * answer: an HTTP error mapped, the body decoded (JSON or XML) with its times given their
 * offset, or kept as bytes (a picture). Every call of the package goes through it: the
 * operations (routing.ts hands n8n's routing to it), the reads by id, pages, pickers, loaders,
 * read-backs, both triggers and pictures.
 */
type WireSend = IExecuteSingleFunctions['helpers']['httpRequestWithAuthentication'];

/**
 * The credential as n8n's request helper takes it ready-decrypted; without it the helper reads
 * and decrypts it from n8n's database again for every call.
 */
function decryptedCredential(
	node: INode,
	data: ICredentialDataDecryptedObject,
): ICredentialsDecrypted {
	const stored = node.credentials?.[CREDENTIAL_TYPE];
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

/** How the caller takes the times of an answer: rewritten with their offset, or as sent (a trigger poll that reads each listed record's time itself). */
export type AnswerTimes = 'withOffset' | 'asSent';

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
function walkAnswer(site: CallSite, body: unknown, arrivedAt: number, times: AnswerTimes): void {
	const { node, itemIndex } = site;
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
	if (site.poll)
		throw unreadableTimeError(node, unreadable[0].field, unreadable[0].text, itemIndex);
	noteUnreadableTimes(unreadable);
}

/**
 * The decoded body of a successful answer; a failed one becomes the error the user reads.
 * `arrivedAt` (epoch milliseconds, when the answer arrived) is what its times are read against.
 */
function readAnswer(
	site: CallSite,
	response: IN8nHttpFullResponse,
	credentials: ICredentialDataDecryptedObject,
	customers: CallCustomers | undefined,
	times: AnswerTimes = 'withOffset',
	arrivedAt = Date.now(),
): unknown {
	const { node, itemIndex } = site;
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
			{
				statusCode: response.statusCode,
				body: scrub(body, secretsOf(credentials)),
				headers: response.headers,
			},
			itemIndex,
			customers,
		);
	}
	const body = decodeBody(node, response.body, response.headers, itemIndex);
	// Every answer of every operation, read-back, dropdown and poll passes here: the one walk
	// over it, bounded in depth, where its times get their offset (dates/recordTimes.ts),
	// whatever later shapes the items.
	walkAnswer(site, body, arrivedAt, times);
	return body;
}

/** An answer: its body decoded (or its bytes, for `bytes`), when it arrived (epoch milliseconds), the type the service said it is. */
export interface BrokerAnswer {
	body: unknown;
	arrivedAt: number;
	contentType?: string;
}

/** How a call is sent and its answer read. */
export interface SendOptions {
	/** How the answer's times are taken: with their offset (the default), or as sent. */
	times?: AnswerTimes;
	/** The answer is a file's bytes (a picture), read up to this many megabytes and never decoded. */
	bytes?: { maxMegabytes: number };
	/** A call of a read gathered across items, for the pause's book (a refused batch is searched, not counted). */
	gathered?: GatheredCall;
}

/**
 * A call addressed with the node's Customer ID and Request Options, and encoded in its message
 * format: at once when the site's account is known (every call after its first).
 */
function addressCall(
	context: BrokerContext,
	call: BrokerCall,
	site: CallSite,
): AddressedRequest | Promise<AddressedRequest> {
	const base: IHttpRequestOptions = {
		method: call.method,
		url: '',
		qs: call.qs,
		...site.settings.wire,
	};
	// A call without a body (every read) has no body property at all: encodeRequest copies it whole.
	if (call.body !== undefined) base.body = call.body as IDataObject;
	const encoded = (addressed: AddressedRequest): AddressedRequest => ({
		...addressed,
		request: encodeRequest(addressed.request, site.settings.messageFormat, call.bodyRoot),
	});
	if (site.account) return encoded(addressFor(site.account, base, call, site));
	return addressRequest(context, base, call, site).then(encoded);
}

/**
 * The one send of the package: a call (addressed here with the node's settings, or a request
 * an operation's steps addressed and encoded already) sent through the account's pause and
 * pace, its answer read. Fails with the node error the user reads, secrets scrubbed.
 */
export async function send(
	context: BrokerContext,
	call: BrokerCall | AddressedRequest,
	options: SendOptions = {},
): Promise<BrokerAnswer> {
	let site: CallSite | undefined = 'request' in call ? call.site : undefined;
	let credentials: ICredentialDataDecryptedObject | undefined;
	let customerId = '';
	try {
		site ??= callSiteOf(context);
		let addressed = 'request' in call ? call : addressCall(context, call, site);
		if (addressed instanceof Promise) addressed = await addressed;
		credentials = addressed.credentials;
		customerId = addressed.account.customerId ?? '';
		const { node, itemIndex, settings } = site;
		const limits = {
			timeout: settings.wire.timeout,
			maxMegabytes: options.bytes?.maxMegabytes ?? settings.maxMegabytes,
		};
		const request: IHttpRequestOptions = { ...addressed.request, returnFullResponse: true };
		// The service answers the bytes themselves for octet-stream (base64 text or a message for other types).
		if (options.bytes) request.headers = { ...request.headers, Accept: 'application/octet-stream' };
		const helper = context.helpers.httpRequestWithAuthentication as WireSend;
		const credentialsDecrypted = decryptedCredential(node, addressed.credentials);
		const customers = site.account?.customers;
		const how: AccountCall = { byHandRun: byHandRun(context), gathered: options.gathered };
		const answering = site;
		return await throughAccount(addressed.account, how, async () => {
			const sending = helper.call(context as IExecuteSingleFunctions, CREDENTIAL_TYPE, request, {
				credentialsDecrypted,
			}) as Promise<IN8nHttpFullResponse>;
			const response = await readBodyWithinLimits(node, limits, sending, itemIndex);
			return readWhole(answering, response, addressed.credentials, customers, options);
		});
	} catch (error) {
		const node = site?.node ?? context.getNode();
		const itemIndex = site ? site.itemIndex : itemIndexOf(context);
		if (error instanceof CallsPaused)
			throw pausedError(node, error.record, customerId, context.getTimezone(), itemIndex);
		// The credential's secrets are worked out only for a failure: its words never carry them on.
		throw toNodeError(node, error, itemIndex, credentials ? secretsOf(credentials) : []);
	}
}

/** A whole answer read: decoded (or its bytes), or the error it reads as; how it went, for the account's pause. */
function readWhole(
	site: CallSite,
	response: IN8nHttpFullResponse,
	credentials: ICredentialDataDecryptedObject,
	customers: CallCustomers | undefined,
	options: SendOptions,
): Exchanged<BrokerAnswer> {
	const arrivedAt = Date.now();
	const outcome = { statusCode: response.statusCode, headers: response.headers };
	try {
		if (options.bytes && response.statusCode < 300) {
			const raw = response.body as unknown;
			const body = Buffer.isBuffer(raw)
				? raw
				: typeof raw === 'string'
					? Buffer.from(raw)
					: Buffer.alloc(0);
			const type = response.headers?.['content-type'];
			const contentType = typeof type === 'string' && type ? type : undefined;
			return {
				...outcome,
				readable: true,
				answer: { ok: true, value: { body, arrivedAt, ...(contentType ? { contentType } : {}) } },
			};
		}
		const body = readAnswer(site, response, credentials, customers, options.times, arrivedAt);
		return { ...outcome, readable: true, answer: { ok: true, value: { body, arrivedAt } } };
	} catch (error) {
		return { ...outcome, readable: false, answer: { ok: false, error } };
	}
}
