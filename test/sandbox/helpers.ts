import axios, { type AxiosInstance, type AxiosRequestConfig } from 'axios';
import { DateTime } from 'luxon';
import {
	SANDBOX_USERS,
	startSandbox,
	type SandboxHandle,
	type SandboxOptions,
} from '../../sandbox/src';
import type { Contact, ContactType } from '../../sandbox/src/store/types';

/** HTTP clients for the seed users; statuses are asserted by the tests, never thrown. */
export interface TestSandbox {
	handle: SandboxHandle;
	/** demo user (group G2) with its API key */
	demo: AxiosInstance;
	sodermalm: AxiosInstance;
	other: AxiosInstance;
	/** no Authorization header at all */
	anonymous: AxiosInstance;
	/** the control API */
	control: AxiosInstance;
}

export function client(
	baseURL: string,
	userName?: string,
	extra: AxiosRequestConfig = {},
): AxiosInstance {
	const user = SANDBOX_USERS.find((u) => u.userName === userName);
	return axios.create({
		baseURL,
		validateStatus: () => true,
		auth: user ? { username: user.userName, password: user.password } : undefined,
		headers: user?.apiKey ? { 'X-Api-Key': user.apiKey } : {},
		...extra,
	});
}

/**
 * The time the sandbox tests run at unless they say otherwise (the sandbox's clock starts
 * here): mid-month and mid-day, so a test about "this month" or "now" never straddles a
 * boundary, whatever the real date.
 */
const SANDBOX_NOW = '2026-06-15T12:00:00.000Z';

export async function startTestSandbox(options: SandboxOptions = {}): Promise<TestSandbox> {
	const handle = await startSandbox({ port: 0, now: SANDBOX_NOW, ...options });
	return {
		handle,
		demo: client(handle.url, 'demo'),
		sodermalm: client(handle.url, 'sodermalm'),
		other: client(handle.url, 'other'),
		anonymous: client(handle.url),
		control: axios.create({ baseURL: `${handle.url}/__sandbox`, validateStatus: () => true }),
	};
}

/** One sandbox for the test file, back to its seed before each test. */
export function useTestSandbox(options: SandboxOptions = {}): TestSandbox {
	const sandbox = {} as TestSandbox;
	beforeAll(async () => {
		Object.assign(sandbox, await startTestSandbox(options));
	});
	afterAll(async () => await sandbox.handle?.close());
	beforeEach(async () => await sandbox.handle.reset());
	return sandbox;
}

/** First seeded contact matching a type and owner office (optionally a predicate). */
export function findContact(
	sandbox: TestSandbox,
	type: ContactType,
	customerId: string,
	test: (c: Contact) => boolean = () => true,
): Contact {
	for (const contact of sandbox.handle.store.contacts.values()) {
		if (
			contact.type === type &&
			contact.customerId === customerId &&
			contact.linkedCustomerIds.length === 0 &&
			test(contact)
		)
			return contact;
	}
	throw new Error(`no ${type} of ${customerId} in the seed`);
}

export function estateOf(sandbox: TestSandbox, customerId: string, status = 'ForSale') {
	const estate = [...sandbox.handle.store.estates.values()].find(
		(e) => e.customerId === customerId && e.status === status,
	);
	if (!estate) throw new Error(`no ${status} estate of ${customerId}`);
	return estate;
}

/**
 * A stored instant (UTC ISO) as the sandbox writes it by default, the live service's form:
 * Swedish wall time without an offset, the fraction without trailing zeros (computed here with
 * luxon, not with the sandbox's code). null and undefined pass.
 */
export function liveTime<T extends string | null | undefined>(iso: T): T {
	if (iso === null || iso === undefined) return iso;
	const swedish = DateTime.fromISO(iso, { setZone: true }).setZone('Europe/Stockholm');
	const fraction = swedish.toFormat('SSS').replace(/0+$/, '');
	return (swedish.toFormat("yyyy-MM-dd'T'HH:mm:ss") + (fraction ? `.${fraction}` : '')) as T;
}
