import { packageNode } from '../../harness/packageNodes';
import { runNode } from '../../harness/engine';
import { captureLogs } from '../../harness/logCapture';
import { useSandbox } from '../../harness/sandbox';
import { officeFixtures } from './fixtures';

/** n8n's logger at debug level, captured from before it is created (see captureLogs). */
const logs = captureLogs();

const nodeType = packageNode('estateBrokerOffice');

describe('Estate Broker Office: the token of an electronic-ID login is never logged', () => {
	const sandbox = useSandbox();

	test('a completed login gives the token in the item, and no log line carries it', async () => {
		const { person } = officeFixtures(sandbox.handle.store);
		const run = async (
			parameters: Record<string, unknown>,
			input?: Array<Record<string, unknown>>,
		) =>
			await runNode({
				nodeType,
				parameters: { resource: 'electronicId', ...parameters } as never,
				credentials: sandbox.credentials(),
				input: input as never,
			});
		const started = await run({ operation: 'initiate', socialNumber: person.socialSecurityNumber });
		let item = started.items[0].json;
		for (let poll = 0; poll < 3; poll++)
			item = (await run({ operation: 'getStatus' }, [item])).items[0].json;
		expect(item.status).toBe('complete');
		const token = String(item.jwtUser);
		expect(token.split('.')).toHaveLength(3);

		// The run's own debug lines show that the capture sees the logger.
		expect(await logs.waitFor('Workflow execution finished')).toBe(true);
		const payload = token.split('.')[1];
		expect(logs.lines.filter((line) => line.includes(token) || line.includes(payload))).toEqual([]);
	});
});
