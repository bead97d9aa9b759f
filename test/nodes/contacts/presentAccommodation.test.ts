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

	const withoutAccommodation = () => {
		const store = sandbox.handle.store;
		return [...store.contacts.values()].find((c) => c.type === 'Person' && c.customerId === 'M30011' && !store.presentAccommodations.has(c.id))!;
	};

	test('Create or Update sends the record of models.md and returns it as read back', async () => {
		const person = withoutAccommodation();
		const { items, error } = await run({
			operation: 'upsert',
			contactId: person.id,
			housingType: 'RowHouse',
			additionalFields: { livingSpace: 142, numberOfRooms: 5.5, estimatedValue: 4350000, note: ' Plans to sell in spring ', hasBeenAsked: true, coordinate: { value: { latitude: 59.31, longitude: 18.07 } } },
		});
		expect(error).toBeUndefined();
		const [save, read] = await sandbox.requests();
		expect(save).toMatchObject({ method: 'POST', path: `/CRM/Contact/M30011/PresentAccomodation/${person.id}`, status: 200, outsideModel: [] });
		expect(save.bodyAsSent).toEqual({
			estateType: 'RowHouse',
			livingSpace: 142,
			numberOfRooms: 5.5,
			price: 4350000,
			other: 'Plans to sell in spring',
			hasBeenAsked: true,
			coordinate: { latitude: 59.31, longitude: 18.07 },
		});
		expect(read).toMatchObject({ method: 'GET', path: `/CRM/Contact/M30011/PresentAccomodation/${person.id}` });
		expect(items).toHaveLength(1);
		expect(items[0].json).toMatchObject({ presentAccommodationId: sandbox.handle.store.presentAccommodations.get(person.id)!.id, estateType: 'RowHouse', price: 4350000, other: 'Plans to sell in spring' });
	});

	test('Create or Update works the same in XML, coordinate and numbers included', async () => {
		const person = withoutAccommodation();
		const { items, error } = await run({
			operation: 'upsert',
			contactId: person.id,
			housingType: 'Tenancy',
			additionalFields: { numberOfRooms: 2.5, hasBeenAsked: false, coordinate: { value: { latitude: 59.31, longitude: 18.07 } } },
			messageFormat: 'xml',
		});
		expect(error).toBeUndefined();
		const [save] = await sandbox.requests();
		expect(save.contentType).toContain('xml');
		expect(save.status).toBe(200);
		expect(sandbox.handle.store.presentAccommodations.get(person.id)).toMatchObject({ estateType: 'Tenancy', numberOfRooms: 2.5, hasBeenAsked: false, coordinate: { latitude: 59.31, longitude: 18.07 } });
		expect(items[0].json).toMatchObject({ estateType: 'Tenancy', numberOfRooms: 2.5, hasBeenAsked: false, coordinate: { latitude: 59.31, longitude: 18.07 } });
	});

	test('A saved workflow with the default housing type (not stored) sends Condominium', async () => {
		const person = withoutAccommodation();
		const { error } = await run({ operation: 'upsert', contactId: person.id, additionalFields: { livingSpace: 64 } });
		expect(error).toBeUndefined();
		expect((await sandbox.requests())[0].bodyAsSent).toEqual({ estateType: 'Condominium', livingSpace: 64 });
	});

	test.each([
		['Rental', 'Tenancy'],
		['Farm', 'AgricultureProperty'],
		['Other', 'OtherHousing'],
		['House', 'House'],
		['cottage', 'Cottage'],
	])('A saved housing type %s of earlier versions is sent as the estate type %s', async (saved, sent) => {
		const person = withoutAccommodation();
		const { error } = await run({ operation: 'upsert', contactId: person.id, housingType: saved });
		expect(error).toBeUndefined();
		expect((await sandbox.requests())[0].bodyAsSent).toEqual({ estateType: sent });
	});

	test('A housing type that is no estate type is refused before sending, with the choices', async () => {
		const { error } = await run({ operation: 'upsert', contactId: withoutAccommodation().id, housingType: 'Castle' });
		expect(error?.message).toBe('Housing Type must be one of House, RowHouse, HousingCooperative, Cottage, Plot, AgricultureProperty, Tenancy, OtherHousing, CommercialProperty, Condominium; got "Castle"');
		expect(await sandbox.requests()).toEqual([]);
	});

	test('A saved workflow holding fields the record lacks is refused by their names, with the record\'s fields', async () => {
		const { error } = await run({
			operation: 'upsert',
			contactId: withoutAccommodation().id,
			housingType: 'House',
			additionalFields: { livingSpace: 142, plansToSell: true, sellWithinMonths: 6, tenure: 'Äganderätt', note: '' },
		});
		expect(error?.message).toBe('Present accommodation has no Plans to Sell, Sell Within Months, Tenure');
		expect(error?.description).toContain('Housing Type, Has Been Asked, Living Space, Number of Rooms, Price, Other Information, Coordinate');
		expect(await sandbox.requests()).toEqual([]);
	});

	test('Retired fields left blank in a saved workflow are no obstacle', async () => {
		const person = withoutAccommodation();
		const { error } = await run({ operation: 'upsert', contactId: person.id, housingType: 'House', additionalFields: { tenure: '', soldEstateId: ' ', address: {}, numberOfRooms: 4 } });
		expect(error).toBeUndefined();
		expect((await sandbox.requests())[0].bodyAsSent).toEqual({ estateType: 'House', numberOfRooms: 4 });
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
