import type { ICredentialDataDecryptedObject, INode } from 'n8n-workflow';

import { isBlank, pathSegment, inputError, wholeNumber } from '../rules';
import { type CallCustomers, UnsafeBaseUrlError } from '../failures';
import { processStore } from './processState';
import { MAX_IN_FLIGHT, type ThrottledAccount } from './throttle';

export const CREDENTIAL_TYPE = 'estateBrokerApi';

/** The customer id a call is scoped by: the node's own, or the credential's default. */
export function resolveCustomerId(
	node: INode,
	nodeValue: unknown,
	credentials: ICredentialDataDecryptedObject,
	itemIndex?: number,
): string {
	const given = isBlank(nodeValue) ? credentials.customerId : nodeValue;
	if (isBlank(given))
		throw inputError(
			node,
			'Customer ID is required',
			"Set the node's Customer ID, or a default Customer ID in the credential.",
			itemIndex,
		);
	// It is sent in paths and in queries: the same rules as any path value.
	return pathSegment(node, given, 'Customer ID', itemIndex);
}

export const REQUESTS_IN_FLIGHT_FIELD = 'Requests in Flight per n8n Process';
export const REQUESTS_PER_SECOND_FIELD = 'Requests per Second per n8n Process';
export const MAX_REQUESTS_PER_SECOND = 100;

/** The credential's speed limit: undefined when empty or 0 (no limit); a number from 0.1 to 100 otherwise. */
function requestsPerSecond(node: INode, given: unknown): number | undefined {
	if (isBlank(given) || Number(given) === 0) return undefined;
	const value =
		typeof given === 'number'
			? given
			: typeof given === 'string'
				? Number(given.trim())
				: Number.NaN;
	if (!Number.isFinite(value) || value < 0.1 || value > MAX_REQUESTS_PER_SECOND) {
		throw inputError(
			node,
			`${REQUESTS_PER_SECOND_FIELD} (credential) must be a number from 0.1 to ${MAX_REQUESTS_PER_SECOND}`,
			'Leave it empty or 0 for no speed limit.',
		);
	}
	return value;
}

/**
 * Requests are throttled per account (one service address and user name), to the credential's
 * cap and speed limit for this process; a credential without the setting has the default.
 */
export function throttledAccount(
	node: INode,
	credentials: ICredentialDataDecryptedObject,
): ThrottledAccount {
	const given = credentials.requestsInFlight;
	const maxInFlight = isBlank(given)
		? MAX_IN_FLIGHT
		: wholeNumber(node, given, `${REQUESTS_IN_FLIGHT_FIELD} (credential)`, { min: 1, max: 100 });
	return {
		key: `${String(credentials.baseUrl)}|${String(credentials.username)}`,
		maxInFlight,
		perSecond: requestsPerSecond(node, credentials.requestsPerSecond),
	};
}

/** The account a node's calls are made for: its customer, the service's base URL checked, its pace. */
export interface NodeAccount {
	customerId: string;
	baseURL: string;
	account: ThrottledAccount;
	/** The node's and the credential's customer, for the wording of a refusal. */
	customers: CallCustomers;
}

/** The account of a node's calls under a credential: the node's Customer ID (else the credential's), the base URL, the credential's pace. */
export function accountOf(
	node: INode,
	credentials: ICredentialDataDecryptedObject,
	nodeCustomerId: unknown,
	itemIndex?: number,
): NodeAccount {
	const customerId = resolveCustomerId(node, nodeCustomerId, credentials, itemIndex);
	const baseURL = checkBaseUrl(credentials.baseUrl);
	return {
		customerId,
		baseURL,
		account: { ...throttledAccount(node, credentials), customerId },
		customers: {
			node: isBlank(nodeCustomerId) ? '' : customerId,
			credential: String(credentials.customerId ?? ''),
		},
	};
}

/** What can read the node's credential; an item context also says which node run it belongs to. */
interface CredentialReader {
	getCredentials(type: string): Promise<ICredentialDataDecryptedObject>;
	getExecuteData?: () => object;
}

/**
 * One poll's view of the trigger's context, whose credential is read once for the whole poll
 * (the state's scope and every call), instead of n8n decrypting it from its database for each.
 * n8n keeps one poll context for all polls of an activation, so the credential is held by this
 * view, made afresh for each poll, and never on the context: a credential changed between
 * polls is read at the next one.
 */
export function pollReadingCredentialOnce<Context extends CredentialReader>(
	context: Context,
): Context {
	let reading: Promise<ICredentialDataDecryptedObject> | undefined;
	const getCredentials = async (type: string) => {
		if (type !== CREDENTIAL_TYPE) return await context.getCredentials(type);
		reading ??= context.getCredentials(type);
		// Each caller gets its own copy, as from n8n.
		return { ...(await reading) };
	};
	return Object.assign(Object.create(context) as object, { getCredentials }) as Context;
}

/** How long a webhook keeps the credential's customer id it read. */
export const WEBHOOK_CUSTOMER_LIFE_MS = 60_000;

const customerOfCredential = processStore<string, { customerId: string; readAt: number }>(
	'customerOfCredential',
);

/**
 * The credential's default customer id, for a webhook: read from n8n at most once a minute per
 * credential. Outside an execution n8n reads a credential by building a workflow and a fresh
 * expression isolate for it, costly next to the rest of a webhook:
 * under a flood of notifications that would be spent again on every one. Only the id is kept,
 * never the secrets; a credential changed meanwhile is read again within the minute.
 */
export async function webhookCredentialCustomer(
	context: CredentialReader & { getNode(): INode },
	now = Date.now(),
): Promise<string> {
	const credentialId = context.getNode().credentials?.[CREDENTIAL_TYPE]?.id;
	const kept = credentialId ? customerOfCredential.get(credentialId) : undefined;
	if (kept && now - kept.readAt >= 0 && now - kept.readAt < WEBHOOK_CUSTOMER_LIFE_MS)
		return kept.customerId;
	const customerId = String(
		(await context.getCredentials(CREDENTIAL_TYPE)).customerId ?? '',
	).trim();
	if (credentialId) customerOfCredential.set(credentialId, { customerId, readAt: now });
	return customerId;
}

/**
 * The service must be called over HTTPS (interface.md: "HTTPS only"). Plain HTTP is allowed
 * only for a loopback host, which is where the bundled sandbox listens.
 */
const LOOPBACK_HOSTS = new Set(['localhost', '[::1]', '::1']);

export function isLoopbackHost(hostname: string): boolean {
	const host = hostname.toLowerCase();
	return (
		LOOPBACK_HOSTS.has(host) || host.endsWith('.localhost') || /^127(\.\d{1,3}){3}$/.test(host)
	);
}

/**
 * Base URLs found safe, and what each gives (processState.ts). Only accepted ones are kept, so
 * a refused one is checked, and refused with its message, every time.
 */
const safeBaseUrls = processStore<string, string>('safeBaseUrls');
const SAFE_BASE_URLS_KEPT = 64;

/** Returns the base URL without trailing slashes, or throws when it is not safe to send credentials to. */
export function checkBaseUrl(baseUrl: unknown): string {
	const known = typeof baseUrl === 'string' ? safeBaseUrls.get(baseUrl) : undefined;
	if (known !== undefined) return known;
	const safe = checkedBaseUrl(baseUrl);
	if (safeBaseUrls.size >= SAFE_BASE_URLS_KEPT) safeBaseUrls.clear();
	safeBaseUrls.set(baseUrl as string, safe);
	return safe;
}

function checkedBaseUrl(baseUrl: unknown): string {
	const text = typeof baseUrl === 'string' ? baseUrl.trim() : '';
	const url = URL.canParse(text) ? new URL(text) : undefined;
	if (!url) {
		throw new UnsafeBaseUrlError(
			`The credential's Base URL "${text}" is not a valid URL. Use the address of the brokerage service, e.g. https://api.example.com`,
		);
	}
	if (url.username || url.password) {
		throw new UnsafeBaseUrlError(
			"The credential's Base URL must not contain a user name or password: put them in the credential's own fields",
		);
	}
	if (url.protocol === 'https:') return text.replace(/\/+$/, '');
	if (url.protocol === 'http:' && isLoopbackHost(url.hostname)) return text.replace(/\/+$/, '');
	throw new UnsafeBaseUrlError(
		`The credential's Base URL must start with https:// (plain http:// is allowed only for localhost or 127.0.0.1); got ${url.protocol}//${url.host}`,
	);
}
