import type { IDataObject } from 'n8n-workflow';

import { packageNode } from '../../harness/packageNodes';
import { runNode } from '../../harness/engine';
import { useSandbox } from '../../harness/sandbox';
import { advertisingFixtures } from './fixtures';

const nodeType = packageNode('estateBrokerAdvertising');

describe('Estate Broker Advertising: association, final price watch', () => {
	const sandbox = useSandbox();
	const run = async (parameters: IDataObject, input?: IDataObject[]) =>
		await runNode({
			nodeType,
			parameters: parameters as never,
			credentials: sandbox.credentials(),
			input,
		});

	test('Association Get reads one housing association', async () => {
		const { association } = advertisingFixtures(sandbox.handle.store);
		const { items, error } = await run({
			resource: 'association',
			operation: 'get',
			associationId: association.id,
		});
		expect(error).toBeUndefined();
		const [request] = await sandbox.requests();
		expect(request).toMatchObject({
			method: 'GET',
			path: `/Advertising/Association/M30011/${association.id}`,
			status: 200,
		});
		expect(items).toHaveLength(1);
		expect(items[0].json).toMatchObject({
			name: association.name,
			corporateNumber: association.corporateNumber,
		});
		expect(items[0].pairedItem).toEqual({ item: 0 });
	});

	test('Association Get with an empty id is refused before any request', async () => {
		const { error } = await run({ resource: 'association', operation: 'get', associationId: ' ' });
		expect(error?.message).toBe('Association ID is required');
		expect(await sandbox.requests()).toHaveLength(0);
	});

	test('Final Price Watch Create sends the person under "person" and returns the new watch id', async () => {
		const { estate } = advertisingFixtures(sandbox.handle.store);
		const before = sandbox.handle.store.finalPriceWatches.size;
		const { items, error } = await run({
			resource: 'finalPriceWatch',
			operation: 'create',
			estateId: estate.id,
			firstName: 'Ingrid',
			lastName: 'Vallgren',
			additionalFields: {
				email: 'ingrid.vallgren@example.com',
				cellPhone: '070-555 12 34',
				message: 'Please tell me the final price',
				// By expression, in another case: sent as the choice.
				prospectiveBuyerStatus: 'notinterested',
				leadSourceId: 'web-form',
				marketing: {
					value: { landingPageUrl: 'https://www.example.com/slutpris?utm_source=newsletter' },
				},
			},
		});
		expect(error).toBeUndefined();
		const [request] = await sandbox.requests();
		expect(request).toMatchObject({
			method: 'POST',
			path: `/Advertising/Estate/M30011/${estate.id}/FinalPriceWatched`,
			status: 200,
		});
		expect(request.body).toEqual({
			person: {
				firstName: 'Ingrid',
				lastName: 'Vallgren',
				email: { emailAddress: 'ingrid.vallgren@example.com' },
				telephone: { cell: '070-555 12 34' },
			},
			message: 'Please tell me the final price',
			prospectiveBuyerStatus: 'NotInterested',
			leadSourceId: 'web-form',
			marketing: {
				referrer: 'https://www.example.com/slutpris',
				utmTags: [{ name: 'utm_source', value: 'newsletter' }],
			},
		});
		expect(sandbox.handle.store.finalPriceWatches.size).toBe(before + 1);
		const watchId = [...sandbox.handle.store.finalPriceWatches.keys()].at(-1);
		expect(items.map((item) => item.json)).toEqual([
			{ finalPriceWatchId: watchId, estateId: estate.id },
		]);
	});

	test('Final Price Watch Create refuses, by name and before any request, what the watch cannot hold: a status outside its choices, no e-mail or phone', async () => {
		const { estate } = advertisingFixtures(sandbox.handle.store);
		const watch = (additionalFields: Record<string, unknown>) =>
			run({
				resource: 'finalPriceWatch',
				operation: 'create',
				estateId: estate.id,
				firstName: 'Ingrid',
				lastName: 'Vallgren',
				additionalFields,
			});
		const reach = { email: 'ingrid.vallgren@example.com' };
		expect((await watch({ ...reach, prospectiveBuyerStatus: 'Speculator' })).error?.message).toBe(
			'Prospective Buyer Status must be one of Assigned, Interested, NotInterested; got "Speculator"',
		);
		expect((await watch({ city: 'Lund' })).error?.message).toBe(
			'Email, Second Email, Mobile Phone, Home Phone, Work Phone or Other Phone must be given',
		);
		expect(await sandbox.requests()).toEqual([]);
	});

	test('Final Price Watch Create in XML gives the same item', async () => {
		const { estate } = advertisingFixtures(sandbox.handle.store);
		const { items, error } = await run({
			resource: 'finalPriceWatch',
			operation: 'create',
			estateId: estate.id,
			firstName: 'Ingrid',
			lastName: 'Vallgren',
			additionalFields: { homePhone: '08-555 100' },
			messageFormat: 'xml',
		});
		expect(error).toBeUndefined();
		const [request] = await sandbox.requests();
		expect(request.contentType).toContain('application/xml');
		expect(request.body).toEqual({
			person: { firstName: 'Ingrid', lastName: 'Vallgren', telephone: { home: '08-555 100' } },
		});
		expect(items[0].json).toEqual({
			finalPriceWatchId: expect.stringMatching(/^FP/),
			estateId: estate.id,
		});
	});

	test('Final Price Watch Create refuses a blank last name from the input before any request', async () => {
		const { estate } = advertisingFixtures(sandbox.handle.store);
		const { error } = await run(
			{
				resource: 'finalPriceWatch',
				operation: 'create',
				estateId: estate.id,
				firstName: 'Ingrid',
				lastName: '={{ $json.last }}',
			},
			[{ last: '  ' }],
		);
		expect(error?.message).toBe('Last Name must be 1 to 40 characters; got 0');
		expect(await sandbox.requests()).toHaveLength(0);
	});
});
