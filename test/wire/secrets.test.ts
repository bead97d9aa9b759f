import type { IDataObject } from 'n8n-workflow';

import { runNode, testCredential } from '../harness/engine';
import { captureLogs, deepText } from '../harness/logCapture';
import { TransportProbe } from '../harness/probeNode';
import { useSandbox } from '../harness/sandbox';

/** n8n's logger at debug level and the console, captured from before the logger is created. */
const logs = captureLogs();
const sandbox = useSandbox();
const probe = new TransportProbe();

const WRONG_PASSWORD = 'Wrong-Secret-Pa55word';
const SECRETS = [
	'demo-password',
	'demo-api-key',
	WRONG_PASSWORD,
	Buffer.from('demo:demo-password').toString('base64'),
	Buffer.from(`demo:${WRONG_PASSWORD}`).toString('base64'),
];

describe('no secret in errors, items, execution data or logs', () => {
	it('holds when requests fail in every way', async () => {
		const seen: string[] = [];
		const run = async (
			parameters: IDataObject,
			credentials = sandbox.credentials(),
			continueOnFail = false,
		) => {
			const result = await runNode({
				nodeType: probe,
				parameters: { operation: 'getBid', bidId: 'B1', ...parameters },
				credentials,
				continueOnFail,
				input: [{}, {}],
			});
			seen.push(
				deepText(result.error),
				deepText(result.items),
				JSON.stringify(result.run),
				deepText(result.run),
			);
			return result;
		};
		const failures: Array<[string, () => Promise<unknown>]> = [
			[
				'401 wrong password',
				async () => await run({}, sandbox.credentials({ password: WRONG_PASSWORD })),
			],
			[
				'401 wrong password, Continue On Fail',
				async () => await run({}, sandbox.credentials({ password: WRONG_PASSWORD }), true),
			],
			[
				'401 wrong key',
				async () => await run({}, sandbox.credentials({ apiKey: 'demo-api-key-wrong' })),
			],
			['403', async () => await run({ customerId: 'M40099' })],
			['404', async () => await run({ bidId: 'missing' }, sandbox.credentials(), true)],
			['400', async () => await run({ operation: 'search', term: 'ab', maxSize: 9999 })],
			[
				'http base URL',
				async () => await run({}, sandbox.credentials({ baseUrl: 'http://brokerage.example.com' })),
			],
		];
		for (const kind of ['status429', 'status500', 'status503', 'drop', 'malformedJson']) {
			failures.push([
				kind,
				async () => {
					await sandbox.control('faults', { kind, count: 2, retryAfterSeconds: 90 });
					return await run({});
				},
			]);
		}
		failures.push([
			'timeout',
			async () => {
				await sandbox.control('faults', { kind: 'delay', count: 2, delayMs: 2000 });
				return await run({ requestOptions: { timeout: 200 } });
			},
		]);
		for (const [, fail] of failures) await fail();
		for (const data of [
			sandbox.credentials({ password: WRONG_PASSWORD }),
			sandbox.credentials({ baseUrl: 'http://x.example.com' }),
		]) {
			seen.push(deepText(await testCredential(data)));
		}
		const log = JSON.stringify(await sandbox.requests());
		// The logger's own debug lines show that the capture sees it.
		expect(await logs.waitFor('Workflow execution finished')).toBe(true);
		const text = [...seen, ...logs.lines, log].join('\n');
		// The failures really happened and were captured.
		expect(text).toContain('The user name, password or API key was rejected by the service');
		expect(text).toContain('The service is limiting requests');
		expect(text).toContain('The service did not answer in time');
		expect(text).toContain('must start with https://');
		for (const secret of SECRETS) expect(text).not.toContain(secret);
	});
});
