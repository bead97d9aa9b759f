import type {
	IDataObject,
	INode,
	INodeExecutionData,
	INodeParameterResourceLocator,
	INodeParameters,
} from 'n8n-workflow';
import { NodeHelpers } from 'n8n-workflow';

import type { SandboxStore } from '../../../sandbox/src';
import { fileItem, runNode } from '../../harness/engine';
import { loaderContext } from '../../harness/loadOptions';
import { packageNode } from '../../harness/packageNodes';
import { useSandbox } from '../../harness/sandbox';
import { poller } from '../trigger/poller';

/**
 * Every field that became a picker, run in each form a workflow can hold: picked from the
 * list (the ID taken from the list the editor shows, through n8n-core's list-search context),
 * typed By ID, and the plain ID or expression a workflow saved before the picker (typed, or
 * the dropdown's value) holds. All must send the very same requests and give the same items,
 * and the ID must be in the requests.
 */
type Value = string | INodeParameterResourceLocator;

interface Case {
	label: string;
	node: string;
	/** Where the picker's value is stored in the node's parameters. */
	field: string;
	method: string;
	/** Text typed in the list's search box, where the first entry of the whole list would not do (a sold estate takes no bid). */
	search?: string;
	parameters: (value: Value, store: SandboxStore) => INodeParameters;
	input?: () => Promise<INodeExecutionData[]>;
}

const month = (store: SandboxStore) => ({
	year: store.seedOptions.now.getUTCFullYear(),
	month: store.seedOptions.now.getUTCMonth() + 1,
});
const person = (store: SandboxStore) =>
	[...store.contacts.values()].find((c) => c.customerId === 'M30011' && c.type === 'Person')!.id;
const applicant = {
	firstName: 'Ingrid',
	lastName: 'Vallgren',
	additionalFields: { email: 'ingrid.vallgren@example.com' },
};
const DOCUMENT = Buffer.from('%PDF-1.4 energy declaration');

const CASES: Case[] = [
	{
		label: 'Contacts › Person Create or Update › Additional Fields › Agent',
		node: 'estateBrokerContacts',
		field: 'additionalFields.userId',
		method: 'searchAgents',
		parameters: (v) => ({
			resource: 'person',
			operation: 'upsert',
			firstName: 'Sixten',
			lastName: 'Berg',
			email: 'sixten.berg@mail.example',
			additionalFields: { userId: v },
		}),
	},
	{
		label: 'Contacts › Company Create or Update › Additional Fields › Agent',
		node: 'estateBrokerContacts',
		field: 'additionalFields.userId',
		method: 'searchAgents',
		parameters: (v) => ({
			resource: 'company',
			operation: 'upsert',
			companyName: 'Bergs Bygg AB',
			corporateNumber: '556677-8899',
			additionalFields: { userId: v },
		}),
	},
	{
		label: 'Contacts › Contact List › Filters › Agent',
		node: 'estateBrokerContacts',
		field: 'filters.agentId',
		method: 'searchAgents',
		parameters: (v) => ({
			resource: 'contact',
			operation: 'list',
			returnAll: true,
			filters: { agentId: v },
		}),
	},
	{
		label: 'Contacts › Present Accommodation Get Statistics › Filters › Agent',
		node: 'estateBrokerContacts',
		field: 'filters.userId',
		method: 'searchAgents',
		parameters: (v) => ({
			resource: 'presentAccommodation',
			operation: 'getStatistics',
			filters: { userId: v },
		}),
	},
	{
		label: 'CRM Bid › Place › Estate',
		node: 'estateBrokerBid',
		field: 'estateId',
		method: 'searchEstates',
		search: 'ForSale',
		parameters: (v, s) => ({
			resource: 'bid',
			operation: 'place',
			estateId: v,
			contactId: person(s),
			amount: '3100000',
		}),
	},
	{
		label: 'CRM Bid › Buyer Get Economy › Estate',
		node: 'estateBrokerBid',
		field: 'estateId',
		method: 'searchEstates',
		search: 'ForSale',
		parameters: (v, s) => ({
			resource: 'buyer',
			operation: 'getEconomy',
			contactId: person(s),
			estateId: v,
		}),
	},
	{
		label: 'CRM Bid › Get Many › Filters › Estate',
		node: 'estateBrokerBid',
		field: 'filters.estateId',
		method: 'searchEstates',
		search: 'ForSale',
		parameters: (v) => ({
			resource: 'bid',
			operation: 'getAll',
			returnAll: true,
			filters: { estateId: v },
		}),
	},
	{
		label: 'CRM Bid › Get Many Hidden › Filters › Contact',
		node: 'estateBrokerBid',
		field: 'filters.contactId',
		method: 'searchContacts',
		parameters: (v) => ({
			resource: 'bid',
			operation: 'getAllHidden',
			returnAll: true,
			filters: { contactId: v },
		}),
	},
	{
		label: 'Advertising › Interest Application Create › Estate',
		node: 'estateBrokerAdvertising',
		field: 'estateId',
		method: 'searchEstates',
		search: 'ForSale',
		parameters: (v) => ({
			resource: 'interestApplication',
			operation: 'create',
			estateId: v,
			...applicant,
		}),
	},
	{
		label: 'Advertising › Final Price Watch Create › Estate',
		node: 'estateBrokerAdvertising',
		field: 'estateId',
		method: 'searchEstates',
		search: 'ForSale',
		parameters: (v) => ({
			resource: 'finalPriceWatch',
			operation: 'create',
			estateId: v,
			...applicant,
		}),
	},
	{
		label: 'Estates › Declaration Add › Estate',
		node: 'estateBrokerEstates',
		field: 'estateId',
		method: 'searchEstates',
		parameters: (v) => ({
			resource: 'declaration',
			operation: 'add',
			estateId: v,
			advertise: true,
		}),
		input: async () => [
			await fileItem({ data: { bytes: DOCUMENT, fileName: 'Energideklaration.pdf' } }),
		],
	},
	{
		label: 'Estates › Condominium Update › Condominium',
		node: 'estateBrokerEstates',
		field: 'condominiumId',
		method: 'searchEstates',
		search: 'Condominium',
		parameters: (v) => ({
			resource: 'condominium',
			operation: 'update',
			condominiumId: v,
			price: { startingPrice: 2950000 },
		}),
	},
	{
		label: 'Estates › Cottage Update › Cottage',
		node: 'estateBrokerEstates',
		field: 'cottageId',
		method: 'searchEstates',
		search: 'Cottage',
		parameters: (v) => ({
			resource: 'cottage',
			operation: 'update',
			cottageId: v,
			price: { startingPrice: 1450000 },
		}),
	},
	{
		label: 'Estates › Cottage Create › Agent',
		node: 'estateBrokerEstates',
		field: 'userId',
		method: 'searchAgents',
		parameters: (v) => ({
			resource: 'cottage',
			operation: 'create',
			userId: v,
			status: 'AssignmentAttempt',
		}),
	},
	{
		label: 'Office › Appointment Create › Agent',
		node: 'estateBrokerOffice',
		field: 'userId',
		method: 'searchAgents',
		parameters: (v) => ({
			resource: 'appointment',
			operation: 'create',
			userId: v,
			subject: 'Viewing',
			startsAt: '2026-06-17T17:00:00Z',
			endsAt: '2026-06-17T18:00:00Z',
		}),
	},
	{
		label: 'Office › Area Get Many › Filters › Area',
		node: 'estateBrokerOffice',
		field: 'filters.areaId',
		method: 'searchAreas',
		parameters: (v) => ({
			resource: 'area',
			operation: 'getAll',
			returnAll: true,
			filters: { areaId: v },
		}),
	},
	{
		label: 'Office › Focus Area Get Many › Filters › Focus Area',
		node: 'estateBrokerOffice',
		field: 'filters.areaId',
		method: 'searchFocusAreas',
		parameters: (v) => ({
			resource: 'focusArea',
			operation: 'getAll',
			returnAll: true,
			filters: { areaId: v },
		}),
	},
	{
		label: 'Reports › Budget Get Commission › Agent',
		node: 'estateBrokerReports',
		field: 'userId',
		method: 'searchAgents',
		parameters: (v, s) => ({
			resource: 'budget',
			operation: 'getCommission',
			budgetOf: 'agent',
			userId: v,
			...month(s),
		}),
	},
	{
		label: 'Reports › Budget Update › Agent',
		node: 'estateBrokerReports',
		field: 'userId',
		method: 'searchAgents',
		parameters: (v, s) => ({
			resource: 'budget',
			operation: 'update',
			officeId: 'M30011',
			userId: v,
			...month(s),
			budget: { commission: 120000 },
		}),
	},
	{
		label: 'Reports › Budget Update › Office',
		node: 'estateBrokerReports',
		field: 'officeId',
		method: 'searchOffices',
		parameters: (v, s) => ({
			resource: 'budget',
			operation: 'update',
			officeId: v,
			userId: s.agentsOf('M30011').find((a) => !a.archived)!.userId,
			...month(s),
			budget: { commission: 120000 },
		}),
	},
	{
		label: 'Reports › Sales Get for Estate › Estate',
		node: 'estateBrokerReports',
		field: 'estateId',
		method: 'searchEstates',
		parameters: (v) => ({
			resource: 'sales',
			operation: 'getForEstate',
			estateBy: 'id',
			estateId: v,
		}),
	},
];

/** A focus area of the office: the seed draws none. */
function drawFocusArea(store: SandboxStore): void {
	store.focusAreas.set('FA9001', {
		id: 'FA9001',
		customerId: 'M30011',
		areaName: 'Södermalm east',
		municipalityCode: '0180',
		coordinates: [
			[18.07, 59.31],
			[18.09, 59.31],
			[18.08, 59.32],
		],
		createdAt: '2026-03-01T08:00:00.000Z',
	});
}

/** The times the sandbox stamps on records it creates run on with its clock: the same record, a moment later. */
const withoutClockTimes = (value: unknown): unknown =>
	JSON.parse(JSON.stringify(value), (_key, field: unknown) =>
		typeof field === 'string' &&
		/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3,7}(Z|[+-]\d\d:\d\d)$/.test(field)
			? '(a time)'
			: field,
	);

const FORMS: Array<[string, (id: string, name: string) => Value]> = [
	['as a plain ID saved before the picker', (id) => id],
	['by ID', (id) => ({ __rl: true, mode: 'id', value: id })],
	[
		'from the list',
		(id, name) => ({ __rl: true, mode: 'list', value: id, cachedResultName: name }),
	],
	['as an expression saved before the picker', (id) => `={{ "${id}" }}`],
];

describe('Every picker runs the same from the list, by ID and as the plain ID of a saved workflow', () => {
	const sandbox = useSandbox({ now: '2026-03-02T07:00:00Z' });
	const store = () => sandbox.handle.store;
	const sent = async () =>
		(await sandbox.requests()).map(({ method, path, query, body }) => ({
			method,
			path,
			query,
			body,
		}));

	/** The first entry of the picker's list, as the editor would show it for this node. */
	async function picked(testCase: Case): Promise<{ id: string; name: string }> {
		const nodeType = packageNode(testCase.node);
		const list = await nodeType.methods!.listSearch![testCase.method].call(
			loaderContext(nodeType, sandbox.credentials(), {}),
			testCase.search,
		);
		expect(list.results.length).toBeGreaterThan(0);
		return { id: String(list.results[0].value), name: list.results[0].name };
	}

	test.each(CASES.map((c) => [c.label, c] as const))('%s', async (_label, testCase) => {
		drawFocusArea(store());
		const { id, name } = await picked(testCase);
		const requests: Record<string, unknown> = {};
		for (const [form, value] of FORMS) {
			await sandbox.handle.reset();
			drawFocusArea(store());
			await sandbox.clearRequests();
			const { items, error } = await runNode({
				nodeType: packageNode(testCase.node),
				parameters: testCase.parameters(value(id, name), store()),
				credentials: sandbox.credentials(),
				input: undefined,
				inputItems: await testCase.input?.(),
			});
			expect({ form, error: error?.message }).toEqual({ form, error: undefined });
			// What the node sent, and the items it gave (those that echo the ID, e.g. { officeId, userId, updated }, too).
			requests[form] = {
				sent: await sent(),
				items: withoutClockTimes(items.map((item) => item.json)),
			};
		}
		const [plain, ...others] = Object.values(requests) as Array<{ sent: unknown }>;
		expect(JSON.stringify(plain.sent)).toContain(id);
		for (const other of others) expect(other).toEqual(plain);
	});

	test('Trigger › New Bid › Estate: the poll asks for the same estate in every form', async () => {
		const { id, name } = await picked({
			label: '',
			node: 'estateBrokerTrigger',
			field: 'estateId',
			method: 'searchEstates',
			search: 'ForSale',
			parameters: () => ({}),
		});
		const queries = [];
		for (const [, value] of FORMS) {
			await sandbox.clearRequests();
			const run = await poller(sandbox, { event: 'newBid', estateId: value(id, name) }).poll(
				'manual',
			);
			expect(run.error).toBeUndefined();
			queries.push((await sent()).map((request) => [request.path, request.query]));
		}
		// The newest trigger version reads the estate's details for the bid found, from the same estate.
		expect(queries[0]).toEqual([
			['/CRM/Bids/M30011', { 'criteria.estateId': id }],
			['/BusinessIntelligence/GetSalesReportForEstate', { customerId: 'M30011', estateId: id }],
		]);
		for (const query of queries) expect(query).toEqual(queries[0]);
	});

	test.each(CASES.map((c) => [c.label, c] as const))(
		'n8n reads a saved plain ID in %s as it is, with no issue',
		(_label, testCase) => {
			// What the editor and the executions do on opening a saved workflow: resolve the parameters with their defaults, then look for issues.
			const nodeType = packageNode(testCase.node);
			const parameters = testCase.parameters('X123', store());
			const node: INode = {
				id: 'saved',
				name: 'Saved',
				type: `n8n-nodes-estate-broker.${nodeType.description.name}`,
				typeVersion: 1,
				position: [0, 0],
				parameters,
			};
			const resolved = NodeHelpers.getNodeParameters(
				nodeType.description.properties,
				parameters,
				true,
				false,
				node,
				nodeType.description,
			)!;
			const [top, option] = testCase.field.split('.');
			expect(option === undefined ? resolved[top] : (resolved[top] as IDataObject)[option]).toBe(
				'X123',
			);
			const issues = NodeHelpers.getNodeParametersIssues(
				nodeType.description.properties,
				{ ...node, parameters: resolved },
				nodeType.description,
			);
			expect(issues?.parameters?.[top]).toBeUndefined();
		},
	);
});
