import type {
	ICredentialDataDecryptedObject,
	IN8nHttpFullResponse,
	INode,
	JsonObject,
} from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

/**
 * The credential's Base URL is not one to send credentials to (interface.md: "HTTPS only";
 * plain HTTP only for a loopback host, where the bundled sandbox listens).
 */
export class UnsafeBaseUrlError extends Error {
	constructor(message: string) {
		super(message);
		this.name = 'UnsafeBaseUrlError';
	}
}

/** What the user reads for each failure class; one wording for nodes, trigger and credential test. */
export const FAILURE_MESSAGES = {
	unauthorized: 'The user name, password or API key was rejected by the service',
	forbidden: 'The credential has no access to this customer or record',
	notFound: 'The service found no such record',
	rateLimited: 'The service is limiting requests',
	serverError: 'The service failed to process the request',
	timeout: 'The service did not answer in time',
	unreachable: 'The service could not be reached',
	malformed: 'The service sent a response that could not be read',
	invalid: 'The service rejected the request as invalid',
	tooLarge: "The service's answer is larger than the node accepts",
} as const;

/** The credential's secret values as they can appear in text: password, API key and the Basic token. */
export function secretsOf(credentials: ICredentialDataDecryptedObject): string[] {
	const text = (value: unknown) => (typeof value === 'string' ? value : '');
	const token = Buffer.from(`${text(credentials.username)}:${text(credentials.password)}`).toString(
		'base64',
	);
	// Very short values would blank out ordinary words; the service refuses them as secrets anyway.
	return [text(credentials.password), text(credentials.apiKey), token].filter(
		(secret) => secret.length >= 4,
	);
}

const REDACTED = '[redacted]';

/** Any text or structure with every secret value replaced, wherever the text came from. */
export function scrub<T>(value: T, secrets: string[]): T {
	if (secrets.length === 0) return value;
	if (typeof value === 'string')
		return secrets.reduce(
			(text, secret) => text.split(secret).join(REDACTED),
			value as string,
		) as T;
	if (Array.isArray(value)) return value.map((entry) => scrub(entry, secrets)) as T;
	if (value && typeof value === 'object' && !Buffer.isBuffer(value)) {
		return Object.fromEntries(
			Object.entries(value).map(([key, entry]) => [key, scrub(entry, secrets)]),
		) as T;
	}
	return value;
}

export interface FailedResponse {
	statusCode: number;
	body: unknown;
	headers?: Record<string, unknown>;
}

interface ValidationProblem {
	field: string;
	message: string;
}

/** The validation errors of a 400 body, whichever common shape the service uses. */
export function validationProblems(body: unknown): ValidationProblem[] {
	if (body === null || typeof body !== 'object') return [];
	const record = body as Record<string, unknown>;
	const errors = record.errors ?? record.Errors;
	if (Array.isArray(errors)) {
		return errors.map((error) => {
			const entry = (error ?? {}) as Record<string, unknown>;
			return {
				field: String(entry.field ?? entry.Field ?? ''),
				message: String(entry.message ?? entry.Message ?? ''),
			};
		});
	}
	const modelState = (record.modelState ??
		record.ModelState ??
		(errors && typeof errors === 'object' ? errors : undefined)) as
		| Record<string, unknown>
		| undefined;
	if (modelState && typeof modelState === 'object') {
		return Object.entries(modelState).flatMap(([field, messages]) =>
			(Array.isArray(messages) ? messages : [messages]).map((message) => ({
				field,
				message: String(message),
			})),
		);
	}
	return [];
}

function serviceMessage(body: unknown): string | undefined {
	if (typeof body === 'string') return body.length > 0 && body.length < 500 ? body : undefined;
	if (body && typeof body === 'object') {
		const record = body as Record<string, unknown>;
		const message = record.message ?? record.Message;
		if (typeof message === 'string') return message;
	}
	return undefined;
}

export function retryAfterSeconds(
	headers: Record<string, unknown> | undefined,
): number | undefined {
	const value = headers?.['retry-after'] ?? headers?.['Retry-After'];
	if (value === undefined) return undefined;
	const seconds = Number(value);
	if (Number.isFinite(seconds)) return Math.max(0, seconds);
	const date = Date.parse(String(value));
	return Number.isNaN(date) ? undefined : Math.max(0, Math.ceil((date - Date.now()) / 1000));
}

/** An API error built from plain values only, so no request option (and no secret) travels with it. */
export class BrokerApiError extends NodeApiError {
	retryAfterSeconds?: number;
}

/** An API error with the package's own message (n8n's would replace a known status's). */
export function apiError(
	node: INode,
	httpCode: string,
	message: string,
	description: string | undefined,
	itemIndex?: number,
) {
	const error = new BrokerApiError(node, { message, httpCode } as JsonObject, {
		message,
		description,
		httpCode,
		itemIndex,
	});
	// NodeApiError would replace a known status's message with n8n's generic wording.
	error.message = message;
	return error;
}

/** An id a list call answered without: the record does not exist or is of another kind. */
export function notFoundError(node: INode, detail: string, itemIndex?: number): BrokerApiError {
	return apiError(node, '404', FAILURE_MESSAGES.notFound, detail, itemIndex);
}

/**
 * The same failure told for another item: one call answers the ids of several items, and
 * each item's error must name its own index (n8n marks the failing item by it).
 */
export function errorForItem(
	node: INode,
	error: unknown,
	itemIndex: number,
): NodeApiError | NodeOperationError {
	if (error instanceof BrokerApiError) {
		const copy = apiError(
			node,
			error.httpCode ?? 'none',
			error.message,
			error.description ?? undefined,
			itemIndex,
		);
		copy.retryAfterSeconds = error.retryAfterSeconds;
		return copy;
	}
	if (error instanceof NodeOperationError)
		return new NodeOperationError(node, error.message, {
			description: error.description ?? undefined,
			itemIndex,
		});
	return toNodeError(node, error, itemIndex);
}

/** The customer a call was made for (the node's Customer ID, blank when it uses the credential's) and the credential's own. */
export interface CallCustomers {
	node: string;
	credential: string;
}

/**
 * A refusal for a customer that is not the credential's: the service issues a user name and
 * password for each customer or group (docs/spec/service-behaviour.md), so that customer needs
 * a credential of its own. Undefined when the node uses the credential's customer.
 */
function otherCustomerAdvice(customers: CallCustomers | undefined): string | undefined {
	const own = customers?.node.trim() ?? '';
	const credential = customers?.credential.trim() ?? '';
	if (!own || !credential || own === credential) return undefined;
	return `This node's Customer ID ${own} is not the credential's customer ${credential}, and the service issues a password for each customer or group: ${own} needs a credential of its own. Create one with the user name, password and API key issued for ${own} and choose it in this node, or clear the node's Customer ID to work with ${credential}`;
}

/** Maps an HTTP answer of 400 or above to the error the user sees. */
export function responseError(
	node: INode,
	response: FailedResponse,
	itemIndex?: number,
	customers?: CallCustomers,
): BrokerApiError {
	const { statusCode, body } = response;
	const detail = serviceMessage(body);
	const code = String(statusCode);
	if (statusCode === 400) {
		const problems = validationProblems(body);
		const list = problems.map((problem) =>
			problem.field ? `${problem.field}: ${problem.message}` : problem.message,
		);
		const message =
			list.length > 0
				? `${FAILURE_MESSAGES.invalid}: ${list.join('; ')}`
				: `${FAILURE_MESSAGES.invalid}${detail ? `: ${detail}` : ''}`;
		return apiError(node, code, message, list.length > 0 ? detail : undefined, itemIndex);
	}
	if (statusCode === 401 || statusCode === 403) {
		const otherCustomer = otherCustomerAdvice(customers);
		if (statusCode === 401)
			return apiError(
				node,
				code,
				FAILURE_MESSAGES.unauthorized,
				otherCustomer ?? 'Check the user name, password and API key of the credential',
				itemIndex,
			);
		const description = otherCustomer
			? `${otherCustomer}${detail ? `. The service said: ${detail}` : ''}`
			: (detail ?? 'Check the Customer ID of the node or of the credential');
		return apiError(node, code, FAILURE_MESSAGES.forbidden, description, itemIndex);
	}
	if (statusCode === 404)
		return apiError(node, code, FAILURE_MESSAGES.notFound, detail ?? 'Check the ID', itemIndex);
	if (statusCode === 429) {
		const wait = retryAfterSeconds(response.headers);
		const error = apiError(
			node,
			code,
			`${FAILURE_MESSAGES.rateLimited}${wait !== undefined ? `; it asked to wait ${wait} seconds (Retry-After)` : ''}`,
			'Lower the number of items sent at once, or let the node retry on failure',
			itemIndex,
		);
		error.retryAfterSeconds = wait;
		return error;
	}
	if (statusCode >= 500)
		return apiError(
			node,
			code,
			`${FAILURE_MESSAGES.serverError} (HTTP ${statusCode})`,
			detail,
			itemIndex,
		);
	return apiError(
		node,
		code,
		`The service answered with HTTP ${statusCode}${detail ? `: ${detail}` : ''}`,
		undefined,
		itemIndex,
	);
}

/** A 3xx answer: never followed, so that the credential cannot travel to another address. */
export function redirectError(
	node: INode,
	response: IN8nHttpFullResponse,
	itemIndex?: number,
): BrokerApiError {
	const location = typeof response.headers?.location === 'string' ? response.headers.location : '';
	const target = URL.canParse(location) ? ` to ${new URL(location).origin}` : '';
	return apiError(
		node,
		String(response.statusCode),
		`The service answered with a redirect (HTTP ${response.statusCode})${target}; it is not followed, so the credential stays with the service`,
		"Check the credential's Base URL: use the service's own address",
		itemIndex,
	);
}

export function malformedResponseError(
	node: INode,
	contentType: string,
	itemIndex?: number,
): BrokerApiError {
	return apiError(
		node,
		'none',
		FAILURE_MESSAGES.malformed,
		`The body was not valid ${contentType}`,
		itemIndex,
	);
}

/**
 * An answer that is not what the operation reads (a gateway's "OK", an empty body where a list
 * is due, pages that never end): the message says what was due, and repeats nothing it got.
 */
export function unexpectedAnswerError(
	node: INode,
	message: string,
	description: string,
	itemIndex?: number,
): BrokerApiError {
	return apiError(node, 'none', message, description, itemIndex);
}

/** A time in the service's answer in no form the service writes: named with its text, never guessed. */
export function unreadableTimeError(
	node: INode,
	field: string,
	text: string,
	itemIndex?: number,
): BrokerApiError {
	return unexpectedAnswerError(
		node,
		`The service's answer has a time that cannot be read: ${field}`,
		`${field} is "${text.length > 80 ? `${text.slice(0, 80)}…` : text}". The service writes Swedish time such as 2026-07-10T21:23:49.57, or a time with an offset such as 2026-10-04T13:51:41.233542+02:00; this text is neither, and the node does not guess which instant it means.`,
		itemIndex,
	);
}

/** The field of a record that names its times in no form the service writes (left as sent). */
export const UNREADABLE_TIMES_FIELD = 'timeReadError';

/** What a record with times in no known form says about them: which fields, their text, and that they are as sent. */
export function unreadableTimesNote(times: Array<{ field: string; text: string }>): string {
	const named = times.map(
		({ field, text }) => `${field} ("${text.length > 80 ? `${text.slice(0, 80)}…` : text}")`,
	);
	const list =
		named.length === 1
			? named[0]
			: `${named.slice(0, -1).join(', ')} and ${named[named.length - 1]}`;
	return (
		`${list} could not be read as ${times.length === 1 ? 'a time, so it is' : 'times, so they are'} given as the service sent ${times.length === 1 ? 'it' : 'them'}. ` +
		'The service writes Swedish time such as 2026-07-10T21:23:49.57, or a time with an offset such as 2026-10-04T13:51:41.233542+02:00; the node does not guess which instant other text means.'
	);
}

/** The whole exchange, body included, outlasted Request Options › Timeout. */
export function answerTimeoutError(
	node: INode,
	timeout: number,
	itemIndex?: number,
): BrokerApiError {
	return apiError(
		node,
		'none',
		FAILURE_MESSAGES.timeout,
		`The whole answer must arrive within Request Options › Timeout (${timeout} ms); the service was still sending. Try again, or raise the Timeout`,
		itemIndex,
	);
}

/** An answer larger than Request Options › Largest Answer to Read (MB), as sent or once inflated. */
export function answerTooLargeError(
	node: INode,
	megabytes: number,
	itemIndex?: number,
): BrokerApiError {
	return apiError(
		node,
		'none',
		`${FAILURE_MESSAGES.tooLarge} (more than ${megabytes} MB)`,
		'Ask for less at a time (a shorter period, fewer IDs, pages), or raise Request Options › Largest Answer to Read (MB)',
		itemIndex,
	);
}

const TIMEOUT_CODES = new Set(['ECONNABORTED', 'ETIMEDOUT', 'ESOCKETTIMEDOUT']);
const NETWORK_CODES = new Set([
	'ECONNREFUSED',
	'ECONNRESET',
	'ENOTFOUND',
	'EAI_AGAIN',
	'EPIPE',
	'EHOSTUNREACH',
	'ENETUNREACH',
	'ERR_SOCKET_CONNECTION_TIMEOUT',
]);

/**
 * The network error code of a failure (ECONNABORTED, ECONNREFUSED, …) wherever n8n left it:
 * on the error or a cause of it, or, from n8n 1.x's request helper, which wraps the failure in
 * a NodeApiError that keeps the code only as its httpCode.
 */
function errorCode(error: unknown): string | undefined {
	let current = error as { code?: unknown; httpCode?: unknown; cause?: unknown } | undefined;
	for (let depth = 0; current && depth < 4; depth++) {
		if (typeof current.code === 'string') return current.code;
		if (typeof current.httpCode === 'string' && /^E[A-Z_]+$/.test(current.httpCode))
			return current.httpCode;
		current = current.cause as typeof current;
	}
	return undefined;
}

function findCause<T>(error: unknown, type: new (...args: never[]) => T): T | undefined {
	let current = error as { cause?: unknown } | undefined;
	for (let depth = 0; current && depth < 4; depth++) {
		if (current instanceof type) return current as T;
		current = current.cause as typeof current;
	}
	return undefined;
}

/**
 * Turns whatever a request threw into a clean node error: ours pass through with the item
 * index set; anything else is rebuilt from plain values, dropping the request it carried.
 */
export function toNodeError(
	node: INode,
	error: unknown,
	itemIndex?: number,
	secrets: string[] = [],
): NodeApiError | NodeOperationError {
	if (error instanceof BrokerApiError || error instanceof NodeOperationError) {
		if (itemIndex !== undefined) error.context.itemIndex = itemIndex;
		return error;
	}
	const unsafe = findCause(error, UnsafeBaseUrlError);
	if (unsafe) return new NodeOperationError(node, unsafe.message, { itemIndex });
	const code = errorCode(error);
	const text = scrub(error instanceof Error ? error.message : String(error), secrets);
	if ((code && TIMEOUT_CODES.has(code)) || /timeout/i.test(text)) {
		return apiError(
			node,
			'none',
			FAILURE_MESSAGES.timeout,
			'Try again, or raise Request Options › Timeout on the node',
			itemIndex,
		);
	}
	if (code && NETWORK_CODES.has(code)) {
		return apiError(
			node,
			'none',
			`${FAILURE_MESSAGES.unreachable} (${code})`,
			'Check the Base URL of the credential and the network',
			itemIndex,
		);
	}
	return apiError(node, 'none', `The request failed: ${text}`, code, itemIndex);
}
