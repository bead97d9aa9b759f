import type { IDataObject, INodeType } from 'n8n-workflow';

import { runNode } from '../harness/engine';
import { recordFigures } from '../harness/figures';
import { useSandbox } from '../harness/sandbox';
import { everyField } from './fill';
import {
	MODEL_ENDPOINTS,
	countsBySource,
	describeErrors,
	shapesOf,
	templateOf,
	validatorOf,
} from './models';
import { packageNode } from '../harness/packageNodes';

/**
 * Contract, bodies: every operation that writes to an endpoint models-2026.json or models.json
 * covers, with every field filled in, run in n8n's engine against the sandbox; each body the
 * sandbox logged must be valid against the endpoint's model (models-2026.json where it covers
 * the endpoint), with no property the model lacks.
 */
describe('Contract: every body the nodes send follows docs/spec/models-2026.json, else models.json', () => {
	const sandbox = useSandbox({ now: '2026-03-02T07:00:00Z' });
	const checked = new Map<string, Set<string>>();

	function ids() {
		const store = sandbox.handle.store;
		const contacts = [...store.contacts.values()].filter(
			(contact) => contact.customerId === 'M30011',
		);
		const person = contacts.find((contact) => contact.type === 'Person')!;
		const company = contacts.find((contact) => contact.type === 'Company')!;
		const agent = [...store.agents.values()].find(
			(candidate) => candidate.customerId.includes('M30011') && !candidate.archived,
		)!;
		const categories = (type: string) =>
			[...store.categories.values()]
				.filter((c) => c.customerId === 'M30011' && c.appliesTo === type)
				.map((c) => c.id);
		const estate = [...store.estates.values()].find(
			(candidate) => candidate.customerId === 'M30011' && candidate.status === 'ForSale',
		)!;
		const cottage = [...store.estates.values()].find(
			(candidate) => candidate.customerId === 'M30011' && candidate.type === 'Cottage',
		)!;
		return { store, person, company, agent, categories, estate, cottage };
	}

	const contactValues = (kind: 'person' | 'company') => {
		const { person, company, agent, categories } = ids();
		return {
			contactId: kind === 'person' ? person.id : company.id,
			socialSecurityNumber: '19800101-1234',
			corporateNumber: '556677-8899',
			email: 'first@mail.example',
			emailAddress2: 'second@mail.example',
			categoryIds: categories(kind === 'person' ? 'Person' : 'Company'),
			userId: agent.userId,
			leadScore: 4,
			task: JSON.stringify({
				predefinedTaskId: 'T1',
				note: 'Call back',
				estateId: 'OBJ30011_2041100001',
				assignedTo: agent.userId,
			}),
			latitud: 59.3,
			longitud: 18.07,
		};
	};

	const cases: {
		name: string;
		nodeType: INodeType;
		resource: string;
		operation: string;
		values: () => IDataObject;
	}[] = [
		{
			name: 'person upsert',
			nodeType: packageNode('estateBrokerContacts'),
			resource: 'person',
			operation: 'upsert',
			values: () => contactValues('person'),
		},
		{
			name: 'company upsert',
			nodeType: packageNode('estateBrokerContacts'),
			resource: 'company',
			operation: 'upsert',
			values: () => contactValues('company'),
		},
		...(['interest', 'interestRestrictive'] as const).map((duplicateCheck) => ({
			name: `interest application (${duplicateCheck})`,
			nodeType: packageNode('estateBrokerAdvertising'),
			resource: 'interestApplication',
			operation: 'create',
			values: () => ({
				estateId: ids().estate.id,
				duplicateCheck,
				socialSecurityNumber: '19850312-4471',
				email: 'ingrid@mail.example',
				email2: 'ingrid@work.example',
				gdprApprovalDate: '2026-02-01T09:00:00Z',
				presentAccommodation: JSON.stringify({
					estateType: 'Tenancy',
					livingSpace: 64,
					numberOfRooms: 2,
					price: 8200,
					other: 'Balcony',
					coordinate: { longitud: 18.07, latitud: 59.3 },
				}),
				landingPageUrl: 'https://www.example.com/objekt/42?utm_source=hemnet&utm_medium=cpc',
			}),
		})),
		{
			name: 'final-price watch',
			nodeType: packageNode('estateBrokerAdvertising'),
			resource: 'finalPriceWatch',
			operation: 'create',
			values: () => ({
				estateId: ids().estate.id,
				socialSecurityNumber: '19850312-4471',
				email: 'ingrid@mail.example',
				email2: 'ingrid@work.example',
				landingPageUrl: 'https://www.example.com/slutpris?utm_campaign=host',
			}),
		},
		{
			name: 'loan promise',
			nodeType: packageNode('estateBrokerBid'),
			resource: 'buyer',
			operation: 'createLoanPromise',
			values: () => ({
				contactId: ids().person.id,
				estateId: ids().estate.id,
				validUntil: '2026-06-30T00:00:00Z',
			}),
		},
		{
			name: 'farm search profile update',
			nodeType: packageNode('estateBrokerContacts'),
			resource: 'searchProfile',
			operation: 'updateFarm',
			values: () => {
				const { store } = ids();
				const profile = [...store.searchProfiles.values()].find(
					(candidate) => candidate.customerId === 'M30011' && candidate.objectType === 'Farm',
				)!;
				const area = [...store.areas.values()].find(
					(candidate) => candidate.customerId === 'M30011',
				)!;
				const requirement = store.increasedRequirements.find((candidate) =>
					candidate.objectTypes.includes('Farm'),
				)!;
				const range = (minValue: number, maxValue: number) => ({ range: { minValue, maxValue } });
				return {
					searchProfileId: profile.id,
					subtypes: ['Forestry'],
					areaIds: [area.areaId],
					municipalityCodes: '0180',
					increasedRequirementIds: [requirement.id],
					bedrooms: 2,
					totalArea: range(10, 50),
					livingSpace: range(100, 200),
					numberOfRooms: range(4, 8),
					price: { domestic: { minValue: 3_000_000, maxValue: 10_000_000 } },
					drawnAreas: {
						polygon: [
							{
								points: {
									point: [
										{ latitud: 59.3, longitud: 18 },
										{ latitud: 59.3, longitud: 18.1 },
										{ latitud: 59.4, longitud: 18.1 },
									],
								},
							},
						],
					},
				};
			},
		},
		{
			name: 'appointment create',
			nodeType: packageNode('estateBrokerOffice'),
			resource: 'appointment',
			operation: 'create',
			values: () => ({
				userId: ids().agent.userId,
				startsAt: '2026-03-10T09:00:00Z',
				endsAt: '2026-03-10T10:00:00Z',
				recurrencePattern: 'Weekly',
			}),
		},
		{
			name: 'budget update',
			nodeType: packageNode('estateBrokerReports'),
			resource: 'budget',
			operation: 'update',
			values: () => ({ officeId: 'M30011', userId: ids().agent.userId, year: 2026, month: 4 }),
		},
		...(['create', 'update'] as const).map((operation) => ({
			name: `cottage ${operation}`,
			nodeType: packageNode('estateBrokerEstates'),
			resource: 'cottage',
			operation,
			values: () => {
				const { agent, person, cottage } = ids();
				return {
					cottageId: cottage.id,
					userId: agent.userId,
					sellers: person.id,
					interests: person.id,
					latitude: 59.3,
					longitude: 18.07,
					countryCode: 'SE',
				};
			},
		})),
		{
			name: 'present accommodation upsert',
			nodeType: packageNode('estateBrokerContacts'),
			resource: 'presentAccommodation',
			operation: 'upsert',
			values: () => ({
				contactId: ids().person.id,
				latitude: 59.3,
				longitude: 18.07,
				monthlyCost: 4120,
				movedInDate: '2019-05-01T00:00:00Z',
			}),
		},
		{
			name: 'bid place',
			nodeType: packageNode('estateBrokerBid'),
			resource: 'bid',
			operation: 'place',
			values: () => ({
				estateId: ids().estate.id,
				contactId: ids().person.id,
				amount: '2450000',
				createdAt: '2026-01-15T10:30:00Z',
			}),
		},
	];

	test.each(cases.map((c) => [c.name, c] as const))('%s', async (_name, c) => {
		const parameters = everyField(c.nodeType, c.resource, c.operation, c.values());
		const { error } = await runNode({
			nodeType: c.nodeType,
			parameters: parameters as never,
			credentials: sandbox.credentials(),
		});
		expect(error).toBeUndefined();
		const written = (await sandbox.requests()).filter((request) => request.method !== 'GET');
		expect(written).toHaveLength(1);
		const [request] = written;
		const endpoint = templateOf(request.method, request.path);
		expect(endpoint?.body).toBeTruthy();
		const validate = validatorOf(endpoint!.method, endpoint!.path, 'body');
		validate(request.bodyAsSent);
		expect(describeErrors(validate.errors)).toEqual([]);
		expect(request.status).toBeLessThan(300);
		const key = `${endpoint!.method} ${endpoint!.path}`;
		checked.set(
			key,
			new Set([...(checked.get(key) ?? []), ...shapesOf(endpoint!.body, endpoint!.source)]),
		);
	});

	afterAll(() => {
		const expected = MODEL_ENDPOINTS.filter((e) => e.body).map((e) => `${e.method} ${e.path}`);
		const shapes = new Set([...checked.values()].flatMap((set) => [...set]));
		recordFigures(
			'Contract, bodies',
			`${checked.size} of ${expected.length} endpoints with a body, ${shapes.size} shapes (${countsBySource(checked)}):\n  ${[...checked.keys()].join('\n  ')}`,
		);
		expect([...checked.keys()].sort()).toEqual(expected.sort());
	});
});
