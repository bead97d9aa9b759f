import { useTestSandbox } from './helpers';

const sb = useTestSandbox();

const farmProfile = (customerId = 'M30011', foreign = false) =>
	[...sb.handle.store.searchProfiles.values()].find(
		(p) => p.objectType === 'Farm' && p.customerId === customerId && p.foreign === foreign,
	)!;

describe('search profile lookups', () => {
	it('offers the step lists of section 2.2', async () => {
		const response = await sb.demo.get('/CRM/Contact/M30011/SearchProfile/SearchProfileValues');
		expect(response.status).toBe(200);
		for (const key of [
			'farmAreaStepsHectare',
			'livingAreaSteps',
			'roomSteps',
			'domesticPriceSteps',
			'foreignPriceSteps',
		]) {
			expect(response.data[key].length).toBeGreaterThan(3);
		}
		expect(response.data.selectableFarmSubtypes).toEqual([
			'Agriculture',
			'NoAgriculture',
			'Forestry',
			'HorseFarm',
		]);
	});

	it("lists the customer's increased requirements as one IncreasedRequirementCollection", async () => {
		const response = await sb.demo.get('/IncreasedRequirement/M30011');
		expect(response.status).toBe(200);
		expect(response.data).toEqual([
			{
				customerId: 'M30011',
				increasedRequirements: expect.arrayContaining([{ id: 'IR5', text: 'Djurhållning' }]),
			},
		]);
	});
});

describe('PUT farm search profile', () => {
	it('stores a valid update and changes the contact', async () => {
		const profile = farmProfile();
		const area = [...sb.handle.store.areas.values()].find((a) => a.customerId === 'M30011')!;
		const body = {
			subtypes: ['Agriculture', 'Forestry'],
			areaIds: [area.areaId],
			municipalityCodes: ['0180'],
			totalArea: { minValue: 10, maxValue: 50 },
			livingSpace: { minValue: 100, maxValue: 200 },
			numberOfRooms: { minValue: 4, maxValue: 8 },
			bedrooms: 3,
			isAutomaticProfile: false,
			price: { minValue: 3_000_000, maxValue: 10_000_000 },
			drawnAreas: [
				{
					coordinates: [
						{ longitud: 18.0, latitud: 59.3 },
						{ longitud: 18.1, latitud: 59.3 },
						{ longitud: 18.1, latitud: 59.4 },
					],
				},
			],
			drawnAreasName: 'Norr om stan',
			increasedRequirementIds: ['IR5', 'IR6'],
		};
		const response = await sb.demo.put(
			`/CRM/Contact/M30011/SearchProfile/Farm/${profile.id}`,
			body,
		);
		expect(response.status).toBe(204);
		const stored = sb.handle.store.searchProfiles.get(profile.id)!;
		expect(stored.farm).toEqual(body);
		expect(sb.handle.store.contacts.get(profile.contactId)!.changedAt).toBe(stored.changedAt);
	});

	it('rejects values outside the step lists and unknown references, all at once', async () => {
		const profile = farmProfile();
		// A subtype outside the model's choices (SearchProfileV2_SubtypeFarm) fails the body's model first.
		const subtype = await sb.demo.put(`/CRM/Contact/M30011/SearchProfile/Farm/${profile.id}`, {
			subtypes: ['Forest'],
		});
		expect(subtype.status).toBe(400);
		expect(subtype.data.errors).toEqual([
			{
				field: 'subtypes[0]',
				message: 'must be one of: Agriculture, NoAgriculture, Forestry, HorseFarm',
			},
		]);
		const response = await sb.demo.put(`/CRM/Contact/M30011/SearchProfile/Farm/${profile.id}`, {
			subtypes: ['HorseFarm'],
			areaIds: ['SOM1BEA397DB6287D5C3B06E04278A19177'],
			municipalityCodes: ['18'],
			totalArea: { minValue: 3, maxValue: 50 },
			numberOfRooms: { minValue: 6, maxValue: 2 },
			price: { minValue: 123 },
			increasedRequirementIds: ['IR1', 'IR77'],
		});
		expect(response.status).toBe(400);
		const fields = response.data.errors.map((e: { field: string }) => e.field).sort();
		expect(fields).toEqual([
			'areaIds[0]',
			'increasedRequirementIds[0]',
			'increasedRequirementIds[1]',
			'municipalityCodes[0]',
			'numberOfRooms.minValue',
			'price.minValue',
			'totalArea.minValue',
		]);
	});

	it('checks foreign profiles against ForeignPriceSteps', async () => {
		const profile = farmProfile();
		profile.foreign = true;
		const url = `/CRM/Contact/M30011/SearchProfile/Farm/${profile.id}`;
		expect(
			(await sb.demo.put(url, { price: { minValue: 100_000, maxValue: 500_000 } })).status,
		).toBe(204);
		const domestic = await sb.demo.put(url, { price: { minValue: 3_000_000 } });
		expect(domestic.data.errors).toEqual([
			{ field: 'price.minValue', message: 'must be one of the ForeignPriceSteps values' },
		]);
	});

	it('answers 404, 403, 400 for unknown, foreign, non-farm profiles and wrong types', async () => {
		expect((await sb.demo.put('/CRM/Contact/M30011/SearchProfile/Farm/SP99999', {})).status).toBe(
			404,
		);
		expect(
			(await sb.demo.put(`/CRM/Contact/M30011/SearchProfile/Farm/${farmProfile('M30012').id}`, {}))
				.status,
		).toBe(403);
		const condo = [...sb.handle.store.searchProfiles.values()].find(
			(p) => p.objectType === 'Condominium' && p.customerId === 'M30011',
		)!;
		const notFarm = await sb.demo.put(`/CRM/Contact/M30011/SearchProfile/Farm/${condo.id}`, {});
		expect(notFarm.status).toBe(400);
		expect(notFarm.data.errors[0].field).toBe('id');
		const wrongType = await sb.demo.put(
			`/CRM/Contact/M30011/SearchProfile/Farm/${farmProfile().id}`,
			{ bedrooms: 'three', totalArea: { minValue: 'x' } },
		);
		expect(wrongType.data.errors).toEqual([
			{ field: 'totalArea.minValue', message: 'must be an integer' },
			{ field: 'bedrooms', message: 'must be an integer' },
		]);
	});
});
