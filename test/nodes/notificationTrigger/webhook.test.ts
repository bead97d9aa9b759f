import axios from 'axios';
import type { IDataObject, INode, INodeParameters } from 'n8n-workflow';

import { packageNode } from '../../harness/packageNodes';
import { useSandbox } from '../../harness/sandbox';
import { serveWebhookNode, type WebhookNode } from '../../harness/webhook';

/**
 * The notification trigger's webhook through n8n-core's WebhookContext and WorkflowExecute
 * (test/harness/webhook.ts serves it as n8n's webhook server does), against the sandbox for
 * the record reads.
 */
const SECRET = 'k3Jx9vQ2mW7pL4tR8nB6yH1s';
const nodeType = () => packageNode('estateBrokerNotificationTrigger');
const sandbox = useSandbox();

/** Every node a test served (some serve two), closed after it. */
const served: WebhookNode[] = [];
afterEach(async () => {
	await Promise.all(served.splice(0).map(async (hook) => await hook.close()));
});

/** Serves the trigger with a secret credential holding `secret` (null: the node has none). */
async function serve(
	parameters: INodeParameters = {},
	credentials: IDataObject = {},
	webhookOnly = false,
	secret: string | null = SECRET,
	onError?: INode['onError'],
) {
	const hook = await serveWebhookNode({
		onError,
		nodeType: nodeType(),
		parameters,
		credentials: sandbox.credentials({ customerId: 'G2', ...credentials }),
		moreCredentials: secret === null ? {} : { estateBrokerNotificationSecretApi: { secret } },
		webhookOnly,
	});
	served.push(hook);
	return hook;
}

const estateUpdate = {
	name: 'Listings',
	type: 'Estate',
	event: 'Update',
	customerId: 'M30011',
	id: 'OBJ1_1',
	subtype: 'House',
	chainId: 'G2',
	tenantId: 'T1',
	relId1: null,
	relType1: null,
	data: { status: 'ForSale' },
};

/** What the service sends: the body, and the same fields but data and the merge lists in the query. */
async function send(
	hook: WebhookNode,
	body: IDataObject | string,
	query: Record<string, string> | Array<[string, string]> = { secret: SECRET },
	headers: Record<string, string> = {},
) {
	const fields =
		typeof body === 'string'
			? {}
			: Object.fromEntries(
					Object.entries(body)
						.filter(
							([name, value]) =>
								value !== null &&
								value !== undefined &&
								!['data', 'sourceIds', 'destinationId'].includes(name),
						)
						.map(([name, value]) => [name, String(value)]),
				);
	const url = `${hook.url}?${new URLSearchParams([...(Array.isArray(query) ? query : Object.entries(query)), ...Object.entries(fields)]).toString()}`;
	return await axios.post(url, body, {
		validateStatus: () => true,
		headers: { 'Content-Type': 'application/json', ...headers },
		transformRequest: (data) => (typeof data === 'string' ? data : JSON.stringify(data)),
	});
}

const itemsOf = async (hook: WebhookNode) =>
	(await Promise.all(hook.runs)).map((run) => run.items.map((item) => item.json));

describe('Estate Broker Notification Trigger: the webhook', () => {
	test('a notification is answered 200 and starts one execution with its fields as sent', async () => {
		const hook = await serve();
		const answer = await send(hook, estateUpdate);
		expect(answer.status).toBe(200);
		expect(await itemsOf(hook)).toEqual([
			[
				{
					...estateUpdate,
					relId2: null,
					relType2: null,
					relId3: null,
					relType3: null,
					isTest: false,
					problems: [],
				},
			],
		]);
	});

	test('the query string alone is read too, and the body wins where both carry a field', async () => {
		const hook = await serve();
		const { data: _data, ...fields } = estateUpdate;
		const query = Object.fromEntries(
			Object.entries({ secret: SECRET, ...fields })
				.filter(([, value]) => value !== null)
				.map(([name, value]) => [name, String(value)]),
		);
		expect(
			(
				await axios.post(`${hook.url}?${new URLSearchParams(query).toString()}`, undefined, {
					validateStatus: () => true,
				})
			).status,
		).toBe(200);
		expect(
			(await send(hook, { ...estateUpdate, id: 'OBJ1_2' }, { secret: SECRET, id: 'OBJ9_9' }))
				.status,
		).toBe(200);
		const items = (await itemsOf(hook)).flat();
		expect(items.map((item) => [item.id, item.subtype, item.data])).toEqual([
			['OBJ1_1', 'House', undefined],
			['OBJ1_2', 'House', { status: 'ForSale' }],
		]);
	});

	test('a merge is one item: the contact kept and the ids merged into it', async () => {
		const hook = await serve();
		const merge = {
			name: 'Contacts',
			type: 'Merge',
			event: 'Merge',
			customerId: 'M30011',
			id: 'C000010',
			subtype: 'Person',
			chainId: 'G2',
			tenantId: 'T1',
			destinationId: 'C000010',
			sourceIds: ['C000011', 'C000012'],
		};
		expect((await send(hook, merge)).status).toBe(200);
		const items = await itemsOf(hook);
		expect(items).toHaveLength(1);
		expect(items[0]).toEqual([
			expect.objectContaining({
				event: 'Merge',
				keptContactId: 'C000010',
				mergedContactIds: ['C000011', 'C000012'],
				sourceIds: ['C000011', 'C000012'],
			}),
		]);
	});

	test.each([
		['no secret', {}],
		['a wrong secret of the same length', { secret: `${SECRET.slice(0, -1)}x` }],
		[
			'the secret twice',
			[
				['secret', SECRET],
				['secret', SECRET],
			],
		],
		['a prefix of the secret', { secret: SECRET.slice(0, 12) }],
	])('%s is answered 401 and starts nothing', async (_case, query) => {
		const hook = await serve();
		const answer = await send(hook, estateUpdate, query as Array<[string, string]>);
		expect([answer.status, JSON.stringify(answer.data).includes(SECRET)]).toEqual([401, false]);
		expect(hook.runs).toHaveLength(0);
	});

	test('a node whose secret is too short, or that has no secret credential, takes nothing, even with that secret', async () => {
		const hook = await serve({}, {}, false, 'short');
		expect((await send(hook, estateUpdate, { secret: 'short' })).status).toBe(401);
		const none = await serve({}, {}, false, null);
		expect((await send(none, estateUpdate, { secret: SECRET })).status).toBe(401);
		expect([hook.runs.length, none.runs.length]).toEqual([0, 0]);
	});

	test('the secret is read from its credential: nothing of it in the node, the item, an answer or an error', async () => {
		const hook = await serve();
		const answers = [
			await send(hook, estateUpdate),
			await send(hook, estateUpdate, { secret: 'x'.repeat(30) }),
		];
		const runs = await Promise.all(hook.runs);
		expect(answers.map((answer) => answer.status)).toEqual([200, 401]);
		expect(nodeType().description.properties.map((property) => property.name)).not.toContain(
			'secret',
		);
		expect(
			JSON.stringify([answers.map((answer) => answer.data), runs.map((run) => run.run)]),
		).not.toContain(SECRET);
	});

	test("another customer's notification is answered 403 and starts nothing; a group covers its offices", async () => {
		const hook = await serve();
		expect(
			(await send(hook, { ...estateUpdate, customerId: 'M40099', chainId: 'G7' })).status,
		).toBe(403);
		expect((await send(hook, { ...estateUpdate, customerId: 'M30012' })).status).toBe(200);
		const office = await serve({}, { customerId: 'M30011' });
		expect((await send(office, { ...estateUpdate, customerId: 'M30012' })).status).toBe(403);
		expect((await send(office, estateUpdate)).status).toBe(200);
		expect((await itemsOf(office)).flat().map((item) => item.customerId)).toEqual(['M30011']);
	});

	test.each([
		[
			'malformed JSON (n8n itself answers 422 before the node runs)',
			'{"type": "Estate", "event": ',
			422,
		],
		[
			'a body over 1 MiB',
			JSON.stringify({
				...estateUpdate,
				data: { status: 'ForSale', padding: 'x'.repeat(1024 * 1024) },
			}),
			413,
		],
		[
			"a body of 20 MB (over n8n's own limit)",
			`{"padding": "${'x'.repeat(20 * 1024 * 1024)}"}`,
			413,
		],
	])('%s is refused and starts nothing', async (_case, body, status) => {
		const hook = await serve();
		const answer = await axios.post(`${hook.url}?secret=${SECRET}`, body, {
			validateStatus: () => true,
			headers: { 'Content-Type': 'application/json' },
			maxBodyLength: Infinity,
			transformRequest: (data) => data,
		});
		expect(answer.status).toBe(status);
		expect(hook.runs).toHaveLength(0);
	});

	const merge = {
		name: 'Contacts',
		type: 'Merge',
		event: 'Merge',
		customerId: 'M30011',
		id: 'C000010',
		subtype: 'Person',
		chainId: 'G2',
		tenantId: 'T1',
	};
	test.each([
		['no id', { ...estateUpdate, id: undefined }, { id: null }, ['id is missing']],
		[
			'an id holding a space',
			{ ...estateUpdate, id: 'OBJ1 1' },
			{ id: 'OBJ1 1' },
			["id is not an id (1 to 64 letters, digits, '_', '.', ':' or '-')"],
		],
		[
			'an id over 64 characters',
			{ ...estateUpdate, id: 'O'.repeat(65) },
			{ id: 'O'.repeat(65) },
			["id is not an id (1 to 64 letters, digits, '_', '.', ':' or '-')"],
		],
		[
			'a Merge listing no sourceIds',
			merge,
			{ keptContactId: 'C000010', mergedContactIds: [] },
			['sourceIds is missing: the merged contacts are not known'],
		],
		[
			'data of 60 fields',
			{
				...estateUpdate,
				data: Object.fromEntries(
					Array.from({ length: 60 }, (_, index) => [`field${index}`, index]),
				),
			},
			{ data: expect.objectContaining({ field59: 59 }) },
			[],
		],
		[
			'no event and no type',
			{ ...estateUpdate, event: undefined, type: undefined },
			{ event: null, type: null },
			['type is missing', 'event is missing'],
		],
		[
			'sourceIds that is not a list',
			{ ...merge, sourceIds: 'C1' },
			{ sourceIds: 'C1', mergedContactIds: [] },
			['sourceIds is not a list'],
		],
		[
			'data that is not an object',
			{ ...estateUpdate, data: 'ForSale' },
			{ data: 'ForSale' },
			['data is not an object'],
		],
	])(
		'%s starts the workflow with what was sent, its problems said',
		async (_case, body, expected, problems) => {
			const hook = await serve();
			const answer = await send(hook, body as IDataObject);
			expect(answer.status).toBe(200);
			expect(await itemsOf(hook)).toEqual([[expect.objectContaining({ ...expected, problems })]]);
		},
	);

	test('a body that is not a JSON object is read from the query string, said so', async () => {
		const hook = await serve();
		const { data: _data, ...fields } = estateUpdate;
		const query = Object.fromEntries(
			Object.entries({ secret: SECRET, ...fields })
				.filter(([, value]) => value !== null)
				.map(([name, value]) => [name, String(value)]),
		);
		const answer = await axios.post(
			`${hook.url}?${new URLSearchParams(query).toString()}`,
			'[1, 2, 3]',
			{
				validateStatus: () => true,
				headers: { 'Content-Type': 'application/json' },
				transformRequest: (data) => data,
			},
		);
		expect(answer.status).toBe(200);
		expect(await itemsOf(hook)).toEqual([
			[
				expect.objectContaining({
					id: 'OBJ1_1',
					type: 'Estate',
					problems: [
						'the body is not a JSON object: the notification is read from the query string',
					],
				}),
			],
		]);
	});

	test('every field sent reaches the item, listed or not, from the body and the query, the body winning; never the secret', async () => {
		const hook = await serve();
		const answer = await send(
			hook,
			{
				...estateUpdate,
				changedBy: { userId: 'HAN85BF42126906EF40724BEEF922556DDA', name: 'Eva' },
				origin: 'body',
			},
			{ secret: SECRET, origin: 'query', batch: '7' },
		);
		expect(answer.status).toBe(200);
		const [[item]] = await itemsOf(hook);
		expect(item).toMatchObject({
			changedBy: { userId: 'HAN85BF42126906EF40724BEEF922556DDA', name: 'Eva' },
			origin: 'body',
			batch: '7',
			problems: [],
		});
		expect(item).not.toHaveProperty('secret');
		expect(JSON.stringify(item)).not.toContain(SECRET);
	});

	test("the form of 2026-09-16: subType, the older relation types and Agent read as today's, the type as sent kept beside; no chainId or tenantId reads null", async () => {
		const hook = await serve({}, { customerId: 'M30011' });
		const older = {
			name: 'Listings',
			event: 'Update',
			customerId: 'M30011',
			id: 'C000001',
			relId1: 'OBJ1_1',
			relType1: 'Estate',
		};
		await send(hook, { ...older, type: 'Contact', subType: 'Person' });
		await send(hook, { ...older, type: 'EstateContactSeller' });
		await send(hook, { ...older, type: 'EstateContactBuyer', subType: 'Buyer' });
		await send(hook, { ...older, type: 'Agent', id: 'HAN7BA6918E058CB5E6880102477295103F' });
		const items = (await itemsOf(hook)).flat();
		expect(
			items.map((item) => [
				item.type,
				item.subtype,
				item.typeAsSent,
				item.subType,
				item.chainId,
				item.tenantId,
				item.problems,
			]),
		).toEqual([
			['Contact', 'Person', undefined, 'Person', null, null, []],
			['EstateContact', 'Seller', 'EstateContactSeller', undefined, null, null, []],
			['EstateContact', 'Buyer', 'EstateContactBuyer', 'Buyer', null, null, []],
			['User', null, 'Agent', undefined, null, null, []],
		]);
	});

	test("the Targets and Subtypes filters work on the values as read: both spellings and the older types filter as today's", async () => {
		const hook = await serve(
			{
				targets: ['EstateContact', 'User', 'Contact'],
				options: { subtypes: ['Seller', 'Person'] },
			},
			{ customerId: 'M30011' },
		);
		const older = { name: 'Contacts', event: 'Update', customerId: 'M30011', id: 'C000001' };
		await send(hook, { ...older, type: 'EstateContactSeller' });
		await send(hook, { ...older, type: 'Contact', subType: 'Person' });
		await send(hook, { ...older, type: 'EstateContactBuyer' });
		await send(hook, { ...older, type: 'Contact', subType: 'Company' });
		const users = await serve({ targets: ['User'] }, { customerId: 'M30011' });
		await send(users, { ...older, type: 'Agent', id: 'HAN7BA6918E058CB5E6880102477295103F' });
		await send(users, { ...older, type: 'Contact', subType: 'Person' });
		expect((await itemsOf(hook)).flat().map((item) => [item.type, item.subtype])).toEqual([
			['EstateContact', 'Seller'],
			['Contact', 'Person'],
		]);
		expect((await itemsOf(users)).flat().map((item) => [item.type, item.typeAsSent])).toEqual([
			['User', 'Agent'],
		]);
	});

	test('a filter is not held against a field that could not be read: the notification starts the workflow with its problem', async () => {
		const hook = await serve({ events: ['Update'], targets: ['Estate'] });
		await send(hook, { ...estateUpdate, event: undefined, type: undefined });
		expect((await itemsOf(hook)).flat().map((item) => item.problems)).toEqual([
			['type is missing', 'event is missing'],
		]);
	});

	test("a group takes a notification without chainId (the form of 2026-09-16), saying its group could not be checked; the Offices option filters it as today's form", async () => {
		const older = { ...estateUpdate, chainId: undefined, tenantId: undefined };
		const unchecked =
			'chainId is missing: whether office M30011 is of group G2 could not be checked';
		const group = await serve();
		expect((await send(group, older)).status).toBe(200);
		expect(
			(await itemsOf(group)).flat().map((item) => [item.customerId, item.chainId, item.problems]),
		).toEqual([['M30011', null, [unchecked]]]);
		const named = await serve({ options: { offices: 'M30011, M30012' } });
		expect((await send(named, older)).status).toBe(200);
		const left = await send(named, { ...older, customerId: 'M40099' });
		expect([left.status, left.data]).toEqual([
			200,
			{ message: 'Notification received; office filtered out: no workflow started' },
		]);
		expect((await itemsOf(named)).flat().map((item) => [item.customerId, item.problems])).toEqual([
			['M30011', [unchecked]],
		]);
		// Today's form names the group: another group's office is still refused, naming no office is too.
		expect(
			(await send(group, { ...estateUpdate, customerId: 'M40099', chainId: 'G7' })).status,
		).toBe(403);
		expect((await send(group, { ...older, customerId: undefined })).status).toBe(403);
	});

	test("the sandbox's sender in the form of 2026-09-16: every change taken (2xx) and one execution each, read as today's form", async () => {
		const hook = await serve({}, { customerId: 'M30011' });
		await sandbox.control('subscriptions', {
			name: 'Older form',
			url: `${hook.url}?secret=${SECRET}`,
			customerId: 'M30011',
			form: '2026-09-16',
		});
		const round = await sandbox.control<{ bids: string[]; contacts: { changed: string[] } }>(
			'activity',
			{ bids: 2, contactChanges: 2, customerId: 'M30011' },
		);
		const { deliveries } = (await axios.get(`${sandbox.url}/__sandbox/deliveries?settled=true`))
			.data as { deliveries: Array<{ status: number; notification: IDataObject }> };
		await axios.delete(`${sandbox.url}/__sandbox/subscriptions`);
		expect(deliveries.map((delivery) => delivery.status)).toEqual(deliveries.map(() => 200));
		expect(deliveries.map((delivery) => delivery.notification.type).sort()).toEqual([
			'Contact',
			'Contact',
			'EstateContactSpeculator',
			'EstateContactSpeculator',
		]);
		const items = (await itemsOf(hook)).flat();
		expect(
			items
				.map((item) => [
					item.type,
					item.subtype,
					item.typeAsSent ?? null,
					item.chainId,
					item.problems,
				])
				.sort(),
		).toEqual([
			['Contact', 'Person', null, null, []],
			['Contact', 'Person', null, null, []],
			['EstateContact', 'Speculator', 'EstateContactSpeculator', null, []],
			['EstateContact', 'Speculator', 'EstateContactSpeculator', null, []],
		]);
		expect(
			items
				.filter((item) => item.type === 'EstateContact')
				.map((item) => item.relId2)
				.sort(),
		).toEqual([...round.bids].sort());
	});

	test('a notification naming no customer the node covers is still refused 403', async () => {
		const hook = await serve({}, { customerId: 'M30011' });
		expect(
			(await send(hook, { ...estateUpdate, customerId: undefined, chainId: undefined })).status,
		).toBe(403);
		expect(hook.runs).toHaveLength(0);
	});

	test.each([
		['event', { events: ['Remove'] }, {}],
		['target', { targets: ['Contact', 'Merge'] }, {}],
		['subtype', { options: { subtypes: ['Cottage'] } }, {}],
		['status', { options: { statuses: ['Sold'] } }, {}],
		['office', { options: { offices: 'M30012' } }, {}],
		['test notification, ignored', { options: { testNotifications: 'ignore' } }, { name: null }],
	])(
		'a notification the %s filter leaves out is answered 200 and starts nothing',
		async (_case, parameters, change) => {
			const hook = await serve(parameters as INodeParameters);
			const answer = await send(hook, { ...estateUpdate, ...change });
			expect(answer.status).toBe(200);
			expect(answer.data.message).toMatch(/no workflow started/);
			expect(hook.runs).toHaveLength(0);
			// The same filters let a matching one through.
			const passing = await serve({
				...(parameters as INodeParameters),
				events: [],
				targets: [],
				options: {},
			});
			expect((await send(passing, { ...estateUpdate, ...change })).status).toBe(200);
			expect(passing.runs).toHaveLength(1);
		},
	);

	test('filters that match start the workflow; statuses only concern estates and projects', async () => {
		const hook = await serve({
			events: ['Update'],
			targets: ['Estate', 'Contact'],
			options: { subtypes: ['House', 'Person'], statuses: ['ForSale'], offices: 'm30011, M30012' },
		});
		await send(hook, estateUpdate);
		await send(hook, {
			...estateUpdate,
			type: 'Contact',
			subtype: 'Person',
			id: 'C000001',
			data: null,
		});
		await send(hook, { ...estateUpdate, data: { status: 'Sold' } });
		expect((await itemsOf(hook)).flat().map((item) => item.id)).toEqual(['OBJ1_1', 'C000001']);
	});

	test("a notification from the service's test page (no subscription name) is told apart", async () => {
		const hook = await serve();
		await send(hook, { ...estateUpdate, name: null });
		await send(hook, estateUpdate);
		expect((await itemsOf(hook)).flat().map((item) => [item.name, item.isTest])).toEqual([
			[null, true],
			['Listings', false],
		]);
	});

	test('a flood of wrong secrets and bad bodies among good notifications: every request answered, exactly the good ones started', async () => {
		const hook = await serve();
		const hostile = Array.from({ length: 300 }, (_, index) =>
			index % 3 === 0
				? send(hook, estateUpdate, { secret: `guess-${index}-${SECRET}` })
				: index % 3 === 1
					? send(hook, '{"broken', { secret: SECRET })
					: send(hook, { ...estateUpdate, customerId: 'M40099', chainId: 'G9' }),
		);
		const good = Array.from({ length: 20 }, (_, index) =>
			send(hook, { ...estateUpdate, id: `OBJ2_${index}` }),
		);
		const answers = await Promise.all([...hostile, ...good]);
		expect(
			answers
				.slice(0, 300)
				.map((answer) => answer.status)
				.sort(),
		).toEqual([...Array(100).fill(401), ...Array(100).fill(403), ...Array(100).fill(422)].sort());
		expect(answers.slice(300).every((answer) => answer.status === 200)).toBe(true);
		expect(
			(await itemsOf(hook))
				.flat()
				.map((item) => item.id)
				.sort(),
		).toEqual(Array.from({ length: 20 }, (_, index) => `OBJ2_${index}`).sort());
	});

	test('the webhook itself asks the service nothing', async () => {
		const hook = await serve({ options: { fetchRecord: true } }, {}, true);
		await send(hook, { ...estateUpdate, type: 'Contact', subtype: 'Person', id: 'C000001' });
		const runs = await Promise.all(hook.runs);
		expect(runs.map((run) => [run.error, run.items.length])).toEqual([[undefined, 1]]);
		expect(await sandbox.requests()).toEqual([]);
	});
});

describe('Estate Broker Notification Trigger: Fetch Record', () => {
	const personOf = (office: string) =>
		[...sandbox.handle.store.contacts.values()].find(
			(contact) => contact.type === 'Person' && contact.customerId === office,
		)!;
	const contactUpdate = (id: string, change: IDataObject = {}) => ({
		name: 'Contacts',
		type: 'Contact',
		event: 'Update',
		customerId: 'M30011',
		id,
		subtype: 'Person',
		chainId: 'G2',
		tenantId: 'T1',
		...change,
	});

	test("reads the person through the notification's office, after the service has its answer", async () => {
		const person = personOf('M30011');
		const hook = await serve({ options: { fetchRecord: true } });
		// The read is held by the sandbox: the webhook still answers, so the answer never waits for it.
		await sandbox.control('faults', { kind: 'hold', pathPrefix: '/CRM/Contact/' });
		expect((await send(hook, contactUpdate(person.id))).status).toBe(200);
		expect(hook.runs).toHaveLength(1);
		await axios.delete(`${sandbox.url}/__sandbox/faults`);
		const [[item]] = await itemsOf(hook);
		expect(item).toMatchObject({
			id: person.id,
			recordStatus: 'read',
			record: { id: person.id, firstName: person.firstName },
		});
		expect((await sandbox.requests()).map((request) => request.path)).toEqual([
			`/CRM/Contact/M30011/Person/${person.id}`,
		]);
	});

	test('a merge reads the kept person; a Remove and a record gone give the notification alone, marked so; other targets are not read', async () => {
		const person = personOf('M30011');
		const hook = await serve({ options: { fetchRecord: true } });
		await send(hook, {
			...contactUpdate(person.id),
			type: 'Merge',
			event: 'Merge',
			destinationId: person.id,
			sourceIds: ['C999998'],
		});
		await send(hook, contactUpdate(person.id, { event: 'Remove' }));
		await send(hook, contactUpdate('C999999'));
		await send(hook, { ...estateUpdate, type: 'Meeting', subtype: null, id: 'MEET1', data: null });
		const items = (await itemsOf(hook)).flat();
		expect(
			items.map((item) => [
				item.event,
				item.recordStatus,
				(item.record as IDataObject | undefined)?.id,
			]),
		).toEqual([
			['Merge', 'read', person.id],
			['Remove', 'removed', undefined],
			['Update', 'gone', undefined],
			['Update', 'notReadable', undefined],
		]);
		expect(items[0]).toMatchObject({ keptContactId: person.id, mergedContactIds: ['C999998'] });
	});

	test("a failed read fails the execution with the package's error, never with the credential", async () => {
		const hook = await serve({ options: { fetchRecord: true } });
		await sandbox.control('faults', { kind: 'status500', count: 1 });
		await send(hook, contactUpdate(personOf('M30011').id));
		const [run] = await Promise.all(hook.runs);
		expect(run.error?.message).toMatch(/500|service/i);
		expect(JSON.stringify(run.run.data.resultData)).not.toContain('demo-password');
	});

	test('under Continue On Fail a failed read keeps the notification, the error and its advice beside it', async () => {
		const person = personOf('M30011');
		const hook = await serve(
			{ options: { fetchRecord: true } },
			{},
			false,
			SECRET,
			'continueRegularOutput',
		);
		await sandbox.control('faults', { kind: 'status500', count: 1 });
		await send(hook, contactUpdate(person.id));
		const [run] = await Promise.all(hook.runs);
		expect(run.error).toBeUndefined();
		expect(run.items).toEqual([
			{
				json: {
					...run.items[0].json,
					id: person.id,
					event: 'Update',
					error: expect.stringMatching(/500|service/i),
					description: expect.any(String),
				},
				pairedItem: { item: 0 },
			},
		]);
		expect(run.items[0].json).not.toHaveProperty('record');
	});
});

describe('Estate Broker Notification Trigger: Fetch Record of a listing', () => {
	const advertising = () => sandbox.handle.store.advertising;
	const estateOf = (published: boolean) =>
		[...advertising().listings.values()].find(
			(listing) =>
				listing.isPublished === published &&
				sandbox.handle.store.estates.get(listing.estateId)?.customerId === 'M30011',
		)!.estateId;
	const listingUpdate = (type: string, id: string, change: IDataObject = {}) => ({
		...estateUpdate,
		type,
		id,
		subtype: type === 'Estate' ? 'House' : null,
		data: type === 'Estate' ? { status: 'ForSale' } : null,
		...change,
	});
	afterEach(() => {
		advertising().unpublishedEstateAnswer = 'record';
	});

	test('an Estate Update reads the estate under its office with its type details and agents; User, Area and Project their records', async () => {
		const estateId = estateOf(true);
		const project = [...advertising().projects.values()].find(
			(candidate) => candidate.customerId === 'M30011' && candidate.isPublished,
		)!;
		const agentId = [...advertising().agents.keys()][0];
		const areaId = advertising().listings.get(estateId)!.areaId!;
		const hook = await serve({ options: { fetchRecord: true } });
		await send(hook, listingUpdate('Estate', estateId));
		await send(hook, listingUpdate('User', agentId));
		await send(hook, listingUpdate('Area', areaId));
		await send(hook, listingUpdate('Project', project.id));
		const items = (await itemsOf(hook)).flat();
		expect(
			items.map((item) => [item.type, item.recordStatus, (item.record as IDataObject).id]),
		).toEqual([
			['Estate', 'read', estateId],
			['User', 'read', agentId],
			['Area', 'read', areaId],
			['Project', 'read', project.id],
		]);
		const estate = items[0].record as IDataObject;
		expect(estate).toMatchObject({
			marketing: expect.objectContaining({ isPublished: true }),
			extensions: expect.objectContaining({
				primaryAgent: expect.objectContaining({ id: expect.any(String) }),
			}),
		});
		// Each notification is an execution of its own: their reads may interleave.
		const requests = (await sandbox.requests())
			.map((request) => [request.path, request.query])
			.sort((x, y) => String(x[0]).localeCompare(String(y[0])));
		expect(requests).toEqual([
			[`/Advertising/Area/M30011/${areaId}`, {}],
			[
				`/Advertising/Estate/M30011/${estateId}`,
				{
					extend:
						'housingCooperative+condominium+foreignProperty+farm+commercialProperty+premises+primaryAgent+secondaryAgent',
				},
			],
			[`/Advertising/Project/M30011/${project.id}`, { extend: 'primaryAgent+secondaryAgent' }],
			[`/Advertising/User/M30011/${agentId}`, {}],
		]);
	});

	test('an Estate Update of an estate the trigger read before carries what changed, old and new; the first says it does not know', async () => {
		const estateId = estateOf(true);
		const hook = await serve({ options: { fetchRecord: true } });
		await sandbox.control('listings/change', { estateId, startingPrice: 3_950_000 });
		await send(hook, listingUpdate('Estate', estateId));
		await Promise.all(hook.runs);
		await sandbox.control('listings/change', { estateId, startingPrice: 3_750_000 });
		await send(hook, listingUpdate('Estate', estateId));
		await Promise.all(hook.runs);
		await send(hook, listingUpdate('Estate', estateId));
		const items = (await itemsOf(hook)).flat();
		expect(items.map((item) => [item.changes, item.changesNote])).toEqual([
			[null, expect.stringMatching(/first time/)],
			[
				{ price: { old: 3_950_000, new: 3_750_000, difference: -200_000, percent: -5.06 } },
				undefined,
			],
			[{}, undefined],
		]);
	});

	test('an Office notification reads the office by its office id, and by the office list when it names the customer id', async () => {
		const hook = await serve({ options: { fetchRecord: true } });
		await send(hook, listingUpdate('Office', 'FIR30011'));
		await send(hook, listingUpdate('Office', 'M30011'));
		const items = (await itemsOf(hook)).flat();
		expect(
			items.map((item) => [item.id, item.recordStatus, (item.record as IDataObject).id]),
		).toEqual([
			['FIR30011', 'read', 'FIR30011'],
			['M30011', 'read', 'FIR30011'],
		]);
		expect((await sandbox.requests()).map((request) => request.path).sort()).toEqual([
			'/Advertising/Office/M30011',
			'/Advertising/Office/M30011/FIR30011',
			'/Advertising/Office/M30011/FIR30011',
		]);
	});

	test('an estate read answering 200 with what is not that estate fails the execution, naming the estate, as a 500 does', async () => {
		const estateId = estateOf(true);
		const hook = await serve({ options: { fetchRecord: true } });
		await sandbox.control('faults', {
			kind: 'okMessage',
			count: 1,
			pathPrefix: '/Advertising/Estate/M30011/',
		});
		await send(hook, listingUpdate('Estate', estateId));
		const [run] = await Promise.all(hook.runs);
		expect(run.error?.message).toBe(
			`The service's answer is not the record of published estate ${estateId}`,
		);
		expect(run.items).toEqual([]);
	});

	test('an estate that exists but is not published: passed on as the service answers it (a record saying isPublished false, or 404: gone); an unknown estate gone; a Remove read nothing', async () => {
		const unpublished = estateOf(false);
		const hook = await serve({ options: { fetchRecord: true } });
		await send(hook, listingUpdate('Estate', unpublished));
		expect((await itemsOf(hook)).flat()).toEqual([
			expect.objectContaining({
				recordStatus: 'read',
				record: expect.objectContaining({
					id: unpublished,
					marketing: expect.objectContaining({ isPublished: false }),
				}),
			}),
		]);
		advertising().unpublishedEstateAnswer = 'notFound';
		const second = await serve({ options: { fetchRecord: true } });
		await send(second, listingUpdate('Estate', unpublished));
		await send(second, listingUpdate('Estate', 'OBJ_UNKNOWN'));
		await send(second, listingUpdate('Estate', estateOf(true), { event: 'Remove', data: null }));
		expect(
			(await itemsOf(second)).flat().map((item) => [item.id, item.recordStatus, item.record]),
		).toEqual([
			[unpublished, 'gone', undefined],
			['OBJ_UNKNOWN', 'gone', undefined],
			[expect.any(String), 'removed', undefined],
		]);
	});
});
