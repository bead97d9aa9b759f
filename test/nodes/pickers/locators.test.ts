import type { IDataObject, INodeType } from 'n8n-workflow';
import { Workflow } from 'n8n-workflow';

import { runNode } from '../../harness/engine';
import { packageNode } from '../../harness/packageNodes';
import { useSandbox } from '../../harness/sandbox';

const contacts = packageNode('estateBrokerContacts');
const bids = packageNode('estateBrokerBid');

/** How each kind of saved value reaches a picker: picked from the list, typed By ID, or a plain ID saved before the pickers. */
const picked = (value: string) => ({
	__rl: true,
	mode: 'list',
	value,
	cachedResultName: 'Picked in the editor',
});
const byId = (value: string) => ({ __rl: true, mode: 'id', value });
const FORMS = [
	['from the list', picked],
	['by ID', byId],
	['as a plain ID saved before the pickers', (value: string) => value],
] as const;

describe('Record pickers run by ID, from the list, and as plain IDs of saved workflows', () => {
	const sandbox = useSandbox({ now: '2026-03-02T07:00:00Z' });
	const store = () => sandbox.handle.store;
	const person = () =>
		[...store().contacts.values()].find((c) => c.customerId === 'M30011' && c.type === 'Person')!;
	const run = async (nodeType: INodeType, parameters: IDataObject) =>
		await runNode({
			nodeType,
			parameters: parameters as never,
			credentials: sandbox.credentials(),
		});

	test.each(FORMS)('Contacts, Get: a contact %s', async (_form, value) => {
		const { items, error } = await run(contacts, {
			resource: 'contact',
			operation: 'get',
			contactId: value(person().id),
		});
		expect(error).toBeUndefined();
		expect((await sandbox.requests())[0].path).toBe(`/CRM/Contact/M30011/${person().id}`);
		expect(items[0].json.id).toBe(person().id);
	});

	test.each(FORMS)(
		'Contacts, present accommodation Create or Update (and its read-back): a contact %s',
		async (_form, value) => {
			const { items, error } = await run(contacts, {
				resource: 'presentAccommodation',
				operation: 'upsert',
				contactId: value(person().id),
				housingType: 'House',
			});
			expect(error).toBeUndefined();
			expect((await sandbox.requests()).map((r) => r.path)).toEqual([
				`/CRM/Contact/M30011/PresentAccomodation/${person().id}`,
				`/CRM/Contact/M30011/PresentAccomodation/${person().id}`,
			]);
			expect(items[0].json.estateType).toBe('House');
		},
	);

	test.each(FORMS)('CRM Bid, Get: a bid %s', async (_form, value) => {
		const bid = [...store().bids.values()].find((b) => b.customerId === 'M30011' && !b.isHidden)!;
		const { items, error } = await run(bids, {
			resource: 'bid',
			operation: 'get',
			bidId: value(bid.id),
		});
		expect(error).toBeUndefined();
		expect((await sandbox.requests())[0].path).toBe(`/CRM/Bid/M30011/${bid.id}`);
		expect(items[0].json.id).toBe(bid.id);
	});

	test.each(FORMS)(
		'CRM Bid, Create Loan Promise: the buyer %s, and the item names the contact',
		async (_form, value) => {
			const { items, error } = await run(bids, {
				resource: 'buyer',
				operation: 'createLoanPromise',
				contactId: value(person().id),
				bank: 'Nordbanken',
				amount: 3200000,
			});
			expect(error).toBeUndefined();
			expect((await sandbox.requests())[0].path).toBe(
				`/CRM/Buyer/M30011/${person().id}/LoanPromise`,
			);
			expect(items[0].json.contactId).toBe(person().id);
		},
	);

	test('A picker left empty stops the run by its name before anything is sent (n8n checks required pickers)', async () => {
		await expect(
			run(contacts, { resource: 'contact', operation: 'get', contactId: picked('') }),
		).rejects.toThrow('Parameter "Contact" is required.');
		expect(await sandbox.requests()).toEqual([]);
	});

	test('Every ID field that has a list in the service is a picker, From list first and the default, in every node and the trigger', () => {
		const LISTED =
			/^(contactId|bidId|estateId|userId|agentId|areaId|officeId|condominiumId|cottageId)$/;
		const nodes = [
			'estateBrokerContacts',
			'estateBrokerBid',
			'estateBrokerAdvertising',
			'estateBrokerEstates',
			'estateBrokerOffice',
			'estateBrokerReports',
			'estateBrokerTrigger',
		].map(packageNode);
		let seen = 0;
		for (const nodeType of nodes) {
			// Top-level fields and the options of collections (Filters, Additional Fields, the estate groups).
			const fields = nodeType.description.properties.flatMap((p) => [
				p,
				...((p.type === 'collection' ? p.options : []) as (typeof p)[]),
			]);
			expect(
				fields
					.filter((p) => LISTED.test(p.name) && p.type !== 'resourceLocator')
					.map((p) => `${nodeType.description.name}.${p.name}`),
			).toEqual([]);
			for (const field of fields.filter((p) => p.type === 'resourceLocator')) {
				seen++;
				expect(field.default).toEqual({ mode: 'list', value: '' });
				expect(field.displayName).not.toMatch(/ID$/);
				expect(field.modes?.map((mode) => mode.name)).toEqual(['list', 'id']);
				expect(field.modes![0].typeOptions).toMatchObject({ searchable: true });
				expect(field.modes![1].validation).toHaveLength(1);
				const method = field.modes![0].typeOptions?.searchListMethod;
				expect(nodeType.methods?.listSearch?.[method!]).toBeInstanceOf(Function);
			}
		}
		expect(seen).toBeGreaterThan(30);
	});

	test('By ID takes one ID: spaces or a comma are named before anything is sent; an expression is not checked', async () => {
		const { error } = await run(bids, {
			resource: 'bid',
			operation: 'get',
			bidId: byId('B000001, B000002'),
		}).catch((thrown: Error) => ({ error: thrown }));
		expect(error?.message).toMatch(/One bid ID, without spaces or commas \(e\.g\. B000123\)/);
		expect(await sandbox.requests()).toEqual([]);
		const bid = [...store().bids.values()].find((b) => b.customerId === 'M30011' && !b.isHidden)!;
		const expression = await run(bids, {
			resource: 'bid',
			operation: 'get',
			bidId: byId(`={{ "${bid.id}" }}`),
		});
		expect(expression.error).toBeUndefined();
		expect((await sandbox.requests())[0].path).toBe(`/CRM/Bid/M30011/${bid.id}`);
	});

	test('An expression (or an AI tool call) that gives a single-id field a comma list is refused by name, nothing sent', async () => {
		const { error } = await run(bids, {
			resource: 'bid',
			operation: 'get',
			bidId: byId('={{ "B000001,B000002" }}'),
		}).catch((thrown: Error) => ({ error: thrown }));
		expect(error?.message).toBe('Bid ID takes one ID, not a list: "B000001,B000002"');
		expect((error as { description?: string }).description).toMatch(
			/one item per ID, or use Get Many/,
		);
		expect(await sandbox.requests()).toEqual([]);
	});
});

describe('Canvas subtitles read as the dropdowns do', () => {
	const subtitle = (nodeType: INodeType, parameters: IDataObject) => {
		const node = {
			id: 'n',
			name: 'N',
			type: nodeType.description.name,
			typeVersion: 1,
			position: [0, 0] as [number, number],
			parameters: parameters as never,
		};
		const workflow = new Workflow({
			nodes: [node],
			connections: {},
			active: false,
			nodeTypes: {
				getByName: () => nodeType,
				getByNameAndVersion: () => nodeType,
				getKnownTypes: () => ({}),
			} as never,
		});
		return workflow.expression.getSimpleParameterValue(
			node,
			nodeType.description.subtitle as string,
			'internal',
			{},
		);
	};

	test.each([
		[
			'estateBrokerReports',
			{ resource: 'commissionReport', operation: 'getByUser' },
			'Get by Agent: Commission Report',
		],
		[
			'estateBrokerContacts',
			{ resource: 'presentAccommodation', operation: 'upsert' },
			'Create or Update: Present Accommodation',
		],
		['estateBrokerBid', { resource: 'bid', operation: 'place' }, 'Place: Bid'],
		['estateBrokerTrigger', { event: 'liveDataChanged' }, 'Live Data Changed'],
		['estateBrokerTrigger', { event: 'newBid' }, 'New Bid'],
	])('%s %j: "%s"', (name, parameters, expected) => {
		expect(subtitle(packageNode(name), parameters)).toBe(expected);
	});

	test('every operation of every node has a subtitle in words, none a stored value', () => {
		for (const name of [
			'estateBrokerAdvertising',
			'estateBrokerBid',
			'estateBrokerContacts',
			'estateBrokerEstates',
			'estateBrokerOffice',
			'estateBrokerReports',
		]) {
			const nodeType = packageNode(name);
			const resources = nodeType.description.properties.find((p) => p.name === 'resource')!
				.options as { value: string; name: string }[];
			for (const resource of resources) {
				const operations = nodeType.description.properties.find(
					(p) =>
						p.name === 'operation' && p.displayOptions?.show?.resource?.includes(resource.value),
				)!.options as { value: string; name: string }[];
				for (const operation of operations)
					expect(subtitle(nodeType, { resource: resource.value, operation: operation.value })).toBe(
						`${operation.name}: ${resource.name}`,
					);
			}
		}
	});
});
