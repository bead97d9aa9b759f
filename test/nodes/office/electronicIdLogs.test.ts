import { EstateBrokerOffice } from '../../../nodes/EstateBrokerOffice/EstateBrokerOffice.node';
import { runNode } from '../../harness/engine';
import { useSandbox } from '../../harness/sandbox';
import { officeFixtures } from './fixtures';

/**
 * n8n's logger at its most talkative (debug, as JSON lines with all metadata), with its
 * console output captured from the start: the logger binds console.log when it is created,
 * so the capture is in place before the first run of this file creates it, and it reads its
 * level and format from the environment then.
 */
const previous = { level: process.env.N8N_LOG_LEVEL, format: process.env.N8N_LOG_FORMAT };
process.env.N8N_LOG_LEVEL = 'debug';
process.env.N8N_LOG_FORMAT = 'json';
const output: string[] = [];
/** Jest's worker console has its own streams, which the logger writes to directly when they exist. */
const consoleStreams = console as unknown as { _stdout?: NodeJS.WritableStream; _stderr?: NodeJS.WritableStream };
const capture = ((chunk: string) => output.push(String(chunk)) > 0) as typeof process.stdout.write;

const nodeType = new EstateBrokerOffice();

describe('Estate Broker Office: the token of an electronic-ID login is never logged', () => {
	const sandbox = useSandbox();

	beforeAll(() => {
		for (const method of ['log', 'info', 'warn', 'error', 'debug'] as const) {
			jest.spyOn(console, method).mockImplementation((...args: unknown[]) => void output.push(args.map((arg) => (typeof arg === 'string' ? arg : JSON.stringify(arg))).join(' ')));
		}
		for (const stream of [process.stdout, process.stderr, consoleStreams._stdout, consoleStreams._stderr]) {
			if (stream) jest.spyOn(stream, 'write').mockImplementation(capture);
		}
	});

	afterAll(() => {
		jest.restoreAllMocks();
		for (const [name, value] of [['N8N_LOG_LEVEL', previous.level], ['N8N_LOG_FORMAT', previous.format]] as const) {
			if (value === undefined) delete process.env[name];
			else process.env[name] = value;
		}
	});

	test('a completed login gives the token in the item, and no log line carries it', async () => {
		const { person } = officeFixtures(sandbox.handle.store);
		const run = async (parameters: Record<string, unknown>, input?: Array<Record<string, unknown>>) =>
			await runNode({ nodeType, parameters: { resource: 'electronicId', ...parameters } as never, credentials: sandbox.credentials(), input: input as never });
		const started = await run({ operation: 'initiate', socialNumber: person.socialSecurityNumber });
		let item = started.items[0].json;
		for (let poll = 0; poll < 3; poll++) item = (await run({ operation: 'getStatus' }, [item])).items[0].json;
		expect(item.status).toBe('complete');
		const token = String(item.jwtUser);
		expect(token.split('.')).toHaveLength(3);

		// n8n's logger writes asynchronously; the run's debug lines show that the capture sees it.
		for (let waited = 0; waited < 2000 && !output.some((line) => line.includes('Workflow execution finished')); waited += 20) {
			await new Promise((resolve) => setTimeout(resolve, 20));
		}
		expect(output.some((line) => line.includes('Workflow execution finished'))).toBe(true);
		const payload = token.split('.')[1];
		expect(output.filter((line) => line.includes(token) || line.includes(payload))).toEqual([]);
	});
});
