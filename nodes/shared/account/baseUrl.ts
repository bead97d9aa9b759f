import { UnsafeBaseUrlError } from '../failures';
import { processStore } from './processState';

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
