import type { IDataObject } from 'n8n-workflow';

import { runNode } from '../../harness/engine';
import { packageNode } from '../../harness/packageNodes';
import { useSandbox } from '../../harness/sandbox';

/**
 * The listing reads in n8n-core's engine against the sandbox, which serves them as the live
 * service does (sandbox/README.md, "Advertising reads"): the published estates of an office,
 * whole and extended, their agents, the office by its own ID, pictures as real image bytes.
 */
const estates = packageNode('estateBrokerEstates');
const office = packageNode('estateBrokerOffice');

describe('Listing reads against the sandbox', () => {
	const sandbox = useSandbox({ now: '2026-03-02T07:00:00Z' });
	const run = async (nodeType: typeof estates, parameters: IDataObject) =>
		await runNode({
			nodeType,
			parameters: parameters as never,
			credentials: sandbox.credentials(),
		});
	const store = () => sandbox.handle.store;
	const publishedOf = (customerId: string) =>
		[...store().estates.values()]
			.filter(
				(estate) =>
					estate.customerId === customerId &&
					store().advertising.listings.get(estate.id)?.isPublished === true,
			)
			.map((estate) => estate.id)
			.sort();

	test("Estate › Get Many, Return All, whole records: every published estate of the office once, each read by id, each with its office's IDs", async () => {
		const published = publishedOf('M30011');
		expect(published.length).toBeGreaterThan(0);
		const { items, error } = await run(estates, {
			resource: 'estate',
			operation: 'getAll',
			returnAll: true,
			simplify: false,
			include: [],
		});
		expect(error).toBeUndefined();
		expect(items.map((item) => String(item.json.id)).sort()).toEqual(published);
		expect(items.every((item) => (item.json.marketing as IDataObject).isPublished === true)).toBe(
			true,
		);
		expect(items.every((item) => (item.json.office as IDataObject).id === 'FIR30011')).toBe(true);
		const paths = (await sandbox.requests()).map((request) => request.path);
		expect(paths.filter((path) => path === '/Advertising/Estate/M30011')).toHaveLength(1);
		expect(paths.filter((path) => path.startsWith('/Advertising/Estate/M30011/')).sort()).toEqual(
			published.map((id) => `/Advertising/Estate/M30011/${id}`),
		);
	});

	test('Estate › Get with Include Primary Agent: the agent whole in extensions; Simplify keeps the address and price', async () => {
		const [id] = publishedOf('M30011');
		const whole = await run(estates, {
			resource: 'estate',
			operation: 'get',
			estateId: id,
			include: ['primaryAgent'],
			simplify: false,
		});
		expect(whole.error).toBeUndefined();
		const estate = whole.items[0].json;
		const agent = (estate.extensions as IDataObject).primaryAgent as IDataObject;
		expect(agent.id).toBe(estate.primaryAgentId);
		expect(String(agent.changedAt)).toMatch(/[+-]\d\d:\d\d$/);
		const simple = await run(estates, { resource: 'estate', operation: 'get', estateId: id });
		expect(simple.items[0].json).toMatchObject({
			id,
			streetAddress: (estate.address as IDataObject).streetAddress,
			officeId: 'FIR30011',
			customerId: 'M30011',
		});
	});

	test("Estate › Get with Main Picture: the sandbox's JPEG bytes as binary data", async () => {
		const id = publishedOf('M30011').find(
			(estateId) => store().advertising.listings.get(estateId)!.imageIds.length > 0,
		)!;
		const { items, error } = await run(estates, {
			resource: 'estate',
			operation: 'get',
			estateId: id,
			options: { pictures: 'main' },
		});
		expect(error).toBeUndefined();
		const picture = items[0].binary!.data;
		const bytes = Buffer.from(picture.data, 'base64');
		const imageId = store().advertising.listings.get(id)!.imageIds[0];
		const extension = store().advertising.images.get(imageId)!.extension;
		expect(picture.fileName).toBe(`${imageId}.${extension}`);
		expect(bytes.subarray(0, 2).toString('hex')).toBe(extension === 'jpg' ? 'ffd8' : '8950');
	});

	test('Office › Get by its office ID reads it; by its customer ID the 404 says which is which', async () => {
		const found = await run(office, { resource: 'office', operation: 'get', officeId: 'FIR30011' });
		expect(found.error).toBeUndefined();
		expect(found.items[0].json).toMatchObject({ id: 'FIR30011', customerId: 'M30011' });
		const wrong = await run(office, { resource: 'office', operation: 'get', officeId: 'M30011' });
		expect(wrong.error?.description).toMatch(/^M30011 is a customer ID/);
	});

	test('Agent › Get Many: the listed agents, whole; Office Group › Get Many: the groups', async () => {
		const agents = await run(office, {
			resource: 'agent',
			operation: 'getAll',
			returnAll: true,
			simplify: false,
		});
		expect(agents.error).toBeUndefined();
		expect(agents.items.length).toBeGreaterThan(0);
		expect(
			agents.items.every((item) => /^[^\s]+$/.test(String(item.json.id)) && item.json.name),
		).toBe(true);
		const groups = await run(office, {
			resource: 'officeGroup',
			operation: 'getAll',
			returnAll: true,
		});
		expect(groups.error).toBeUndefined();
		expect(groups.items.map((item) => item.json.name)).toEqual(['Webbplats']);
	});
});
