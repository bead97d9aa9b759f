import type { ICredentialDataDecryptedObject, INode } from 'n8n-workflow';

import { webhookCredentialCustomer, WEBHOOK_CUSTOMER_LIFE_MS } from '../../nodes/shared/account';
import { testNode } from './node';

/**
 * The notification webhook's view of the credential's customer id: read from n8n at most once
 * a minute per credential. Every instant is given, so nothing depends on the real clock.
 */
function webhookOf(credentialId: string | undefined, customerIds: string[]) {
	const node: INode = {
		...testNode,
		credentials: credentialId ? { estateBrokerApi: { id: credentialId, name: 'Broker' } } : {},
	};
	let reads = 0;
	return {
		context: {
			getNode: () => node,
			getCredentials: async (): Promise<ICredentialDataDecryptedObject> => ({
				customerId: customerIds[reads++],
				password: 'never-kept',
			}),
		},
		reads: () => reads,
	};
}

const T0 = Date.UTC(2027, 0, 4, 9, 0, 0);

describe('webhookCredentialCustomer', () => {
	it('reads a credential once for all notifications within a minute, then again', async () => {
		const { context, reads } = webhookOf('cred-a', [' M30011 ', 'G2']);
		expect(await webhookCredentialCustomer(context, T0)).toBe('M30011');
		expect(await webhookCredentialCustomer(context, T0 + 1)).toBe('M30011');
		expect(await webhookCredentialCustomer(context, T0 + WEBHOOK_CUSTOMER_LIFE_MS - 1)).toBe(
			'M30011',
		);
		expect(reads()).toBe(1);
		// Changed in the credential meanwhile: seen once the minute is over.
		expect(await webhookCredentialCustomer(context, T0 + WEBHOOK_CUSTOMER_LIFE_MS)).toBe('G2');
		expect(reads()).toBe(2);
	});

	it('keeps each credential apart, and reads every time a node has no credential id', async () => {
		const first = webhookOf('cred-b', ['M1']);
		const second = webhookOf('cred-c', ['M2']);
		expect([
			await webhookCredentialCustomer(first.context, T0),
			await webhookCredentialCustomer(second.context, T0),
		]).toEqual(['M1', 'M2']);
		const noId = webhookOf(undefined, ['M3', 'M4']);
		expect([
			await webhookCredentialCustomer(noId.context, T0),
			await webhookCredentialCustomer(noId.context, T0),
		]).toEqual(['M3', 'M4']);
	});

	it('reads again when the clock went back (a kept id is never trusted into the future)', async () => {
		const { context, reads } = webhookOf('cred-d', ['M5', 'M6']);
		await webhookCredentialCustomer(context, T0);
		expect(await webhookCredentialCustomer(context, T0 - 1000)).toBe('M6');
		expect(reads()).toBe(2);
	});
});
