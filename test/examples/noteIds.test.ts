/**
 * The ids the examples' notes give as samples (contact orders, estates) are the sandbox's office's,
 * so a user of `npm start` who sends them as written gets them accepted: the sandbox's seed
 * (cli.ts's default seed) and the office of `npm start`'s credential (M30011), on two reference
 * times a year apart, as `npm start` seeds with the day it runs.
 */
import axios from 'axios';
import fs from 'node:fs';
import path from 'node:path';

import { SANDBOX_USERS, startSandbox, type SandboxHandle } from '../../sandbox/src';

/** The office of the sandbox credential `npm start` imports (scripts/community-package.sh). */
const OFFICE = 'M30011';
const EXAMPLES = path.join(__dirname, '../../examples');
const REFERENCE_TIMES = ['2026-06-15T12:00:00.000Z', '2027-06-15T12:00:00.000Z'];

interface ExampleNode {
	type: string;
	parameters: { content?: string };
}

/** The ids of a kind written in the sticky notes of the example files, by file. */
function noteIds(pattern: RegExp): Array<{ file: string; id: string }> {
	return fs
		.readdirSync(EXAMPLES)
		.filter((name) => name.endsWith('.json'))
		.flatMap((file) => {
			const workflow = JSON.parse(fs.readFileSync(path.join(EXAMPLES, file), 'utf8')) as {
				nodes: ExampleNode[];
			};
			return workflow.nodes
				.filter((node) => node.type === 'n8n-nodes-base.stickyNote')
				.flatMap((node) => [...(node.parameters.content ?? '').matchAll(pattern)])
				.map((match) => ({ file, id: match[0] }));
		});
}

const contactOrderIds = noteIds(/\bCO\d{5}\b/g);
const estateIds = noteIds(/\bOBJ\d+_\d{10}\b/g);

const demo = SANDBOX_USERS.find((user) => user.userName === 'demo')!;
const auth = { username: demo.userName, password: demo.password };

describe.each(REFERENCE_TIMES)('the ids of the examples’ notes, seeded as of %s', (now) => {
	let sandbox: SandboxHandle;
	beforeAll(async () => {
		sandbox = await startSandbox({ port: 0, now });
	});
	afterAll(async () => sandbox.close());

	it('are there to check: the opt-out note’s contact orders and the web form’s estate', () => {
		expect(contactOrderIds.map(({ file }) => file)).toContain('opt-out-sync.json');
		expect(estateIds.map(({ file }) => file)).toContain('web-form-interest.json');
	});

	it.each(contactOrderIds)('$file: contact order $id is an active mailing of the office, and opts out', async ({ id }) => {
		const order = sandbox.store.contactOrders.get(id);
		expect({ id, customerId: order?.customerId, active: order?.active }).toEqual({
			id,
			customerId: OFFICE,
			active: true,
		});
		const answer = await axios.put(
			`${sandbox.url}/Advertising/Message/${OFFICE}/ContactOrder/${id}/OptOut`,
			undefined,
			{ auth, validateStatus: () => true },
		);
		expect({ id, status: answer.status, body: answer.data }).toEqual({ id, status: 204, body: '' });
	});

	it.each(estateIds)('$file: estate $id is the office’s and for sale', async ({ id }) => {
		const estate = sandbox.store.estates.get(id);
		expect({ id, customerId: estate?.customerId, status: estate?.status }).toEqual({
			id,
			customerId: OFFICE,
			status: 'ForSale',
		});
	});
});
