import { createHash, timingSafeEqual } from 'node:crypto';

import type { IHookFunctions, IWebhookFunctions } from 'n8n-workflow';

import { processStore } from '../shared/account';

/** The query parameter of the receiver URL that carries the secret. */
export const SECRET_QUERY = 'secret';
/** The credential type that holds it (credentials/EstateBrokerNotificationSecretApi.credentials.ts). */
export const SECRET_CREDENTIAL = 'estateBrokerNotificationSecretApi';
/** A secret shorter than this is refused when the workflow is activated. */
export const SHORTEST_SECRET = 24;
const SECRET_PATTERN = /^[A-Za-z0-9_-]+$/;
/** How long the webhook trusts the secret it read; a secret changed in the credential counts within this. */
export const SECRET_LIFE_MS = 10_000;
/** A request whose secret does not match reads the credential again at most this often (a changed secret is taken at once). */
const REREAD_AFTER_MS = 1_000;

/** Why a secret cannot be used, or undefined when it can. */
export function secretProblem(secret: unknown): string | undefined {
	if (typeof secret !== 'string' || secret.length < SHORTEST_SECRET)
		return `Secret must be at least ${SHORTEST_SECRET} characters long`;
	if (!SECRET_PATTERN.test(secret))
		return "Secret may only hold letters, digits, '-' and '_', so it goes into the URL as it is";
	return undefined;
}

const digest = (text: string) => createHash('sha256').update(text, 'utf8').digest();

/** The credential's secret as stored, or undefined when the node has no such credential. */
export async function credentialSecret(
	context: IHookFunctions | IWebhookFunctions,
): Promise<unknown> {
	try {
		return (await context.getCredentials(SECRET_CREDENTIAL)).secret;
	} catch {
		return undefined;
	}
}

/** Per credential: the SHA-256 of its usable secret (never the secret), or the read under way, and when that read began. */
const secretDigests = processStore<string, { digest: Promise<Buffer | undefined>; readAt: number }>(
	'notificationSecretDigests',
);

async function digestOfCredential(context: IWebhookFunctions): Promise<Buffer | undefined> {
	const secret = await credentialSecret(context);
	// A node without a usable secret takes nothing, whatever the request holds.
	return secretProblem(secret) === undefined ? digest(secret as string) : undefined;
}

/**
 * Whether the request's secret is the credential's, in constant time: both are hashed first,
 * so neither the comparison nor its length check tells how much of a guess was right. Outside
 * an execution n8n reads a credential through a fresh expression isolate, costly next to the
 * rest of a notification, so the webhook keeps the secret's digest for SECRET_LIFE_MS; a flood of
 * wrong secrets reads the credential at most once a second, requests at once sharing one read.
 */
export async function requestHasSecret(
	context: IWebhookFunctions,
	given: unknown,
	now = Date.now(),
): Promise<boolean> {
	if (typeof given !== 'string' || given.length > 1024) return false;
	const givenDigest = digest(given);
	const matches = (known: Buffer | undefined) =>
		known !== undefined && timingSafeEqual(givenDigest, known);
	const credentialId = context.getNode().credentials?.[SECRET_CREDENTIAL]?.id;
	if (!credentialId) return matches(await digestOfCredential(context));
	const kept = secretDigests.get(credentialId);
	const age = kept ? now - kept.readAt : Number.POSITIVE_INFINITY;
	if (kept && age >= 0 && age < SECRET_LIFE_MS) {
		if (matches(await kept.digest)) return true;
		if (age < REREAD_AFTER_MS) return false;
		// Another request may have begun a read meanwhile: that one is taken.
		const latest = secretDigests.get(credentialId);
		if (latest && latest !== kept) return matches(await latest.digest);
	}
	const read = { digest: digestOfCredential(context), readAt: now };
	secretDigests.set(credentialId, read);
	return matches(await read.digest);
}
