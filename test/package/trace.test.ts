import fs from 'node:fs';
import path from 'node:path';

import axios from 'axios';
import type { IDataObject, INodeParameters, INodeType } from 'n8n-workflow';

import { pollNode, runNode, useCredentialTypes } from '../harness/engine';
import { fakeDateOnly } from '../harness/fakeDate';
import { useSandbox } from '../harness/sandbox';
import {
	callsBetweenFiles,
	removeTracedCopy,
	type Trace,
	traceFlow,
	tracedCredentialTypes,
	tracedPackageNodes,
} from '../harness/trace';
import { serveWebhookNode } from '../harness/webhook';

/**
 * The paths docs/architecture.md draws, as the built package runs them in n8n-core's engine
 * against the sandbox: which files of the package each flow enters, how often, and how often
 * one file calls into another (test/harness/trace.ts counts function entries, so the figures are
 * the same on every run). The page's tables between the `trace` markers must be what this test
 * writes; `npm run docs:trace` rewrites them. The date is fixed: the package's clock caches by
 * day, so the count of functions entered differs on the days near a change of Stockholm's offset.
 */
const PAGE = process.env.ESTATE_TRACE_PAGE ?? path.resolve(__dirname, '../../docs/architecture.md');
const WRITE = process.env.ESTATE_TRACE_WRITE === '1';

/** The page's block of a flow: its figures, then each file with its entries and the calls it makes into others. */
export function traceBlock(title: string, trace: Trace): string {
	const files = [...trace.entries.keys()].sort();
	const callsFrom = (file: string) =>
		[...trace.calls.entries()]
			.filter(([edge]) => edge.startsWith(`${file} → `))
			.sort(([a], [b]) => a.localeCompare(b))
			.map(([edge, count]) => `\`${edge.split(' → ')[1]}\` ${count}`)
			.join(', ');
	return [
		`**${title}**: ${files.length} files of the package, ${callsBetweenFiles(trace)} calls from one file into another.`,
		'',
		'| File | Functions entered | Calls into other files |',
		'| --- | --- | --- |',
		...files.map(
			(file) => `| \`${file}\` | ${trace.entries.get(file)} | ${callsFrom(file) || '–'} |`,
		),
	].join('\n');
}

/** The page with a flow's block between its markers replaced. */
function withBlock(page: string, key: string, block: string): string {
	const marker = `<!-- trace:${key} -->`;
	const start = page.indexOf(marker);
	const end = page.indexOf(marker, start + marker.length);
	if (start < 0 || end < 0) throw new Error(`docs/architecture.md has no ${marker} pair`);
	return `${page.slice(0, start + marker.length)}\n${block}\n${page.slice(end)}`;
}

/**
 * A read by id's item reads what its calls need once and hands it down as data (its node,
 * index, parameters, settings and account), instead of each file calling back into the item's
 * context: at most this many calls between files for one item.
 */
const READ_BY_ID_MOST_CALLS = 60;

/** An ordinary weekday, a month from any change of Stockholm's offset. */
const TRACED_AT = '2026-11-18T09:00:00Z';

describe('The request path as docs/architecture.md draws it', () => {
	beforeAll(() => fakeDateOnly(TRACED_AT));
	afterAll(() => jest.useRealTimers());
	const sandbox = useSandbox();
	let nodes: Map<string, INodeType>;
	const traces = new Map<string, { title: string; trace: Trace }>();
	beforeAll(() => {
		nodes = tracedPackageNodes();
		useCredentialTypes(tracedCredentialTypes());
	});
	afterAll(() => {
		useCredentialTypes();
		removeTracedCopy();
		let page = fs.readFileSync(PAGE, 'utf8');
		for (const [key, { trace, title }] of traces)
			page = withBlock(page, key, traceBlock(title, trace));
		if (WRITE) fs.writeFileSync(PAGE, page);
	});
	const node = (name: string) => nodes.get(name)!;
	const run = async (name: string, parameters: INodeParameters) => {
		const result = await runNode({
			nodeType: node(name),
			parameters,
			credentials: sandbox.credentials(),
		});
		expect(result.error).toBeUndefined();
		return result;
	};
	/** A flow counted on its second run. */
	async function traced(key: string, title: string, flow: () => Promise<void>): Promise<void> {
		await flow();
		const trace = await traceFlow(flow);
		traces.set(key, { title, trace });
		const page = fs.readFileSync(PAGE, 'utf8');
		if (!WRITE) expect(withBlock(page, key, traceBlock(title, trace))).toBe(page);
	}
	const personOf = () =>
		[...sandbox.handle.store.contacts.values()]
			.filter((contact) => contact.type === 'Person' && contact.customerId === 'M30011')
			.sort((a, b) => a.id.localeCompare(b.id))[0];

	test('a read by id: Contacts › Person › Get, one item', async () => {
		const person = personOf();
		await traced('person-get', 'Contacts › Person › Get, one item', async () => {
			const { items } = await run('estateBrokerContacts', {
				resource: 'person',
				operation: 'get',
				contactId: person.id,
			});
			expect(items.map((item) => item.json.id)).toEqual([person.id]);
		});
		expect(callsBetweenFiles(traces.get('person-get')!.trace)).toBeLessThanOrEqual(
			READ_BY_ID_MOST_CALLS,
		);
	});

	test('a write: Contacts › Person › Create or Update, one item', async () => {
		const person = personOf();
		await traced('person-upsert', 'Contacts › Person › Create or Update, one item', async () => {
			const { items } = await run('estateBrokerContacts', {
				resource: 'person',
				operation: 'upsert',
				contactId: person.id,
				cellPhone: person.cellPhone,
				additionalFields: { note: 'Called back' },
			});
			expect(items.map((item) => item.json.contactId)).toEqual([person.id]);
		});
	});

	test('a listing read: Estates › Estate › Get Many, 3 whole records', async () => {
		await traced(
			'estate-get-many',
			'Estates › Estate › Get Many, one item, Limit 3, whole records',
			async () => {
				const { items } = await run('estateBrokerEstates', {
					resource: 'estate',
					operation: 'getAll',
					limit: 3,
				});
				expect(items).toHaveLength(3);
			},
		);
	});

	test('a trigger poll: New Bid, one new bid', async () => {
		const staticData: IDataObject = {};
		const poll = async () =>
			await pollNode({
				nodeType: node('estateBrokerTrigger'),
				parameters: { event: 'newBid' },
				credentials: sandbox.credentials(),
				staticData,
			});
		expect((await poll()).error).toBeUndefined();
		await traced(
			'new-bid-poll',
			'Estate Broker Trigger › New Bid, a poll with one new bid',
			async () => {
				await sandbox.control('activity', { customerId: 'M30011', bids: 1 });
				const { items, error } = await poll();
				expect(error).toBeUndefined();
				expect(items?.[0]).toHaveLength(1);
			},
		);
	});

	test('a notification with Fetch Record: a person changed', async () => {
		const person = personOf();
		const secret = 'k3Jx9vQ2mW7pL4tR8nB6yH1s';
		const hook = await serveWebhookNode({
			nodeType: node('estateBrokerNotificationTrigger'),
			parameters: { options: { fetchRecord: true } },
			credentials: sandbox.credentials({ customerId: 'G2' }),
			moreCredentials: { estateBrokerNotificationSecretApi: { secret } },
		});
		try {
			await traced(
				'notification-fetch-record',
				'Estate Broker Notification Trigger, Fetch Record: a person changed',
				async () => {
					const query = new URLSearchParams({
						secret,
						name: 'Contacts',
						type: 'Contact',
						event: 'Update',
						customerId: 'M30011',
						id: person.id,
						subtype: 'Person',
					});
					const answer = await axios.post(
						`${hook.url}?${query.toString()}`,
						{},
						{
							validateStatus: () => true,
						},
					);
					expect(answer.status).toBe(200);
					const runs = await Promise.all(hook.runs.splice(0));
					expect(runs.map((result) => result.items[0]?.json.recordStatus)).toEqual(['read']);
				},
			);
		} finally {
			await hook.close();
		}
	});
});
