import type { IDataObject, INodePropertyOptions } from 'n8n-workflow';

import { pollNode } from '../../harness/engine';
import { packageNode, packageNodes } from '../../harness/packageNodes';
import { useSandbox } from '../../harness/sandbox';

/**
 * n8n's node panel (editor-ui, useActionsGeneration › generateMergedNodesAndActions) lists a
 * trigger's events under the action node whose type name is the trigger's without "Trigger".
 * That rule, applied to the package as n8n's loader delivers it.
 */
function panelOf(actionNode: string) {
	const nodes = [...packageNodes().values()];
	const triggers = nodes.filter(
		(n) =>
			n.description.group.includes('trigger') &&
			n.description.name.replace('Trigger', '') === actionNode,
	);
	return triggers.flatMap((trigger) =>
		(
			trigger.description.properties.find((p) => p.name === 'event')!
				.options as INodePropertyOptions[]
		).map((o) => o.name),
	);
}

describe("The trigger's events in each area's node panel", () => {
	test.each([
		['estateBrokerContacts', ['New or Changed Contact']],
		['estateBrokerBid', ['New Bid']],
		['estateBrokerAdvertising', ['New Interest Application or Lead']],
		['estateBrokerReports', ['Live Data Changed']],
		[
			'estateBrokerEstates',
			[
				'Bidding Started',
				'Listing Price Changed',
				'Listing Published or Changed',
				'Listing Status Changed',
				'Listing Unpublished',
				'New Listing',
				'Viewing Added',
			],
		],
		['estateBrokerOffice', []],
	])('%s offers %j', (node, events) => {
		expect(panelOf(node)).toEqual(events);
	});

	test('each area trigger is Estate Broker Trigger with fewer events: same fields, same stored values, its own name and subtitle', () => {
		const all = packageNode('estateBrokerTrigger').description;
		const contacts = packageNode('estateBrokerContactsTrigger').description;
		expect(contacts).toMatchObject({
			displayName: 'Estate Broker Contacts Trigger',
			polling: true,
			group: ['trigger'],
			credentials: all.credentials,
		});
		expect(contacts.properties.map((p) => p.name)).toEqual(all.properties.map((p) => p.name));
		expect(contacts.properties.find((p) => p.name === 'event')).toMatchObject({
			default: 'contactCreatedOrChanged',
			options: [expect.objectContaining({ value: 'contactCreatedOrChanged' })],
		});
	});

	test("each trigger's name in the node panel (n8n leaves out the word Trigger) and its description say what it is for", () => {
		const triggers = [
			'estateBrokerTrigger',
			'estateBrokerContactsTrigger',
			'estateBrokerBidTrigger',
			'estateBrokerAdvertisingTrigger',
			'estateBrokerReportsTrigger',
			'estateBrokerEstatesTrigger',
		].map((name) => packageNode(name).description);
		const listed = triggers.map((trigger) => ({
			name: trigger.displayName.replace(/ Trigger$/, ''),
			description: trigger.description,
		}));
		expect(listed).toEqual([
			{
				name: 'Estate Broker Events',
				description: expect.stringMatching(
					/^Starts a workflow on any event of the brokerage system: a new bid, a new lead .*, a new or changed contact, a new or changed listing \(its status, price, viewings, bidding, or taken off the website\), or changed live data$/,
				),
			},
			{
				name: 'Estate Broker Contacts',
				description: 'Starts a workflow when a contact is added to the register or changed',
			},
			{
				name: 'Estate Broker CRM Bid',
				description: 'Starts a workflow when a bid is placed on an estate of the office',
			},
			{
				name: 'Estate Broker Advertising',
				description:
					'Starts a workflow when someone registers interest in an estate or another lead comes in',
			},
			{
				name: 'Estate Broker Reports',
				description: 'Starts a workflow when the live-data figures of an agent move',
			},
			{
				name: 'Estate Broker Estates',
				description:
					'Starts a workflow when an estate is published on the website, a listing changes (its status, price, viewings, bidding), or an estate is taken off the website',
			},
		]);
		// The names saved workflows store stay as they were.
		expect(triggers.map((trigger) => trigger.name)).toEqual([
			'estateBrokerTrigger',
			'estateBrokerContactsTrigger',
			'estateBrokerBidTrigger',
			'estateBrokerAdvertisingTrigger',
			'estateBrokerReportsTrigger',
			'estateBrokerEstatesTrigger',
		]);
	});

	const sandbox = useSandbox();
	test('an area trigger polls as the whole trigger does: Estate Broker CRM Bid Trigger emits a new bid', async () => {
		const nodeType = packageNode('estateBrokerBidTrigger');
		const staticData: IDataObject = {};
		const first = await pollNode({
			nodeType,
			parameters: { event: 'newBid' },
			credentials: sandbox.credentials(),
			staticData,
			mode: 'trigger',
		});
		expect(first.error).toBeUndefined();
		expect(first.items).toBeNull();
		const { activatedAt } = staticData.state as IDataObject;
		const { bids } = await sandbox.control<{ bids: string[] }>('activity', {
			customerId: 'M30011',
			bids: 1,
			at: activatedAt,
		});
		const second = await pollNode({
			nodeType,
			parameters: { event: 'newBid' },
			credentials: sandbox.credentials(),
			staticData,
			mode: 'trigger',
		});
		expect(second.error).toBeUndefined();
		expect((second.items?.[0] ?? []).map((item) => item.json.id)).toEqual(bids);
	});
});
