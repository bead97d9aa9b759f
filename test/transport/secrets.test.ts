import type { IDataObject } from 'n8n-workflow';

import { runNode, testCredential } from '../harness/engine';
import { TransportProbe } from '../harness/probeNode';
import { useSandbox } from '../harness/sandbox';

const sandbox = useSandbox();
const probe = new TransportProbe();

const WRONG_PASSWORD = 'Wrong-Secret-Pa55word';
const SECRETS = ['demo-password', 'demo-api-key', WRONG_PASSWORD, Buffer.from('demo:demo-password').toString('base64'), Buffer.from(`demo:${WRONG_PASSWORD}`).toString('base64')];

/** Every own property, nested, including non-enumerable ones such as an error's cause and stack. */
function everything(value: unknown, seen = new Set<unknown>()): string {
	if (value === null || typeof value !== 'object') return String(value);
	if (seen.has(value)) return '';
	seen.add(value);
	return Object.getOwnPropertyNames(value)
		.map((key) => `${key}=${everything((value as Record<string, unknown>)[key], seen)}`)
		.join('\n');
}

describe('no secret in errors, items, execution data or logs', () => {
	const output: string[] = [];
	const originals = { stdout: process.stdout.write.bind(process.stdout), stderr: process.stderr.write.bind(process.stderr) };

	beforeEach(() => {
		for (const method of ['log', 'info', 'warn', 'error', 'debug'] as const) {
			jest.spyOn(console, method).mockImplementation((...args: unknown[]) => void output.push(args.map((arg) => everything(arg)).join(' ')));
		}
		process.stdout.write = ((chunk: string) => output.push(String(chunk)) > 0) as typeof process.stdout.write;
		process.stderr.write = ((chunk: string) => output.push(String(chunk)) > 0) as typeof process.stderr.write;
	});

	afterEach(() => {
		jest.restoreAllMocks();
		process.stdout.write = originals.stdout;
		process.stderr.write = originals.stderr;
	});

	it('holds when requests fail in every way', async () => {
		const seen: string[] = [];
		const run = async (parameters: IDataObject, credentials = sandbox.credentials(), continueOnFail = false) => {
			const result = await runNode({ nodeType: probe, parameters: { operation: 'getBid', bidId: 'B1', ...parameters }, credentials, continueOnFail, input: [{}, {}] });
			seen.push(everything(result.error), everything(result.items), JSON.stringify(result.run), everything(result.run));
			return result;
		};
		const failures: Array<[string, () => Promise<unknown>]> = [
			['401 wrong password', async () => await run({}, sandbox.credentials({ password: WRONG_PASSWORD }))],
			['401 wrong password, Continue On Fail', async () => await run({}, sandbox.credentials({ password: WRONG_PASSWORD }), true)],
			['401 wrong key', async () => await run({}, sandbox.credentials({ apiKey: 'demo-api-key-wrong' }))],
			['403', async () => await run({ customerId: 'M40099' })],
			['404', async () => await run({ bidId: 'missing' }, sandbox.credentials(), true)],
			['400', async () => await run({ operation: 'search', term: 'ab', maxSize: 9999 })],
			['http base URL', async () => await run({}, sandbox.credentials({ baseUrl: 'http://brokerage.example.com' }))],
		];
		for (const kind of ['status429', 'status500', 'status503', 'drop', 'malformedJson']) {
			failures.push([kind, async () => {
				await sandbox.control('faults', { kind, count: 2, retryAfterSeconds: 90 });
				return await run({});
			}]);
		}
		failures.push(['timeout', async () => {
			await sandbox.control('faults', { kind: 'delay', count: 2, delayMs: 2000 });
			return await run({ requestOptions: { timeout: 200 } });
		}]);
		for (const [, fail] of failures) await fail();
		for (const data of [sandbox.credentials({ password: WRONG_PASSWORD }), sandbox.credentials({ baseUrl: 'http://x.example.com' })]) {
			seen.push(everything(await testCredential(data)));
		}
		const log = JSON.stringify(await sandbox.requests());
		const text = [...seen, ...output, log].join('\n');
		// The failures really happened and were captured.
		expect(text).toContain('The user name, password or API key was rejected by the service');
		expect(text).toContain('The service is limiting requests');
		expect(text).toContain('The service did not answer in time');
		expect(text).toContain('must start with https://');
		for (const secret of SECRETS) expect(text).not.toContain(secret);
	});
});
