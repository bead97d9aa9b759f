import { contactsOf, contactsRunner } from './fixtures';
import { useSandbox } from '../../harness/sandbox';

describe('Estate Broker Contacts: person', () => {
	const sandbox = useSandbox();
	const run = contactsRunner(sandbox, 'person');

	test('Create or Update whose read-back fails keeps the saved id and says why, so a retry does not save twice', async () => {
		await sandbox.control('faults', {
			kind: 'status503',
			count: 1,
			pathPrefix: '/CRM/Contact/M30011/Person/',
		});
		const { items, error } = await run({
			operation: 'upsert',
			firstName: 'Sixten',
			lastName: 'Berg',
			email: 'sixten.berg@mail.example',
		});
		expect(error).toBeUndefined();
		const contactId = String(items[0].json.contactId);
		expect(items[0].json).toEqual({
			contactId,
			readBackError: 'The service failed to process the request (HTTP 503)',
		});
		const saved = sandbox.handle.store.contacts.get(contactId);
		expect(saved).toMatchObject({ firstName: 'Sixten', lastName: 'Berg' });
		expect(
			(await sandbox.requests()).map((request) => `${request.method} ${request.status}`),
		).toEqual(['POST 200', 'GET 503']);
	});

	test('Create or Update sends the fields, then returns the id and the person as read back', async () => {
		const { items, error } = await run(
			{
				operation: 'upsert',
				firstName: 'Astrid',
				lastName: 'Lindqvist',
				email: 'astrid.lindqvist@mail.example',
				cellPhone: '070-111 22 33',
				additionalFields: {
					note: 'Wants a balcony',
					gdprApprovalDate: '2026-03-01T10:00:00',
					address: { value: { streetAddress: 'Götgatan 1', city: 'Stockholm', zipCode: '118 46' } },
					customField: { field: { name: 'Källa', value: 'Hemnet' } },
					leadScore: 4,
				},
			},
			{ timezone: 'Europe/Stockholm' },
		);
		expect(error).toBeUndefined();
		const [save, read] = await sandbox.requests();
		expect(save).toMatchObject({ method: 'POST', path: '/Contacts/UpdatePerson', status: 200 });
		expect(save.body).toEqual({
			customerId: 'M30011',
			firstName: 'Astrid',
			lastName: 'Lindqvist',
			email: { emailAddress: 'astrid.lindqvist@mail.example' },
			cellPhone: '070-111 22 33',
			note: 'Wants a balcony',
			// The picked time without an offset is the workflow's (Stockholm, winter time).
			gdprApprovalDate: '2026-03-01T09:00:00.000Z',
			address: {
				streetAddress: 'Götgatan 1',
				city: 'Stockholm',
				zipCode: '118 46',
				countryCode: 'SE',
			},
			customField: { name: 'Källa', value: 'Hemnet' },
			leadScore: 4,
		});
		const contactId = items[0].json.contactId as string;
		expect(read).toMatchObject({
			method: 'GET',
			path: `/CRM/Contact/M30011/Person/${contactId}`,
			status: 200,
		});
		expect(read.body ?? undefined).toBeUndefined();
		expect(items).toHaveLength(1);
		expect(items[0].json).toMatchObject({
			contactId,
			id: contactId,
			firstName: 'Astrid',
			lastName: 'Lindqvist',
			note: 'Wants a balcony',
			leadScore: 4,
		});
		expect(items[0].pairedItem).toEqual({ item: 0 });
	});

	test('Saved workflows from before: a text e-mail goes out as { emailAddress }, a free-text Obtained Through matching a choice in any case is sent as that choice', async () => {
		const { error } = await run({
			operation: 'upsert',
			firstName: 'Maj',
			lastName: 'Ek',
			email: 'maj.ek@mail.example',
			additionalFields: { obtainThrough: 'notasked', emailAddress2: 'maj@work.example' },
		});
		expect(error).toBeUndefined();
		const [save] = await sandbox.requests();
		expect(save.body).toMatchObject({
			email: { emailAddress: 'maj.ek@mail.example', emailAddress2: 'maj@work.example' },
			obtainThrough: 'NotAsked',
		});
		expect(save.status).toBe(200);
	});

	test('A free-text Obtained Through that is no choice is refused before anything is sent', async () => {
		const hemnet = await run({
			operation: 'upsert',
			firstName: 'Maj',
			lastName: 'Ek',
			email: 'maj.ek@mail.example',
			additionalFields: { obtainThrough: 'Hemnet' },
		});
		expect(hemnet.error?.message).toBe(
			'Obtained Through "Hemnet" is not one of the service\'s choices',
		);
		expect(hemnet.error?.description).toContain(
			'Choose one of: Interest, Phone, Visit, Agreement, Other, Email, NotAsked.',
		);
		expect(await sandbox.requests()).toHaveLength(0);
	});

	test('Rule 3 through the real shapes: created with an e-mail, sent again with first name, last name and that e-mail and no ID, one contact', async () => {
		const count = () => sandbox.handle.store.contacts.size;
		const before = count();
		const first = await run({
			operation: 'upsert',
			firstName: 'Greta',
			lastName: 'Holm',
			email: 'greta.holm@mail.example',
			cellPhone: '070-999 88 77',
		});
		const second = await run({
			operation: 'upsert',
			firstName: 'Greta',
			lastName: 'Holm',
			email: 'greta.holm@mail.example',
		});
		expect(first.error).toBeUndefined();
		expect(second.error).toBeUndefined();
		expect(second.items[0].json.contactId).toBe(first.items[0].json.contactId);
		expect(count()).toBe(before + 1);
		const saves = (await sandbox.requests()).filter((request) => request.method === 'POST');
		expect(saves.map((request) => (request.body as { email: unknown }).email)).toEqual([
			{ emailAddress: 'greta.holm@mail.example' },
			{ emailAddress: 'greta.holm@mail.example' },
		]);
	});

	test('Get reads one person on its own path; Simplify gives fewer fields than the raw record, none of them empty', async () => {
		const [person] = contactsOf(sandbox.handle.store, 'Person');
		const { items, error } = await run({ operation: 'get', contactId: person.id, simplify: true });
		expect(error).toBeUndefined();
		const [request] = await sandbox.requests();
		expect(request).toMatchObject({
			method: 'GET',
			path: `/CRM/Contact/M30011/Person/${person.id}`,
			status: 200,
		});
		expect(items).toHaveLength(1);
		expect(items[0].json).toMatchObject({
			id: person.id,
			firstName: person.firstName,
			lastName: person.lastName,
		});
		expect(Object.values(items[0].json).some((value) => value === '' || value === null)).toBe(
			false,
		);
		const raw = await run({ operation: 'get', contactId: person.id, simplify: false });
		expect(Object.keys(raw.items[0].json).length).toBeGreaterThan(
			Object.keys(items[0].json).length,
		);
		expect(raw.items[0].json).toMatchObject({
			id: person.id,
			firstName: person.firstName,
			lastName: person.lastName,
		});
	});

	test('Get Many with 4 ids makes one call with the ids in the path, items in input order', async () => {
		const ids = contactsOf(sandbox.handle.store, 'Person')
			.slice(0, 4)
			.map((c) => c.id)
			.reverse();
		const { items, error } = await run({
			operation: 'getAll',
			contactIds: ids.join(', '),
			simplify: false,
		});
		expect(error).toBeUndefined();
		const requests = await sandbox.requests();
		expect(requests).toHaveLength(1);
		expect(requests[0]).toMatchObject({
			method: 'GET',
			path: `/CRM/Contact/M30011/Person/${ids.join(',')}`,
			query: {},
		});
		expect(items.map((item) => item.json.id)).toEqual(ids);
		expect(items.every((item) => (item.pairedItem as { item: number }).item === 0)).toBe(true);
	});

	test('Get Many with 47 ids makes exactly 3 calls of 20, 20 and 7 ids in the query form', async () => {
		const ids = contactsOf(sandbox.handle.store, 'Person')
			.slice(0, 47)
			.map((c) => c.id);
		expect(ids).toHaveLength(47);
		const { items, error } = await run({
			operation: 'getAll',
			contactIds: `={{ ${JSON.stringify(ids)} }}`,
			simplify: false,
		});
		expect(error).toBeUndefined();
		const requests = await sandbox.requests();
		expect(requests).toHaveLength(3);
		expect(
			requests.every(
				(request) => request.method === 'GET' && request.path === '/CRM/Contact/M30011/Person',
			),
		).toBe(true);
		const sizes = requests
			.map((request) => String(request.query.contactIds).split(',').length)
			.sort((a, b) => b - a);
		expect(sizes).toEqual([20, 20, 7]);
		expect(items.map((item) => item.json.id)).toEqual(ids);
	});

	test('Get Many drops duplicate ids and gives one item per person', async () => {
		const [a, b] = contactsOf(sandbox.handle.store, 'Person').map((c) => c.id);
		const { items } = await run({
			operation: 'getAll',
			contactIds: `${a},${b},${a}`,
			simplify: true,
		});
		expect(items.map((item) => item.json.id)).toEqual([a, b]);
		expect((await sandbox.requests())[0].path).toBe(`/CRM/Contact/M30011/Person/${a},${b}`);
	});

	test('Get Many with no ids is refused before any request', async () => {
		const { error } = await run({ operation: 'getAll', contactIds: ' , ' });
		expect(error?.message).toBe('Contact IDs needs at least one ID');
		expect(await sandbox.requests()).toEqual([]);
	});

	test('Continue On Fail gives an error item paired to the failing input', async () => {
		const [person] = contactsOf(sandbox.handle.store, 'Person');
		const { items, error } = await run(
			{ operation: 'get', contactId: '={{ $json.id }}', simplify: true },
			{ input: [{ id: person.id }, { id: 'C999999' }], continueOnFail: true },
		);
		expect(error).toBeUndefined();
		expect(items).toHaveLength(2);
		expect(items[0]).toMatchObject({ json: { id: person.id }, pairedItem: { item: 0 } });
		expect(items[1]).toMatchObject({
			json: { error: 'The service found no such record' },
			pairedItem: { item: 1 },
		});
	});

	test('An error names the item it came from', async () => {
		const [person] = contactsOf(sandbox.handle.store, 'Person');
		const { error } = await run(
			{ operation: 'get', contactId: '={{ $json.id }}', simplify: true },
			{ input: [{ id: person.id }, { id: 'C999999' }] },
		);
		expect(error?.message).toBe('The service found no such record');
		expect(error?.context?.itemIndex).toBe(1);
	});

	test('Create or Update works the same in XML', async () => {
		const { items, error } = await run({
			operation: 'upsert',
			socialSecurityNumber: '19850505-5555',
			firstName: 'Greta',
			lastName: 'Garbo',
			email: 'greta@mail.example',
			additionalFields: { categoryIds: [], wishAdvertising: true },
			messageFormat: 'xml',
		});
		expect(error).toBeUndefined();
		const [save, read] = await sandbox.requests();
		expect(save.contentType).toContain('xml');
		expect(save).toMatchObject({ method: 'POST', path: '/Contacts/UpdatePerson', status: 200 });
		expect(read).toMatchObject({
			method: 'GET',
			path: `/CRM/Contact/M30011/Person/${items[0].json.contactId}`,
		});
		expect(items[0].json).toMatchObject({
			firstName: 'Greta',
			lastName: 'Garbo',
			socialSecurityNumber: '19850505-5555',
			advertisingEnabled: true,
		});
	});
});
