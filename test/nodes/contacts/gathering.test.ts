import { credentialReads } from '../../harness/credentials';
import { useSandbox } from '../../harness/sandbox';
import { contactsOf, contactsRunner } from './fixtures';

/**
 * Reads by id gathered across items (docs/performance.md): n8n hands a declarative node one item per id,
 * and the service takes 20 ids a call. Counted on the sandbox's request log, in n8n's engine.
 */
describe('Estate Broker Contacts: reads by id across items', () => {
	// Enough persons for 1,000 different ids in office M30011.
	const sandbox = useSandbox({ scale: { contacts: 6000 } });
	const run = contactsRunner(sandbox, 'person');
	const idsIn = (path: string, query: Record<string, unknown>) =>
		(query.contactIds ? String(query.contactIds) : path.split('/').pop()!).split(',');

	test('1,000 items with one id each make 50 calls of 20, each item gets its own person, and the credential is read once by the package', async () => {
		const persons = contactsOf(sandbox.handle.store, 'Person').slice(0, 1000);
		expect(persons).toHaveLength(1000);
		// Not in id order, so pairing by position in the answer would show.
		const ids = persons.map((person) => person.id).reverse();
		credentialReads.count = 0;
		const { items, error } = await run(
			{ operation: 'getAll', contactIds: '={{ $json.id }}', simplify: false },
			{ input: ids.map((id) => ({ id })) },
		);
		expect(error).toBeUndefined();
		const requests = await sandbox.requests();
		expect(requests).toHaveLength(50);
		expect(
			requests.every(
				(request) =>
					request.method === 'GET' &&
					request.path === '/CRM/Contact/M30011/Person' &&
					request.status === 200,
			),
		).toBe(true);
		expect(requests.map((request) => idsIn(request.path, request.query).length)).toEqual(
			Array(50).fill(20),
		);
		expect(new Set(requests.flatMap((request) => idsIn(request.path, request.query)))).toEqual(
			new Set(ids),
		);
		expect(items).toHaveLength(1000);
		items.forEach((item, index) => {
			expect(item.json.id).toBe(ids[index]);
			expect(item.pairedItem).toEqual({ item: index });
		});
		// One read, by the package, for every call: n8n's per-item routing (which read it too) does not run (customOperation.test.ts).
		expect(credentialReads.count).toBe(1);
	});

	test('An unknown id and a contact of another customer fail only their own items; the failing call is halved to find the id', async () => {
		const ids = contactsOf(sandbox.handle.store, 'Person')
			.slice(0, 40)
			.map((person) => person.id);
		const [foreign] = contactsOf(sandbox.handle.store, 'Person', 'M40099').filter(
			(person) => !sandbox.handle.store.contactLinkedTo(person, 'M30011'),
		);
		expect(foreign).toBeDefined();
		ids[7] = 'C999999';
		ids[23] = foreign.id;
		const { items, error } = await run(
			{ operation: 'getAll', contactIds: '={{ $json.id }}', simplify: false },
			{ input: ids.map((id) => ({ id })), continueOnFail: true },
		);
		expect(error).toBeUndefined();
		expect(items).toHaveLength(40);
		items.forEach((item, index) => {
			expect(item.pairedItem).toEqual({ item: index });
			if (index === 7)
				expect(item.json).toEqual({
					error: 'The service found no such record',
					description: 'No record of this kind with ID C999999 (Contact IDs)',
				});
			else if (index === 23)
				expect(item.json.error).toBe('The credential has no access to this customer or record');
			else expect(item.json.id).toBe(ids[index]);
		});
		// Ids 0-19: one call (the unknown id is simply not in the answer). Ids 20-39: 403, halved
		// 20 → 10+10 → 5+5 → 3+2 → 1+1: 9 calls, five refused (the last on the foreign id alone).
		const requests = await sandbox.requests();
		expect(requests).toHaveLength(10);
		const refused = requests
			.filter((request) => request.status === 403)
			.map((request) => idsIn(request.path, request.query));
		expect(refused.map((chunk) => chunk.length)).toEqual([20, 10, 5, 2, 1]);
		expect(refused.at(-1)).toEqual([foreign.id]);
		expect(requests.filter((request) => request.status === 200)).toHaveLength(5);
	});

	test('Without Continue On Fail the node stops with the error of the first failing item, naming it', async () => {
		const ids = contactsOf(sandbox.handle.store, 'Person')
			.slice(0, 6)
			.map((person) => person.id);
		ids[4] = 'C999999';
		const { error } = await run(
			{ operation: 'getAll', contactIds: '={{ $json.id }}' },
			{ input: ids.map((id) => ({ id })) },
		);
		expect(error?.message).toBe('The service found no such record');
		expect(error?.context?.itemIndex).toBe(4);
		expect(await sandbox.requests()).toHaveLength(1);
	});

	test('Items asking for the same ids share the call and each gets its own copy, in its own order', async () => {
		const [a, b, c] = contactsOf(sandbox.handle.store, 'Person').map((person) => person.id);
		const { items, error } = await run(
			{ operation: 'getAll', contactIds: '={{ $json.ids }}', simplify: true },
			{ input: [{ ids: `${a},${b}` }, { ids: `${b},${a},${c}` }, { ids: a }] },
		);
		expect(error).toBeUndefined();
		expect(items.map((item) => [item.json.id, (item.pairedItem as { item: number }).item])).toEqual(
			[
				[a, 0],
				[b, 0],
				[b, 1],
				[a, 1],
				[c, 1],
				[a, 2],
			],
		);
		expect(items[0].json).not.toBe(items[3].json);
		const requests = await sandbox.requests();
		expect(requests.map((request) => request.path)).toEqual([
			`/CRM/Contact/M30011/Person/${a},${b},${c}`,
		]);
	});

	test('Get by one Contact ID per item is gathered the same way: 45 persons in 3 calls, a lone item calls its own path', async () => {
		const ids = contactsOf(sandbox.handle.store, 'Person')
			.slice(0, 45)
			.map((person) => person.id);
		const { items, error } = await run(
			{ operation: 'get', contactId: '={{ $json.id }}', simplify: true },
			{ input: ids.map((id) => ({ id })) },
		);
		expect(error).toBeUndefined();
		expect(items.map((item) => [item.json.id, (item.pairedItem as { item: number }).item])).toEqual(
			ids.map((id, index) => [id, index]),
		);
		expect(
			(await sandbox.requests()).map((request) => idsIn(request.path, request.query).length),
		).toEqual([20, 20, 5]);
	});

	test('Get of any contact keeps the ids in the path, up to 20 a call', async () => {
		const ids = [
			...contactsOf(sandbox.handle.store, 'Company').slice(0, 4),
			...contactsOf(sandbox.handle.store, 'Person').slice(0, 4),
		].map((contact) => contact.id);
		const contacts = contactsRunner(sandbox, 'contact');
		const { items, error } = await contacts(
			{ operation: 'get', contactId: '={{ $json.id }}', simplify: false },
			{ input: ids.map((id) => ({ id })) },
		);
		expect(error).toBeUndefined();
		expect(items.map((item) => item.json.id)).toEqual(ids);
		expect((await sandbox.requests()).map((request) => request.path)).toEqual([
			`/CRM/Contact/M30011/${ids.join(',')}`,
		]);
	});

	test('Create or Update of 30 persons: each item comes out with its own saved person; the read-backs share calls of 20', async () => {
		const input = Array.from({ length: 30 }, (_, index) => ({
			first: `Bulk${index}`,
			last: `Person${index}`,
			email: `bulk.${index}@mail.example`,
		}));
		const { items, error } = await run(
			{
				operation: 'upsert',
				firstName: '={{ $json.first }}',
				lastName: '={{ $json.last }}',
				email: '={{ $json.email }}',
			},
			{ input },
		);
		expect(error).toBeUndefined();
		expect(items).toHaveLength(30);
		items.forEach((item, index) => {
			expect(item.pairedItem).toEqual({ item: index });
			expect(item.json).toMatchObject({ firstName: `Bulk${index}`, lastName: `Person${index}` });
			expect(sandbox.handle.store.contacts.get(String(item.json.contactId))).toMatchObject({
				firstName: `Bulk${index}`,
			});
		});
		const requests = await sandbox.requests();
		expect(requests.filter((request) => request.method === 'POST')).toHaveLength(30);
		const reads = requests.filter((request) => request.method === 'GET');
		// A read goes out once 20 are waiting, the rest when every write is answered: 20 + 10.
		expect(reads.map((request) => idsIn(request.path, request.query).length)).toEqual([20, 10]);
		expect(new Set(reads.flatMap((request) => idsIn(request.path, request.query)))).toEqual(
			new Set(items.map((item) => String(item.json.contactId))),
		);
	});
});
