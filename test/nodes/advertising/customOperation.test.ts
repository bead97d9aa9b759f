import type { IDataObject } from 'n8n-workflow';

import { packageNode } from '../../harness/packageNodes';
import { routingComparison } from '../../harness/routingComparison';
import { useSandbox } from '../../harness/sandbox';
import { advertisingFixtures } from './fixtures';

/**
 * Opt Out, Interest Application › Create and Final Price Watch › Create run as n8n custom
 * operations (engine/eachItem.ts), one call per item. The same parameters through n8n-core's
 * RoutingNode (as n8n runs the node as an AI tool) and through the custom operation give the
 * sandbox the same requests and the workflow the same items (harness/routingComparison.ts).
 */
const nodeType = packageNode('estateBrokerAdvertising');

describe('Estate Broker Advertising: the writes of one call per item as custom operations, same as the routing', () => {
	// A clock that stands still, and enough contacts for active mailings of the demo firm.
	const sandbox = useSandbox({
		now: '2026-09-01T10:00:00Z',
		clock: () => Date.parse('2026-09-01T10:00:00Z'),
		scale: { contacts: 1500 },
	});
	const fixtures = () => advertisingFixtures(sandbox.handle.store);

	afterEach(() => jest.restoreAllMocks());

	describe('Contact Order › Opt Out', () => {
		const { bothWays } = routingComparison(sandbox, nodeType, {
			resource: 'contactOrder',
			operation: 'optOut',
			customerId: 'G2',
		});

		test('Ids from the items, in JSON and in XML; an unknown order under Continue On Fail is its own item', async () => {
			const ids = fixtures()
				.activeOrders.slice(0, 7)
				.map((order) => order.id);
			const input = ids.map((id) => ({ id: ` ${id} ` }));
			const json = await bothWays({ parameters: { contactOrderId: '={{ $json.id }}' }, input });
			expect(json.requests.map((request) => `${request.method} ${request.status}`)).toEqual(
				ids.map(() => 'PUT 204'),
			);
			expect(json.items.map((item) => [item.json.contactOrderId, item.pairedItem])).toEqual(
				ids.map((id, index) => [id, { item: index }]),
			);
			await bothWays({
				parameters: { contactOrderId: '={{ $json.id }}', messageFormat: 'xml' },
				input,
			});
			const failing = await bothWays({
				parameters: { contactOrderId: '={{ $json.id }}' },
				input: [{ id: ids[0] }, { id: 'CO99999' }, { id: ids[1] }],
				continueOnFail: true,
			});
			expect(failing.items.map((item) => item.json.error ?? item.json.contactOrderId)).toEqual([
				ids[0],
				'The service found no such record',
				ids[1],
			]);
		});

		test('A fixed id and an id that is not a plain field reference (read through n8n)', async () => {
			const [order] = fixtures().activeOrders;
			await bothWays({ parameters: { contactOrderId: order.id } });
			await bothWays({
				parameters: { contactOrderId: '={{ $json.order.id.toUpperCase() }}' },
				input: [{ order: { id: order.id.toLowerCase() } }],
			});
		});
	});

	describe('Interest Application › Create', () => {
		const { bothWays, routed, runWith } = routingComparison(sandbox, nodeType, {
			resource: 'interestApplication',
			operation: 'create',
		});

		test('Every field filled, both duplicate checks, in JSON and in XML', async () => {
			const { estate } = fixtures();
			const parameters = {
				estateId: { __rl: true, mode: 'id', value: estate.id },
				firstName: ' Ingrid ',
				lastName: 'Vallgren',
				additionalFields: {
					socialSecurityNumber: '19850312-4471',
					isForeignSocialSecurityNumber: false,
					streetAddress: 'Götgatan 12',
					zipCode: '11646',
					city: 'Stockholm',
					countryCode: 'SE',
					homePhone: '08-555 100',
					workPhone: '08-555 200',
					cellPhone: '070-555 12 34',
					otherPhone: '070-555 99 99',
					email: 'ingrid.vallgren@example.com',
					email2: 'ingrid@example.org',
					gdprApprovalDate: '2026-02-01T09:00:00',
					contactMessage: 'Is the balcony south-facing?',
					status: 'VeryInterested',
					leadSourceId: 'web-form',
					assignmentSourceId: 3,
					marketing: {
						value: {
							landingPageUrl:
								'https://www.example.com/objekt/42?utm_source=hemnet&utm_medium=cpc&visning=1',
							utmTags: {
								tag: [
									{ name: 'utm_medium', value: 'banner' },
									{ name: 'utm_content', value: 'top' },
								],
							},
						},
					},
					presentAccommodation: '{"estateType":"Tenancy","livingSpace":64}',
				},
			};
			const json = await bothWays({ parameters, timezone: 'Europe/Stockholm' });
			expect(
				json.requests.map((request) => `${request.method} ${request.path} ${request.status}`),
			).toEqual([`POST /Advertising/Estate/M30011/${estate.id}/interest 204`]);
			expect(json.requests[0].body).toMatchObject({
				firstName: 'Ingrid',
				gdprApprovalDate: '2026-02-01T08:00:00.000Z',
				assignmentSourceId: '3',
				marketing: { referrer: 'https://www.example.com/objekt/42?visning=1' },
			});
			await bothWays({
				parameters: { ...parameters, duplicateCheck: 'interestRestrictive' },
				timezone: 'Europe/Stockholm',
			});
			const xml = await bothWays({
				parameters: { ...parameters, messageFormat: 'xml' },
				timezone: 'Europe/Stockholm',
			});
			expect(xml.requests[0].contentType).toContain('xml');
		});

		test('Expressions over several items, as from a web form', async () => {
			const { estate } = fixtures();
			const input = [
				{
					estate: estate.id,
					first: 'Sixten',
					last: 'Berg',
					mail: 'sixten@mail.example',
					text: 'first',
					page: 'https://www.example.com/a?utm_source=x',
				},
				{
					estate: estate.id,
					first: 'Vera',
					last: 'Holm',
					mail: 'vera@mail.example',
					text: '',
					page: '',
				},
				{
					estate: estate.id,
					first: 'Ture',
					last: 'Sjö',
					mail: 'ture@mail.example',
					text: 'third',
					page: 'https://www.example.com/b',
				},
			];
			const run = await bothWays({
				parameters: {
					estateId: { __rl: true, mode: 'id', value: '={{ $json.estate }}' },
					firstName: '={{ $json.first }}',
					lastName: '={{ $json.last }}',
					additionalFields: {
						email: '={{ $json.mail }}',
						contactMessage: '={{ $json.text }}',
						marketing: { value: { landingPageUrl: '={{ $json.page }}' } },
					},
				},
				input,
			});
			expect(run.requests.filter((request) => request.method === 'POST')).toHaveLength(3);
			expect(run.items.map((item) => [item.json.firstName, item.pairedItem])).toEqual([
				['Sixten', { item: 0 }],
				['Vera', { item: 1 }],
				['Ture', { item: 2 }],
			]);
		});

		test('Bad input stops the node before any write; the routing wrote the good items and lost their output', async () => {
			const { estate } = fixtures();
			const input = [{ first: 'Ok' }, { first: '' }, { first: 'Also ok' }];
			const parameters = {
				estateId: estate.id,
				firstName: '={{ $json.first }}',
				lastName: 'Berg',
				additionalFields: { cellPhone: '070-123 45 67' },
			};
			const viaRouting = await runWith(routed, { parameters, input });
			const stopped = await runWith(nodeType, { parameters, input });
			expect(stopped.error).toMatchObject({
				message: 'First Name must be 1 to 40 characters; got 0',
				item: 1,
			});
			expect(viaRouting.error).toMatchObject({
				message: 'First Name must be 1 to 40 characters; got 0',
				item: 1,
			});
			expect(viaRouting.requests).toHaveLength(2);
			expect(stopped.requests).toHaveLength(0);
			const kept = await bothWays({ parameters, input, continueOnFail: true });
			expect(
				kept.items.map((item) => [item.json.error ?? item.json.firstName, item.pairedItem]),
			).toEqual([
				['Ok', { item: 0 }],
				['First Name must be 1 to 40 characters; got 0', { item: 1 }],
				['Also ok', { item: 2 }],
			]);
		});
	});

	describe('Final Price Watch › Create', () => {
		const { bothWays } = routingComparison(sandbox, nodeType, {
			resource: 'finalPriceWatch',
			operation: 'create',
		});

		test('Every field filled, in JSON and in XML', async () => {
			const { estate } = fixtures();
			const parameters: IDataObject = {
				estateId: { __rl: true, mode: 'id', value: estate.id },
				firstName: 'Ingrid',
				lastName: ' Vallgren ',
				additionalFields: {
					socialSecurityNumber: '19850312-4471',
					isForeignSocialSecurityNumber: true,
					streetAddress: 'Götgatan 12',
					zipCode: '11646',
					city: 'Stockholm',
					countryCode: 'se',
					homePhone: '08-555 100',
					workPhone: '08-555 200',
					cellPhone: '070-555 12 34',
					otherPhone: '070-555 99 99',
					email: 'ingrid.vallgren@example.com',
					email2: 'ingrid@example.org',
					message: 'Please tell me the final price',
					prospectiveBuyerStatus: 'notinterested',
					leadSourceId: 'portal',
					marketing: {
						value: {
							referrer: 'https://www.hemnet.se/',
							utmTags: { tag: [{ name: 'utm_source', value: 'mail' }] },
						},
					},
				},
			};
			const json = await bothWays({ parameters });
			expect(json.requests.map((request) => `${request.method} ${request.status}`)).toEqual([
				'POST 200',
			]);
			expect(json.items).toEqual([
				{
					json: { finalPriceWatchId: expect.stringMatching(/^FP/), estateId: estate.id },
					pairedItem: { item: 0 },
				},
			]);
			const xml = await bothWays({ parameters: { ...parameters, messageFormat: 'xml' } });
			expect(xml.requests[0].contentType).toContain('xml');
		});

		test('Expressions over several items; a refused status under Continue On Fail is its own item', async () => {
			const { estate } = fixtures();
			const input = [
				{ first: 'Sixten', phone: '070-1', status: 'Interested' },
				{ first: 'Vera', phone: '070-2', status: 'Speculator' },
				{ first: 'Ture', phone: '070-3', status: 'Assigned' },
			];
			const run = await bothWays({
				parameters: {
					estateId: estate.id,
					firstName: '={{ $json.first }}',
					lastName: 'Holm',
					additionalFields: {
						cellPhone: '={{ $json.phone }}',
						prospectiveBuyerStatus: '={{ $json.status }}',
					},
				},
				input,
				continueOnFail: true,
			});
			expect(
				run.items.map((item) => [item.json.error ?? item.json.estateId, item.pairedItem]),
			).toEqual([
				[estate.id, { item: 0 }],
				[
					'Prospective Buyer Status must be one of Assigned, Interested, NotInterested; got "Speculator"',
					{ item: 1 },
				],
				[estate.id, { item: 2 }],
			]);
		});
	});
});
