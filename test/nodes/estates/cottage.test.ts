import type { IDataObject } from 'n8n-workflow';

import { packageNode } from '../../harness/packageNodes';
import { runNode } from '../../harness/engine';
import { useSandbox } from '../../harness/sandbox';
import { estateFixtures } from './fixtures';

const nodeType = packageNode('estateBrokerEstates');

describe('Estate Broker Estates: cottages', () => {
	const sandbox = useSandbox();
	const run = async (parameters: IDataObject) =>
		await runNode({
			nodeType,
			parameters: { resource: 'cottage', ...parameters } as never,
			credentials: sandbox.credentials(),
		});

	test('Create sends CmsCottage (models.md) with its plot; Update changes only the plot area; the store keeps the rest', async () => {
		const { agentId, contactIds } = estateFixtures(sandbox.handle.store);
		const before = new Set(sandbox.handle.store.estates.keys());
		const created = await run({
			operation: 'create',
			userId: agentId,
			status: 'AssignmentAttempt',
			baseInformation: { livingSpace: 112 },
			address: { streetAddress: 'Strandvägen 4', city: 'Norrtälje', zipCode: '761 30' },
			// A saved workflow's plot fields the model lacks are left out (the service ignored them).
			plot: { area: 1450, isLeasehold: false, description: 'Own shore, guest cottage' },
			price: { startingPrice: 2850000 },
			sellersAndInterests: { sellers: contactIds[0] },
		});
		expect(created.error).toBeUndefined();
		const body = {
			userId: agentId,
			baseInformation: {
				status: 'AssignmentAttempt',
				livingSpace: 112,
				address: { streetAddress: 'Strandvägen 4', city: 'Norrtälje', zipCode: '761 30' },
			},
			plot: { area: 1450 },
			price: { startingPrice: 2850000 },
			sellers: [contactIds[0]],
		};
		const [create] = await sandbox.requests();
		expect(create).toMatchObject({ method: 'POST', path: '/Cottage/M30011', status: 200 });
		expect(create.body).toEqual(body);
		const [id] = [...sandbox.handle.store.estates.keys()].filter((key) => !before.has(key));
		expect(created.items.map((item) => item.json)).toEqual([{ cottageId: id }]);
		expect(sandbox.handle.store.estates.get(id)).toMatchObject({ type: 'Cottage', cms: body });

		await sandbox.clearRequests();
		const updated = await run({
			operation: 'update',
			cottageId: id,
			plot: { area: 1500 },
			baseInformation: { status: 'AssignmentAccepted' },
		});
		expect(updated.error).toBeUndefined();
		const [update] = await sandbox.requests();
		expect(update).toMatchObject({ method: 'PUT', path: `/Cottage/M30011/${id}`, status: 204 });
		expect(update.body).toEqual({
			plot: { area: 1500 },
			baseInformation: { status: 'AssignmentAccepted' },
		});
		expect(updated.items.map((item) => item.json)).toEqual([{ cottageId: id, updated: true }]);
		expect(sandbox.handle.store.estates.get(id)!.cms).toEqual({
			...body,
			baseInformation: { ...body.baseInformation, status: 'AssignmentAccepted' },
			plot: { area: 1500 },
		});
		expect(sandbox.handle.store.estates.get(id)!.status).toBe('ForSale');
	});

	test('Update of a seeded cottage sets the selling texts on top of its stored fields', async () => {
		const { cottage } = estateFixtures(sandbox.handle.store);
		const { livingSpace, agentId } = cottage;
		const { error } = await run({
			operation: 'update',
			cottageId: cottage.id,
			description: { sellingHeading: 'Red cottage by the lake' },
			interior: { numberOfBedrooms: 3 },
		});
		expect(error).toBeUndefined();
		expect((await sandbox.requests())[0].body).toEqual({
			description: { sellingHeading: 'Red cottage by the lake' },
			interior: { numberOfBedrooms: 3 },
		});
		const cms = sandbox.handle.store.estates.get(cottage.id)!.cms as IDataObject;
		expect(cms).toMatchObject({
			userId: agentId,
			baseInformation: { livingSpace },
			description: { sellingHeading: 'Red cottage by the lake' },
			interior: { numberOfBedrooms: 3 },
		});
	});

	test('A condominium id given to the cottage update is refused by the service with its reason', async () => {
		const { condominium } = estateFixtures(sandbox.handle.store);
		const { error } = await run({
			operation: 'update',
			cottageId: condominium.id,
			price: { startingPrice: 1000000 },
		});
		expect(error?.message).toMatch(/^The service rejected the request as invalid: .*id/);
		expect((await sandbox.requests()).map((request) => request.status)).toEqual([400]);
	});

	test('Create refuses a plot area below zero before anything is sent', async () => {
		const { agentId } = estateFixtures(sandbox.handle.store);
		const { error } = await run({
			operation: 'create',
			userId: agentId,
			status: 'AssignmentAttempt',
			plot: { area: -1 },
		});
		expect(error?.message).toBe('Plot Area (m²) must be 0 or more; got -1');
		expect(await sandbox.requests()).toHaveLength(0);
	});
});
