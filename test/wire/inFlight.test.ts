import type http from 'node:http';

import { runNode } from '../harness/engine';
import { type HostileServer, json, startHostile } from '../harness/hostile';
import { packageNode } from '../harness/packageNodes';

/**
 * The credential's "Requests in Flight per n8n Process" through the real engine: n8n sends the
 * requests of all items at once, and the service sees no more of them open than the setting.
 * The service here answers only when the test lets it: each time as many requests as the cap
 * allows are open (or all that are left), it answers the oldest, so the peak it sees is the cap.
 */
let service: HostileServer;
beforeEach(async () => {
	service = await startHostile();
});
afterEach(async () => {
	await service.close();
});

const credentials = (extra: Record<string, unknown>) => ({
	baseUrl: service.url,
	username: 'office-user',
	password: 'secret-password',
	customerId: 'M30011',
	...extra,
});

async function until(condition: () => boolean, what: string) {
	// Generous: a loaded machine only makes this slower, never different.
	for (let i = 0; i < 3000 && !condition(); i++)
		await new Promise((resolve) => setTimeout(resolve, 10));
	if (!condition()) throw new Error(`gave up waiting for ${what}`);
}

async function peakOpenRequests(
	items: number,
	cap: number,
	credentialExtra: Record<string, unknown>,
) {
	const held: Array<() => void> = [];
	let peak = 0;
	service.answer = (_request: http.IncomingMessage, response: http.ServerResponse) => {
		held.push(() => json(200, { id: 'B1', contactId: 'C1' })(_request, response));
		peak = Math.max(peak, held.length);
	};
	const run = runNode({
		nodeType: packageNode('estateBrokerBid'),
		parameters: { resource: 'bid', operation: 'get', bidId: '={{ $json.bidId }}' },
		credentials: credentials(credentialExtra),
		input: Array.from({ length: items }, (_, index) => ({ bidId: `B${index}` })),
	});
	for (let answered = 0; answered < items; answered++) {
		const open = Math.min(cap, items - answered);
		await until(() => held.length >= open, `${open} open requests`);
		held.shift()?.();
	}
	const { items: output, error } = await run;
	return { peak, output: output.length, error: error?.message };
}

describe('requests in flight per account', () => {
	it('follows the credential setting: 2 open at most, every item answered', async () => {
		expect(await peakOpenRequests(9, 2, { requestsInFlight: 2 })).toEqual({
			peak: 2,
			output: 9,
			error: undefined,
		});
	});

	it('is 5 for a credential saved before the setting existed', async () => {
		expect(await peakOpenRequests(9, 5, {})).toEqual({ peak: 5, output: 9, error: undefined });
	});

	it.each([0, 2.5, 'many', 101])(
		'refuses %p before any request, naming the setting',
		async (value) => {
			const { error } = await runNode({
				nodeType: packageNode('estateBrokerBid'),
				parameters: { resource: 'bid', operation: 'get', bidId: 'B1' },
				credentials: credentials({ requestsInFlight: value }),
			});
			expect(error?.message).toMatch(
				/Requests in Flight per n8n Process \(credential\) must be a whole number from 1 to 100/,
			);
			expect(service.seen).toEqual([]);
		},
	);
});
