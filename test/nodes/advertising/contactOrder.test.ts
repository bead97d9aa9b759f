import { packageNode } from '../../harness/packageNodes';
import { runNode } from '../../harness/engine';
import { useSandbox } from '../../harness/sandbox';
import { advertisingFixtures } from './fixtures';

const nodeType = packageNode('estateBrokerAdvertising');

describe('Estate Broker Advertising: contact order opt-out', () => {
	// A larger seed, so the demo firm has more than 100 active mailings.
	const sandbox = useSandbox({ scale: { contacts: 1500 } });
	const parameters = {
		resource: 'contactOrder',
		operation: 'optOut',
		contactOrderId: '={{ $json.orderId }}',
		customerId: 'G2',
	};

	test('Opt Out sends a PUT without a body and gives one item saying what was done', async () => {
		const [order] = advertisingFixtures(sandbox.handle.store).activeOrders;
		const { items, error } = await runNode({
			nodeType,
			parameters,
			credentials: sandbox.credentials(),
			input: [{ orderId: order.id }],
		});
		expect(error).toBeUndefined();
		const [request] = await sandbox.requests();
		expect(request).toMatchObject({
			method: 'PUT',
			path: `/Advertising/Message/G2/ContactOrder/${order.id}/OptOut`,
			status: 204,
		});
		expect(request.body ?? null).toBeNull(); // no body: the log shows it as null
		expect(request.contentType).toBeNull();
		expect(items).toEqual([
			{ json: { optedOut: true, contactOrderId: order.id }, pairedItem: { item: 0 } },
		]);
		expect(sandbox.handle.store.contactOrders.get(order.id)?.active).toBe(false);
	});

	test('100 contact orders in one run give 100 paired items; a failing one with Continue On Fail does not stop the other 99', async () => {
		const orders = advertisingFixtures(sandbox.handle.store).activeOrders.slice(0, 99);
		expect(orders).toHaveLength(99);
		const ids = orders.map((order) => order.id);
		// The unknown order sits in the middle of the list.
		ids.splice(50, 0, 'CO99999');
		const { items, error } = await runNode({
			nodeType,
			parameters,
			credentials: sandbox.credentials(),
			input: ids.map((orderId) => ({ orderId })),
			continueOnFail: true,
		});
		expect(error).toBeUndefined();
		expect(items).toHaveLength(100);
		items.forEach((item, index) => expect(item.pairedItem).toEqual({ item: index }));
		expect(items[50].json).toMatchObject({ error: 'The service found no such record' });
		const succeeded = items.filter((_item, index) => index !== 50);
		expect(succeeded.map((item) => item.json)).toEqual(
			orders.map((order) => ({ optedOut: true, contactOrderId: order.id })),
		);
		expect(
			orders.every((order) => sandbox.handle.store.contactOrders.get(order.id)?.active === false),
		).toBe(true);

		const requests = await sandbox.requests();
		expect(requests).toHaveLength(100);
		expect(
			requests.every((request) => request.method === 'PUT' && (request.body ?? null) === null),
		).toBe(true);
		expect(
			requests.filter((request) => request.status === 404).map((request) => request.path),
		).toEqual(['/Advertising/Message/G2/ContactOrder/CO99999/OptOut']);
	});

	test('With On Error "Continue (using error output)" a failing order goes to the error output, the others to the first', async () => {
		const [first, second] = advertisingFixtures(sandbox.handle.store).activeOrders;
		const { outputs, error } = await runNode({
			nodeType,
			parameters,
			credentials: sandbox.credentials(),
			input: [{ orderId: first.id }, { orderId: 'CO99999' }, { orderId: second.id }],
			errorOutput: true,
		});
		expect(error).toBeUndefined();
		expect(outputs).toHaveLength(2);
		expect(outputs[0].map((item) => item.json)).toEqual([
			{ optedOut: true, contactOrderId: first.id },
			{ optedOut: true, contactOrderId: second.id },
		]);
		expect(outputs[1].map((item) => item.json)).toEqual([
			{ error: 'The service found no such record', details: 'Contact order CO99999 not found' },
		]);
		expect(outputs[1][0].pairedItem).toEqual({ item: 1 });
	});

	test('Without Continue On Fail the failing order stops the run with its item index', async () => {
		const [order] = advertisingFixtures(sandbox.handle.store).activeOrders;
		const { error } = await runNode({
			nodeType,
			parameters,
			credentials: sandbox.credentials(),
			input: [{ orderId: order.id }, { orderId: 'CO99999' }],
		});
		expect(error?.message).toBe('The service found no such record');
		expect(error?.context?.itemIndex).toBe(1);
	});

	test('Opting out twice is harmless', async () => {
		const [order] = advertisingFixtures(sandbox.handle.store).activeOrders;
		const { items } = await runNode({
			nodeType,
			parameters,
			credentials: sandbox.credentials(),
			input: [{ orderId: order.id }, { orderId: order.id }],
		});
		expect(items.map((item) => item.json)).toEqual([
			{ optedOut: true, contactOrderId: order.id },
			{ optedOut: true, contactOrderId: order.id },
		]);
		expect((await sandbox.requests()).map((request) => request.status)).toEqual([204, 204]);
	});
});
