import { swedishTime, useSandbox } from '../../harness/sandbox';
import { jsonOf, poller, type Activity } from './poller';

describe('Estate Broker Trigger: New or Changed Contact', () => {
	const sandbox = useSandbox();
	const activity = async (body: object) =>
		await sandbox.control<Activity>('activity', { customerId: 'M30011', ...body });
	const contactTrigger = (parameters: object = {}) =>
		poller(sandbox, { event: 'contactCreatedOrChanged', ...parameters });

	it('records where it stands on the first run, asking only for contacts changed within the late-records window', async () => {
		const trigger = contactTrigger();
		const before = Date.now();
		const first = await trigger.poll();
		expect(first.error).toBeUndefined();
		expect(first.items).toBeNull();
		const [request] = await sandbox.requests();
		expect(request).toMatchObject({ method: 'GET', path: '/CRM/Contact/M30011' });
		expect(Object.keys(request.query)).toEqual(['criteria.changedAtFrom']);
		const from = Date.parse(String(request.query['criteria.changedAtFrom']));
		expect(before - from).toBeGreaterThanOrEqual(60 * 60_000 - 1000);
		expect(String(request.query['criteria.changedAtFrom'])).toMatch(/Z$/);
	});

	it('emits each change once, oldest first, a contact changed again once more, and null when nothing changed', async () => {
		const trigger = contactTrigger();
		await trigger.poll();
		const first = await activity({ contactChanges: 2 });
		const run = await trigger.poll();
		expect(run.error).toBeUndefined();
		const items = jsonOf(run);
		expect(items.map((item) => item.id).sort()).toEqual([...first.contacts.changed].sort());
		expect(items[0]).toMatchObject({
			changedAt: swedishTime(first.at),
			contactType: 'Person',
			change: 'changed',
		});
		const lookBack = (await sandbox.requests()).slice(-1)[0].query['criteria.changedAtFrom'];
		expect(Date.parse(String(lookBack))).toBeLessThanOrEqual(Date.parse(first.at));
		expect((await trigger.poll()).items).toBeNull();

		const again = await activity({ contactChanges: 1 });
		expect(jsonOf(await trigger.poll()).map((item) => item.id)).toEqual(again.contacts.changed);
	});

	it('emits a change stamped with the same time as the newest one already seen', async () => {
		const trigger = contactTrigger();
		await trigger.poll();
		const before = await activity({ contactChanges: 1 });
		expect(jsonOf(await trigger.poll()).map((item) => item.id)).toEqual(before.contacts.changed);
		const same = await activity({ contactChanges: 1, at: before.at });
		expect(jsonOf(await trigger.poll()).map((item) => item.id)).toEqual(same.contacts.changed);
		expect((await trigger.poll()).items).toBeNull();
	});

	it('watches created contacts with criteria.createdAtFrom and fetches full records in batches of 20', async () => {
		const trigger = contactTrigger({ contactChange: 'created', fetchFullContacts: true });
		await trigger.poll();
		const made = await activity({ interestApplications: 22 });
		const created = made.contacts.created;
		expect(created.length).toBeGreaterThan(20);
		await sandbox.clearRequests();
		const run = await trigger.poll();
		expect(run.error).toBeUndefined();
		const items = jsonOf(run);
		expect(items.map((item) => item.id).sort()).toEqual([...created].sort());
		// Each contact read on its type's endpoint, whose record carries the name (CrmContact has none).
		for (const item of items) {
			const contact = sandbox.handle.store.contacts.get(item.id as string)!;
			expect(item).toMatchObject({
				type: 'Person',
				createdAt: swedishTime(made.at),
				change: 'created',
				email: expect.anything(),
				firstName: contact.firstName,
				lastName: contact.lastName,
			});
		}
		const requests = await sandbox.requests();
		expect(requests[0]).toMatchObject({ path: '/CRM/Contact/M30011' });
		expect(Object.keys(requests[0].query)).toEqual(['criteria.createdAtFrom']);
		expect(
			requests.slice(1).every((request) => request.path.startsWith('/CRM/Contact/M30011/Person')),
		).toBe(true);
		const batches = requests
			.slice(1)
			.map((request) =>
				(request.query.contactIds
					? String(request.query.contactIds)
					: decodeURIComponent(request.path.split('/').pop()!)
				).split(','),
			);
		expect(batches.map((batch) => batch.length).sort((a, b) => b - a)).toEqual([
			20,
			created.length - 20,
		]);
		expect(batches.flat().sort()).toEqual([...created].sort());
		// A created contact that is changed afterwards is not created again.
		const later = sandbox.handle.store.contacts.get(created[0])!;
		later.changedAt = new Date(Date.parse(made.at) + 1000).toISOString();
		expect((await trigger.poll()).items).toBeNull();
		expect((await sandbox.requests()).slice(-1)[0].path).toBe('/CRM/Contact/M30011');
	});

	it('Fetch Test Event returns the newest change and leaves the state untouched', async () => {
		const trigger = contactTrigger();
		await trigger.poll();
		const made = await activity({ contactChanges: 1 });
		const before = JSON.stringify(trigger.staticData);
		const manual = await trigger.poll('manual');
		expect(jsonOf(manual).map((item) => item.id)).toEqual(made.contacts.changed);
		expect(JSON.stringify(trigger.staticData)).toBe(before);
		expect(jsonOf(await trigger.poll()).map((item) => item.id)).toEqual(made.contacts.changed);
	});

	it('a failed full-record fetch fails the whole poll and keeps the state, so the change is emitted next time', async () => {
		const trigger = contactTrigger({ fetchFullContacts: true });
		await trigger.poll();
		const made = await activity({ contactChanges: 1 });
		const before = JSON.stringify(trigger.staticData);
		await sandbox.control('faults', {
			kind: 'status500',
			count: 1,
			pathPrefix: `/CRM/Contact/M30011/`,
		});
		const failed = await trigger.poll();
		expect(failed.error?.message).toBe('The service failed to process the request (HTTP 500)');
		expect(JSON.stringify(trigger.staticData)).toBe(before);
		const run = await trigger.poll();
		expect(jsonOf(run).map((item) => item.id)).toEqual(made.contacts.changed);
		expect(jsonOf(run)[0]).toMatchObject({
			changedAt: swedishTime(made.at),
			email: expect.anything(),
		});
	});
});
