import { createHash, timingSafeEqual } from 'node:crypto';

/** The query parameter of the receiver URL that carries the secret. */
export const SECRET_QUERY = 'secret';
/** A secret shorter than this is refused when the workflow is activated. */
export const SHORTEST_SECRET = 24;
const SECRET_PATTERN = /^[A-Za-z0-9_-]+$/;

/** Why a secret cannot be used, or undefined when it can. */
export function secretProblem(secret: unknown): string | undefined {
	if (typeof secret !== 'string' || secret.length < SHORTEST_SECRET) return `Secret must be at least ${SHORTEST_SECRET} characters long`;
	if (!SECRET_PATTERN.test(secret)) return "Secret may only hold letters, digits, '-' and '_', so it goes into the URL as it is";
	return undefined;
}

const digest = (text: string) => createHash('sha256').update(text, 'utf8').digest();

/**
 * Whether the request's secret is the node's, in constant time: both are hashed first, so
 * neither the comparison nor its length check tells how much of a guess was right.
 */
export function secretMatches(given: unknown, secret: string): boolean {
	if (typeof given !== 'string' || given.length > 1024) return false;
	return timingSafeEqual(digest(given), digest(secret));
}
