/**
 * The examples keep the office's clock: each workflow's Timezone setting is Europe/Stockholm,
 * and the times they set and show are Stockholm's, whatever zone n8n's process runs in. The
 * example files' own expressions go through n8n's expression engine (n8n-workflow's Workflow,
 * the data of the nodes before them as an execution holds it) and the lead-routing example's
 * Book a Call through n8n-core's engine to the sandbox, on a fixed clock (Sunday 29 November
 * 2026, 16:00 in Stockholm) with the process on New York time.
 */
import fs from 'node:fs';
import path from 'node:path';
import type {
	IDataObject,
	IExecuteData,
	INode,
	INodeExecutionData,
	IRunExecutionData,
	ITaskData,
	IWorkflowSettings,
} from 'n8n-workflow';
import { Workflow } from 'n8n-workflow';

import { runNode } from '../harness/engine';
import { fakeDateOnly } from '../harness/fakeDate';
import { packageNode } from '../harness/packageNodes';
import { useSandbox } from '../harness/sandbox';

const EXAMPLES = path.join(__dirname, '../../examples');
const OFFICE_ZONE = 'Europe/Stockholm';
/** Sunday 29 November 2026, 16:00 in Stockholm (+01:00). */
const NOW = '2026-11-29T15:00:00.000Z';

interface ExampleFile {
	nodes: INode[];
	connections: Workflow['connectionsBySourceNode'];
	settings?: IWorkflowSettings;
}

const exampleFiles = fs.readdirSync(EXAMPLES).filter((name) => name.endsWith('.json'));
const example = (file: string) =>
	JSON.parse(fs.readFileSync(path.join(EXAMPLES, file), 'utf8')) as ExampleFile;

/** The example as n8n holds it: its nodes, connections and settings (node types not needed to read expressions). */
function workflowOf(file: ExampleFile): Workflow {
	return new Workflow({
		nodes: file.nodes,
		connections: file.connections,
		active: false,
		settings: file.settings,
		nodeTypes: {
			getByName: () => undefined,
			getByNameAndVersion: () => undefined,
			getKnownTypes: () => ({}),
		} as never,
	});
}

/** One step of an execution: a node's one item on the output given, and the node before it. */
type Step = [node: string, json: IDataObject, previous?: string, previousOutput?: number, output?: number];

/** The run data of an execution that went through `steps` in order, one item each, paired item by item. */
function executionThrough(steps: Step[]): IRunExecutionData {
	const runData: Record<string, ITaskData[]> = {};
	for (const [node, json, previous, previousOutput = 0, output = 0] of steps) {
		const main: INodeExecutionData[][] = [];
		for (let i = 0; i <= output; i++) main.push(i === output ? [{ json, pairedItem: { item: 0 } }] : []);
		runData[node] = [
			{
				startTime: 0,
				executionTime: 0,
				executionIndex: Object.keys(runData).length,
				executionStatus: 'success',
				source: previous ? [{ previousNode: previous, previousNodeOutput: previousOutput }] : [],
				data: { main },
			},
		];
	}
	return { resultData: { runData } } as unknown as IRunExecutionData;
}

/** A parameter of a node of the example, as n8n resolves it for the node's first item. */
function resolved(
	workflow: Workflow,
	execution: IRunExecutionData,
	nodeName: string,
	parameter: string,
	input: { node: string; json: IDataObject },
): unknown {
	const node = workflow.getNode(nodeName)!;
	const connectionInputData: INodeExecutionData[] = [{ json: input.json, pairedItem: { item: 0 } }];
	const executeData: IExecuteData = {
		node,
		data: { main: [connectionInputData] },
		source: { main: [{ previousNode: input.node }] },
	};
	return workflow.expression.getParameterValue(
		node.parameters[parameter] as string,
		execution,
		0,
		0,
		nodeName,
		connectionInputData,
		'manual',
		{},
		executeData,
	);
}

describe('the examples keep the office’s clock', () => {
	const savedZone = process.env.TZ;
	beforeAll(() => {
		process.env.TZ = 'America/New_York';
	});
	afterAll(() => {
		if (savedZone === undefined) delete process.env.TZ;
		else process.env.TZ = savedZone;
	});
	beforeEach(() => fakeDateOnly(NOW));
	afterEach(() => jest.useRealTimers());

	it.each(exampleFiles)('%s runs on Europe/Stockholm (its Timezone setting)', (file) => {
		expect(example(file).settings?.timezone).toBe(OFFICE_ZONE);
	});

	describe('lead routing: the call is booked at 09:00 Stockholm and the e-mail says so', () => {
		const sandbox = useSandbox({ now: NOW, clock: () => Date.now() });
		const file = example('lead-routing.json');
		const agent = {
			userId: 'HANE974FF23D0203E1074BC3CAB155A0289',
			userName: 'sara.holmberg',
			emailAddress: 'sara.holmberg@maklarhuset.example',
		};
		const steps: Step[] = [
			[
				'New Interest or Lead',
				{
					lead: { id: 'L000001', title: 'Intresseanmälan', message: 'Can I see it on Sunday?' },
					estate: { id: 'OBJ30011_2041100003' },
					contact: { id: 'C000001' },
					receiver: { id: agent.userId },
				},
			],
			['Get the Person', { id: 'C000001', firstName: 'Ingrid', lastName: 'Berg' }, 'New Interest or Lead'],
			['Share Leads in Turn?', {}, 'Get the Person', 0, 1],
			['Lead for an Estate?', {}, 'Share Leads in Turn?', 1],
			['Get the Estate', { id: 'OBJ30011_2041100003', primaryAgentId: agent.userId }, 'Lead for an Estate?'],
			["Get the Estate's Agent", { id: agent.userId, emailAddress: agent.emailAddress }, 'Get the Estate'],
			['Chosen Agent', agent, "Get the Estate's Agent"],
		];

		it('Book a Call, through n8n’s engine to the sandbox: Monday 30 November 09:00-09:30 +01:00', async () => {
			const workflow = workflowOf(file);
			const execution = executionThrough(steps);
			const input = { node: 'Chosen Agent', json: agent };
			const [startsAt, endsAt, subject] = ['startsAt', 'endsAt', 'subject'].map((name) =>
				resolved(workflow, execution, 'Book a Call', name, input),
			);
			expect({ startsAt, endsAt }).toEqual({
				startsAt: '2026-11-30T09:00:00.000+01:00',
				endsAt: '2026-11-30T09:30:00.000+01:00',
			});
			const { items, error } = await runNode({
				nodeType: packageNode('estateBrokerOffice'),
				parameters: {
					resource: 'appointment',
					operation: 'create',
					userId: agent.userId,
					subject,
					startsAt,
					endsAt,
					additionalFields: { allDayEvent: false },
				} as never,
				credentials: sandbox.credentials(),
				input: [agent],
				timezone: file.settings?.timezone,
			});
			expect(error).toBeUndefined();
			const [stored] = [...sandbox.handle.store.appointments.values()];
			expect(stored).toMatchObject({
				userId: agent.userId,
				startsAt: '2026-11-30T08:00:00.000Z',
				endsAt: '2026-11-30T08:30:00.000Z',
			});

			const booked = items[0].json;
			const mail = resolved(
				workflow,
				executionThrough([...steps, ['Book a Call', booked, 'Chosen Agent']]),
				'E-mail the Agent',
				'text',
				{ node: 'Book a Call', json: booked },
			) as string;
			expect(mail).toContain(
				`A call is booked in your calendar: Call Ingrid Berg about estate OBJ30011_2041100003, Monday 30 November, 09:00 Stockholm time (UTC+01:00) (appointment ${String(booked.appointmentId)}).`,
			);
		});
	});

	describe('the weekly report: Monday 07:00 Stockholm, the leads’ times in Stockholm with their offset', () => {
		const file = example('scheduled-report.json');

		it('fires every Monday at 07:00 of the workflow’s zone', () => {
			const trigger = file.nodes.find((node) => node.type === 'n8n-nodes-base.scheduleTrigger')!;
			expect(trigger.parameters).toEqual({
				rule: { interval: [{ field: 'weeks', triggerAtDay: [1], triggerAtHour: 7 }] },
			});
			expect(file.settings?.timezone).toBe(OFFICE_ZONE);
		});

		it.each([
			['2026-11-27T14:05:00.000Z', '2026-11-27 15:05 +01:00'],
			['2026-06-26T14:05:00.000Z', '2026-06-26 16:05 +02:00'],
			['2026-11-27T15:05:00+01:00', '2026-11-27 15:05 +01:00'],
		])('a lead received at %s reads "%s"', (createdAt, shown) => {
			const workflow = workflowOf(example('scheduled-report.json'));
			const row = { createdAt, lead: { title: 'Intresseanmälan' } };
			const execution = executionThrough([['Leads of the Week', row]]);
			const assignments = workflow.getNode('Readable Lead Rows')!.parameters.assignments as {
				assignments: Array<{ name: string; value: string }>;
			};
			const received = assignments.assignments.find((a) => a.name === 'Received')!;
			// The Set node's one assignment, read as n8n reads a parameter of the node.
			workflow.getNode('Readable Lead Rows')!.parameters = { received: received.value };
			expect(
				resolved(workflow, execution, 'Readable Lead Rows', 'received', {
					node: 'Leads of the Week',
					json: row,
				}),
			).toBe(shown);
		});
	});
	describe('the listing examples: the change time in Stockholm’s words, with its offset', () => {
		const estate = {
			id: 'OBJ30011_2041100003',
			customerId: 'M30011',
			status: 'Sold',
			streetAddress: 'Storgatan 12',
			zipCode: '114 35',
			postalTown: 'Stockholm',
			startingPrice: 3_750_000,
			finalPrice: 3_950_000,
			currency: 'SEK',
			primaryAgentId: 'HANE974FF23D0203E1074BC3CAB155A0289',
		};
		const times: Array<[changedAt: string, shown: string]> = [
			['2026-11-29T10:15:00+01:00', 'Sunday 29 November 2026, 10:15 Stockholm time (UTC+01:00)'],
			['2026-06-26T14:05:00.000Z', 'Friday 26 June 2026, 16:05 Stockholm time (UTC+02:00)'],
		];

		it.each(times)('sold: an estate Sold at %s is posted with its final price, "%s"', (changedAt, shown) => {
			const workflow = workflowOf(example('listing-sold.json'));
			const item = { ...estate, changedAt, changes: { status: { old: 'ForSale', new: 'Sold' } } };
			const execution = executionThrough([
				['Listing Sold', item],
				['Sold?', item, 'Listing Sold'],
			]);
			const body = resolved(workflow, execution, "Post to the Office's Channel", 'jsonBody', {
				node: 'Sold?',
				json: item,
			}) as string;
			const text = [
				'Sold: Storgatan 12, 114 35 Stockholm',
				'Final price: 3 950 000 SEK',
				'Was: For Sale, asking 3 750 000 SEK',
				`Sold as of ${shown}`,
				'Estate OBJ30011_2041100003, office M30011',
			].join('\n');
			expect(JSON.parse(body)).toEqual({ text, content: text });
		});

		it('sold: an office that keeps its final price to itself is posted as such', () => {
			const workflow = workflowOf(example('listing-sold.json'));
			const item = { ...estate, finalPrice: null, changedAt: times[0][0], changes: null };
			const execution = executionThrough([
				['Listing Sold', item],
				['Sold?', item, 'Listing Sold'],
			]);
			const body = resolved(workflow, execution, "Post to the Office's Channel", 'jsonBody', {
				node: 'Sold?',
				json: item,
			}) as string;
			expect((JSON.parse(body) as { text: string }).text.split('\n').slice(1, 3)).toEqual([
				'Final price: final price not published',
				'Asking 3 750 000 SEK',
			]);
		});

		it.each(times)('price lowered: the agent’s e-mail for a change at %s says the old and new price and "%s"', (changedAt, shown) => {
			const workflow = workflowOf(example('price-lowered.json'));
			const item = {
				...estate,
				status: 'ForSale',
				finalPrice: null,
				startingPrice: 3_750_000,
				changedAt,
				changes: { price: { old: 3_950_000, new: 3_750_000, difference: -200_000, percent: -5.06 } },
			};
			const agent = { id: estate.primaryAgentId, name: 'Sara Holmberg', emailAddress: 'sara.holmberg@maklarhuset.example' };
			const execution = executionThrough([
				['Price Lowered', item],
				["Get the Estate's Agent", agent, 'Price Lowered'],
			]);
			const input = { node: "Get the Estate's Agent", json: agent };
			expect(resolved(workflow, execution, 'E-mail the Agent', 'subject', input)).toBe(
				'Price lowered: Storgatan 12, 114 35 Stockholm',
			);
			expect(resolved(workflow, execution, 'E-mail the Agent', 'toEmail', input)).toBe(agent.emailAddress);
			expect(resolved(workflow, execution, 'E-mail the Agent', 'text', input)).toBe(
				[
					'Hello Sara Holmberg,',
					'',
					'The asking price of Storgatan 12, 114 35 Stockholm (estate OBJ30011_2041100003) was lowered.',
					'',
					'Old price: 3 950 000 SEK',
					'New price: 3 750 000 SEK',
					'Lowered by: 200 000 SEK (5.1 %)',
					`Changed: ${shown}`,
					'',
					'The people who showed interest in it may want to hear.',
				].join('\n'),
			);
		});
	});
});
