import type { IWebhookFunctions } from 'n8n-workflow';

import {
	requestHasSecret,
	SECRET_LIFE_MS,
} from '../../../nodes/EstateBrokerNotificationTrigger/secret';

/**
 * The webhook's secret check on its own: n8n reads a credential outside an execution through a
 * fresh expression isolate, so the check keeps the secret's digest a while. Times are given,
 * never read from the clock.
 */
const SECRET = 'k3Jx9vQ2mW7pL4tR8nB6yH1s';
let credentials = 0;

/** A webhook context whose secret credential is `stored` (changeable), counting its reads. */
function contextWith(stored: { secret?: unknown }) {
	const id = `secret-${++credentials}`;
	const reads = { count: 0 };
	const context = {
		getNode: () => ({ credentials: { estateBrokerNotificationSecretApi: { id, name: 'Secret' } } }),
		getCredentials: async () => {
			reads.count++;
			if (stored.secret === undefined) throw new Error('Node does not have any credentials set');
			return { secret: stored.secret };
		},
	} as unknown as IWebhookFunctions;
	return { context, reads };
}

describe('Estate Broker Notification Trigger: the secret check', () => {
	test('the right secret matches, read from the credential once while it is fresh', async () => {
		const { context, reads } = contextWith({ secret: SECRET });
		expect(await requestHasSecret(context, SECRET, 0)).toBe(true);
		expect(await requestHasSecret(context, SECRET, SECRET_LIFE_MS - 1)).toBe(true);
		expect(reads.count).toBe(1);
		expect(await requestHasSecret(context, SECRET, SECRET_LIFE_MS)).toBe(true);
		expect(reads.count).toBe(2);
	});

	test('a flood of wrong secrets, all at once, reads the credential at most once a second, and none matches', async () => {
		const { context, reads } = contextWith({ secret: SECRET });
		await requestHasSecret(context, SECRET, 0);
		// 100 requests in flight together, stamped over 1.5 s: the 33 past the first second share one read.
		const answers = await Promise.all(
			Array.from({ length: 100 }, (_, index) =>
				requestHasSecret(context, `${SECRET.slice(0, -1)}${index % 10}`, 1 + index * 15),
			),
		);
		expect(answers.every((answer) => answer === false)).toBe(true);
		expect(reads.count).toBe(2);
	});

	test('a secret changed in the credential is taken at once after a second; the old one stops within SECRET_LIFE_MS', async () => {
		const stored = { secret: SECRET };
		const { context } = contextWith(stored);
		expect(await requestHasSecret(context, SECRET, 0)).toBe(true);
		stored.secret = 'Z'.repeat(30);
		expect(await requestHasSecret(context, 'Z'.repeat(30), 1000)).toBe(true);
		expect(await requestHasSecret(context, SECRET, 1000 + SECRET_LIFE_MS)).toBe(false);
	});

	test('no credential, a weak secret, a repeated or overlong one: never a match', async () => {
		expect(await requestHasSecret(contextWith({}).context, SECRET, 0)).toBe(false);
		expect(await requestHasSecret(contextWith({ secret: 'short' }).context, 'short', 0)).toBe(
			false,
		);
		const { context } = contextWith({ secret: SECRET });
		expect(await requestHasSecret(context, [SECRET, SECRET], 0)).toBe(false);
		expect(await requestHasSecret(context, SECRET + 'x'.repeat(2000), 0)).toBe(false);
	});
});
