import { contactsRunner } from './fixtures';
import { useSandbox } from '../../harness/sandbox';

describe('Estate Broker Contacts: search profile and category', () => {
	const sandbox = useSandbox();
	const run = contactsRunner(sandbox, 'searchProfile');
	const farmProfile = () =>
		[...sandbox.handle.store.searchProfiles.values()].find(
			(p) => p.objectType === 'Farm' && p.customerId === 'M30011' && !p.foreign,
		)!;

	test('Update Farm Profile sends every field of section 2.2 in the service form', async () => {
		const profile = farmProfile();
		const store = sandbox.handle.store;
		const area = [...store.areas.values()].find((a) => a.customerId === 'M30011')!;
		const requirement = store.increasedRequirements.find((r) => r.objectTypes.includes('Farm'))!;
		const { items, error } = await run({
			operation: 'updateFarm',
			searchProfileId: profile.id,
			updateFields: {
				subtypes: ['Agriculture'],
				areaIds: [area.areaId],
				municipalityCodes: '0180, 0380',
				totalArea: { range: { minValue: 10, maxValue: 100 } },
				livingSpace: { range: { minValue: 100, maxValue: 200 } },
				numberOfRooms: { range: { minValue: 4 } },
				bedrooms: 3,
				isAutomaticProfile: false,
				price: { domestic: { minValue: 2000000, maxValue: 5000000 } },
				drawnAreas: {
					polygon: [
						{
							points: {
								point: [
									{ longitud: 18.0, latitud: 59.3 },
									{ longitud: 18.1, latitud: 59.3 },
									{ longitud: 18.1, latitud: 59.4 },
								],
							},
						},
					],
				},
				drawnAreasName: 'Near the lake',
				increasedRequirementIds: `={{ "${requirement.id}" }}`,
			},
		});
		expect(error).toBeUndefined();
		const [request] = await sandbox.requests();
		expect(request).toMatchObject({
			method: 'PUT',
			path: `/CRM/Contact/M30011/SearchProfile/Farm/${profile.id}`,
			status: 204,
		});
		expect(request.body).toEqual({
			subtypes: ['Agriculture'],
			areaIds: [area.areaId],
			municipalityCodes: ['0180', '0380'],
			totalArea: { minValue: 10, maxValue: 100 },
			livingSpace: { minValue: 100, maxValue: 200 },
			numberOfRooms: { minValue: 4 },
			bedrooms: 3,
			isAutomaticProfile: false,
			price: { minValue: 2000000, maxValue: 5000000 },
			drawnAreas: [
				{
					coordinates: [
						{ longitud: 18.0, latitud: 59.3 },
						{ longitud: 18.1, latitud: 59.3 },
						{ longitud: 18.1, latitud: 59.4 },
					],
				},
			],
			drawnAreasName: 'Near the lake',
			increasedRequirementIds: [requirement.id],
		});
		expect(items).toEqual([
			{ json: { searchProfileId: profile.id, updated: true }, pairedItem: { item: 0 } },
		]);
		expect(store.searchProfiles.get(profile.id)!.farm).toMatchObject({
			drawnAreasName: 'Near the lake',
			bedrooms: 3,
		});
	});

	test("Update Farm Profile: farm types given in any case are sent by the service's names, once each; Forest or Hunting is refused with the choices", async () => {
		const { error } = await run({
			operation: 'updateFarm',
			searchProfileId: farmProfile().id,
			updateFields: { subtypes: ['horsefarm', 'forestry', 'Forestry', 'NoAgriculture'] },
		});
		expect(error).toBeUndefined();
		expect((await sandbox.requests())[0]).toMatchObject({
			status: 204,
			body: { subtypes: ['HorseFarm', 'Forestry', 'NoAgriculture'] },
		});
		const forest = await run({
			operation: 'updateFarm',
			searchProfileId: farmProfile().id,
			updateFields: { subtypes: ['Forest'] },
		});
		expect(forest.error?.message).toBe(
			'Farm Type Names or IDs: "Forest" is not one of the service\'s farm types',
		);
		const hunting = await run({
			operation: 'updateFarm',
			searchProfileId: farmProfile().id,
			updateFields: { subtypes: ['Agriculture', 'Hunting'] },
		});
		expect(hunting.error?.message).toBe(
			'Farm Type Names or IDs: "Hunting" is not one of the service\'s farm types',
		);
		expect(hunting.error?.description).toBe(
			'Choose from: Agriculture, NoAgriculture, Forestry, HorseFarm. Hunting grounds are usually Forestry.',
		);
		expect(await sandbox.requests()).toHaveLength(1);
	});

	test('Update Farm Profile refuses a minimum above the maximum before any request', async () => {
		const { error } = await run({
			operation: 'updateFarm',
			searchProfileId: farmProfile().id,
			updateFields: { livingSpace: { range: { minValue: 200, maxValue: 100 } } },
		});
		expect(error?.message).toBe('Living Space: the minimum must not be greater than the maximum');
		expect(await sandbox.requests()).toEqual([]);
	});

	test('Update Farm Profile reports the service validation errors of a value off the step list', async () => {
		const { error } = await run({
			operation: 'updateFarm',
			searchProfileId: farmProfile().id,
			updateFields: { livingSpace: { range: { minValue: 55 } } },
		});
		expect(error?.message).toBe(
			'The service rejected the request as invalid: livingSpace.minValue: must be one of the LivingAreaSteps values',
		);
		expect((await sandbox.requests())[0]).toMatchObject({
			method: 'PUT',
			status: 400,
			body: { livingSpace: { minValue: 55 } },
		});
	});

	test('Get Search Profile Values returns the step lists', async () => {
		const { items, error } = await run({ operation: 'getValues' });
		expect(error).toBeUndefined();
		expect((await sandbox.requests())[0]).toMatchObject({
			method: 'GET',
			path: '/CRM/Contact/M30011/SearchProfile/SearchProfileValues',
		});
		expect(items).toHaveLength(1);
		expect(items[0].json.roomSteps).toEqual(expect.arrayContaining([1, 2, 3]));
	});

	test('Get Increased Requirements returns one item per requirement', async () => {
		const { items, error } = await run({ operation: 'getIncreasedRequirements' });
		expect(error).toBeUndefined();
		expect((await sandbox.requests())[0]).toMatchObject({
			method: 'GET',
			path: '/IncreasedRequirement/M30011',
		});
		expect(items.map((item) => item.json)).toEqual(
			sandbox.handle.store.increasedRequirements.map((r) => ({
				customerId: 'M30011',
				id: r.id,
				text: r.name,
			})),
		);
	});

	test('Category Get Many gives one item per category with its type; Applies To filters', async () => {
		const category = contactsRunner(sandbox, 'category');
		const mine = [...sandbox.handle.store.categories.values()].filter(
			(c) => c.customerId === 'M30011',
		);
		const all = await category({ operation: 'getAll', appliesTo: 'all', returnAll: true });
		expect(all.error).toBeUndefined();
		const [request] = await sandbox.requests();
		expect(request).toMatchObject({
			method: 'GET',
			path: '/Category/GetCategories',
			query: { customerId: 'M30011' },
		});
		expect(all.items.map((item) => item.json.id).sort()).toEqual(mine.map((c) => c.id).sort());
		expect(
			all.items.every(
				(item) => item.json.type === mine.find((c) => c.id === item.json.id)!.appliesTo,
			),
		).toBe(true);
		const companies = await category({
			operation: 'getAll',
			appliesTo: 'Company',
			returnAll: true,
		});
		expect(companies.items.map((item) => item.json.id).sort()).toEqual(
			mine
				.filter((c) => c.appliesTo === 'Company')
				.map((c) => c.id)
				.sort(),
		);
	});
});
