import { FAILURE_MESSAGES } from '../../../nodes/shared/failures';
import { activatedTrigger } from '../../harness/engine';
import { credentialReads } from '../../harness/credentials';
import { packageNode } from '../../harness/packageNodes';
import { useSandbox } from '../../harness/sandbox';
import { jsonOf, type Activity } from './poller';

/**
 * A poll reads the trigger's credential once, whatever the number of its calls (n8n decrypts
 * it from its database at each read), and a credential changed between polls of one
 * activation (n8n keeps one poll context for all of them) is the one the next poll uses.
 */
describe('Estate Broker Trigger: one credential read per poll', () => {
	const sandbox = useSandbox();
	const trigger = packageNode('estateBrokerTrigger');
	const activity = async (body: object) =>
		await sandbox.control<Activity>('activity', { customerId: 'M30011', ...body });

	it.each([
		["New Bid, with each estate's details", { event: 'newBid' }, { bids: 3 }],
		[
			'New or Changed Contact, fetching full contacts',
			{ event: 'contactCreatedOrChanged', fetchFullContacts: true },
			{ contactChanges: 2 },
		],
		[
			'Live Data Changed',
			{ event: 'liveDataChanged', liveDataPeriod: 'today', emitExistingOnFirstRun: true },
			{},
		],
	])('%s: one read per poll, however many calls', async (_event, parameters, made) => {
		const activation = activatedTrigger({
			nodeType: trigger,
			parameters,
			credentials: sandbox.credentials(),
			staticData: {},
		});
		credentialReads.count = 0;
		expect((await activation.poll()).error).toBeUndefined();
		expect(credentialReads.count).toBe(1);
		await activity(made);
		await sandbox.clearRequests();
		credentialReads.count = 0;
		const run = await activation.poll();
		expect(run.error).toBeUndefined();
		if (parameters.event !== 'liveDataChanged') expect(jsonOf(run).length).toBeGreaterThan(0);
		// Several calls (the list, then details or full records), one read.
		expect((await sandbox.requests()).length).toBeGreaterThan(
			parameters.event === 'liveDataChanged' ? 0 : 1,
		);
		expect(credentialReads.count).toBe(1);
	});

	it('a credential changed between polls of one activation is read afresh at the next poll', async () => {
		const credentials = sandbox.credentials();
		const activation = activatedTrigger({
			nodeType: trigger,
			parameters: { event: 'newBid' },
			credentials,
			staticData: {},
		});
		expect((await activation.poll()).error).toBeUndefined();
		const password = credentials.password;
		credentials.password = 'changed-since';
		expect((await activation.poll()).error?.message).toBe(FAILURE_MESSAGES.unauthorized);
		credentials.password = password;
		const made = await activity({ bids: 1 });
		const run = await activation.poll();
		expect(run.error).toBeUndefined();
		expect(jsonOf(run).map((bid) => bid.id)).toEqual(made.bids);
	});
});
