import { contactsRunner } from './fixtures';
import { useSandbox } from '../../harness/sandbox';

describe('Estate Broker Contacts: present accommodation', () => {
	const sandbox = useSandbox();
	const run = contactsRunner(sandbox, 'presentAccommodation');
	const withAccommodation = () =>
		[...sandbox.handle.store.presentAccommodations.values()].filter((p) => p.customerId === 'M30011').sort((a, b) => a.contactId.localeCompare(b.contactId));

	test('Get reads the present accommodation of a contact', async () => {
		const [record] = withAccommodation();
		const { items, error } = await run({ operation: 'get', contactId: record.contactId });
		expect(error).toBeUndefined();
		expect((await sandbox.requests())[0]).toMatchObject({ method: 'GET', path: `/CRM/Contact/M30011/PresentAccomodation/${record.contactId}` });
		expect(items).toEqual([{ json: expect.objectContaining({ hasBeenAsked: true, livingSpace: record.livingSpace }), pairedItem: { item: 0 } }]);
	});

	test('Get Many reads several contacts in one call', async () => {
		const ids = withAccommodation().slice(0, 3).map((p) => p.contactId);
		const { items, error } = await run({ operation: 'getMany', contactIds: ids.join(',') });
		expect(error).toBeUndefined();
		expect((await sandbox.requests()).map((request) => request.path)).toEqual([`/CRM/Contact/M30011/PresentAccomodation/${ids.join(',')}`]);
		expect(items.map((item) => item.json.hasBeenAsked)).toEqual([true, true, true]);
	});

	test('Create or Update saves the housing and returns it as read back', async () => {
		const person = [...sandbox.handle.store.contacts.values()].find((c) => c.type === 'Person' && c.customerId === 'M30011' && !sandbox.handle.store.presentAccommodations.has(c.id))!;
		const { items, error } = await run({
			operation: 'upsert',
			contactId: person.id,
			housingType: 'House',
			additionalFields: { livingSpace: 142, numberOfRooms: 5, plansToSell: true, sellWithinMonths: 6, tenure: 'Äganderätt', note: '' },
		});
		expect(error).toBeUndefined();
		const [save, read] = await sandbox.requests();
		expect(save).toMatchObject({ method: 'POST', path: `/CRM/Contact/M30011/PresentAccomodation/${person.id}`, status: 200 });
		expect(save.body).toEqual({ housingType: 'House', livingSpace: 142, numberOfRooms: 5, plansToSell: true, sellWithinMonths: 6, tenure: 'Äganderätt' });
		expect(read).toMatchObject({ method: 'GET', path: `/CRM/Contact/M30011/PresentAccomodation/${person.id}` });
		expect(items).toHaveLength(1);
		expect(items[0].json).toMatchObject({ presentAccommodationId: sandbox.handle.store.presentAccommodations.get(person.id)!.id, estateType: 'House', livingSpace: 142, numberOfRooms: 5 });
	});

	test('Get Statistics sends the agent and the period as ISO dates', async () => {
		const { items, error } = await run({ operation: 'getStatistics', filters: { dateFrom: '2025-01-01T00:00:00Z', dateTo: '2026-12-31T00:00:00Z' } });
		expect(error).toBeUndefined();
		const [request] = await sandbox.requests();
		expect(request).toMatchObject({ method: 'GET', path: '/CRM/Contact/M30011/PresentAccomodation/Statistics' });
		expect(request.query).toEqual({ dateFrom: '2025-01-01T00:00:00.000Z', dateTo: '2026-12-31T00:00:00.000Z' });
		expect(items).toHaveLength(1);
		expect(items[0].json).toMatchObject({ office: [expect.objectContaining({ customerId: 'M30011', name: 'Mäklarhuset Södermalm' })] });
	});
});
