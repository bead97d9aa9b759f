import type { INodeProperties, INodeType } from 'n8n-workflow';

import { LIMITS } from '../../nodes/shared/rules';
import { FAILURE_MESSAGES } from '../../nodes/shared/failures';
import { MAX_ANSWER_SIZE_MB, TRIGGER_TIMEOUT_MS } from '../../nodes/shared/wire';
import { runNode } from '../harness/engine';
import { loaderContext } from '../harness/loadOptions';
import { packageNode, packageNodes } from '../harness/packageNodes';
import { useSandbox } from '../harness/sandbox';
import {
	certificate,
	startFront,
	startHungServer,
	startProxy,
	type WireServer,
} from '../harness/wire';
import { bidFixtures } from '../nodes/bid/fixtures';
import { poller } from '../nodes/trigger/poller';

/**
 * n8n's Request Options (Timeout, Proxy, Ignore SSL Issues, Batching) as the editor shows them
 * and as they act on the wire, for action nodes, their dropdowns and the trigger.
 */
const sandbox = useSandbox();
const bidNode = packageNode('estateBrokerBid');
const contactsNode = packageNode('estateBrokerContacts');

const servers: WireServer[] = [];
async function started(server: Promise<WireServer>): Promise<WireServer> {
	servers.push(await server);
	return servers[servers.length - 1];
}
afterEach(async () => {
	for (const server of servers.splice(0)) await server.close();
});

function requestOptionsOf(nodeType: INodeType): INodeProperties[] {
	return nodeType.description.properties.filter((property) => property.name === 'requestOptions');
}

function everyPropertyNamed(properties: INodeProperties[], name: string): INodeProperties[] {
	return properties.flatMap((property) => [
		...(property.name === name ? [property] : []),
		...everyPropertyNamed(
			((property.options ?? []) as INodeProperties[]).filter((option) => 'displayName' in option),
			name,
		),
	]);
}

describe('Request Options as n8n delivers the nodes', () => {
	const actionNodes = [...packageNodes().values()].filter(
		(nodeType) => !nodeType.description.group.includes('trigger'),
	);

	it("every action node shows one Request Options with one Timeout, n8n's Proxy, Ignore SSL Issues and Batching, and the package's Max Answer Size", () => {
		expect(actionNodes.map((nodeType) => nodeType.description.name).sort()).toEqual([
			'estateBrokerAdvertising',
			'estateBrokerBid',
			'estateBrokerContacts',
			'estateBrokerEstates',
			'estateBrokerOffice',
			'estateBrokerReports',
		]);
		for (const nodeType of actionNodes) {
			const collections = requestOptionsOf(nodeType);
			expect(collections).toHaveLength(1);
			const options = (collections[0].options ?? []) as INodeProperties[];
			expect(options.map((option) => option.name).sort()).toEqual([
				'allowUnauthorizedCerts',
				'batching',
				'maxAnswerSize',
				'proxy',
				'timeout',
			]);
			expect(everyPropertyNamed(nodeType.description.properties, 'timeout')).toHaveLength(1);
		}
	});

	it('Max Answer Size and Max Pages show the defaults the code applies', () => {
		for (const nodeType of [...actionNodes, packageNode('estateBrokerTrigger')]) {
			const options = requestOptionsOf(nodeType)[0].options as INodeProperties[];
			expect([
				nodeType.description.name,
				options.find((option) => option.name === 'maxAnswerSize')?.default,
			]).toEqual([nodeType.description.name, MAX_ANSWER_SIZE_MB.default]);
		}
		const maxPages = packageNode('estateBrokerReports').description.properties.find(
			(property) => property.name === 'maxPages',
		);
		expect(maxPages?.default).toBe(LIMITS.maxPages.default);
	});

	it('the trigger, which n8n leaves alone, offers the same Timeout, Proxy, Ignore SSL Issues and Max Answer Size', () => {
		const trigger = packageNode('estateBrokerTrigger');
		const [collection] = requestOptionsOf(trigger);
		const options = (collection.options ?? []) as INodeProperties[];
		expect(options.map((option) => option.name).sort()).toEqual([
			'allowUnauthorizedCerts',
			'maxAnswerSize',
			'proxy',
			'timeout',
		]);
		const [bidOptions] = requestOptionsOf(bidNode);
		const timeoutOf = (list: INodeProperties[]) => list.find((option) => option.name === 'timeout');
		expect(timeoutOf(options)?.default).toBe(
			timeoutOf(bidOptions.options as INodeProperties[])?.default,
		);
	});
});

describe('Request Options on the wire', () => {
	it('Proxy: the request goes through the proxy set on the node', async () => {
		const proxy = await started(startProxy());
		const { visibleBid } = bidFixtures(sandbox.handle.store);
		const { items, error } = await runNode({
			nodeType: bidNode,
			parameters: {
				resource: 'bid',
				operation: 'get',
				bidId: visibleBid.id,
				requestOptions: { proxy: proxy.url },
			},
			credentials: sandbox.credentials(),
		});
		expect(error).toBeUndefined();
		expect(items[0].json.id).toBe(visibleBid.id);
		expect(proxy.seen.map((entry) => entry.line)).toEqual([
			`GET ${sandbox.url}/CRM/Bid/M30011/${visibleBid.id}`,
		]);
	});

	it('Proxy: the trigger and a dropdown go through it too', async () => {
		const proxy = await started(startProxy());
		const trigger = poller(sandbox, { event: 'newBid', requestOptions: { proxy: proxy.url } });
		expect((await trigger.poll()).error).toBeUndefined();
		const context = loaderContext(contactsNode, sandbox.credentials(), {
			requestOptions: { proxy: proxy.url },
		});
		expect(
			(await contactsNode.methods!.listSearch!.searchAgents.call(context)).results.length,
		).toBeGreaterThan(0);
		expect(proxy.seen.some((entry) => entry.line.includes('/CRM/Bids/'))).toBe(true);
		expect(
			proxy.seen.some((entry) => entry.line.includes('/BusinessIntelligence/External/Users')),
		).toBe(true);
	});

	it('Ignore SSL Issues: a self-signed certificate is refused without it and accepted with it', async () => {
		const front = await started(startFront(sandbox.url, certificate('self-signed')));
		const { visibleBid } = bidFixtures(sandbox.handle.store);
		const parameters = { resource: 'bid', operation: 'get', bidId: visibleBid.id };
		const refused = await runNode({
			nodeType: bidNode,
			parameters,
			credentials: sandbox.credentials({ baseUrl: front.url }),
		});
		expect(refused.error?.message).toMatch(/self[- ]signed certificate/);
		expect(front.seen).toEqual([]);
		const accepted = await runNode({
			nodeType: bidNode,
			parameters: { ...parameters, requestOptions: { allowUnauthorizedCerts: true } },
			credentials: sandbox.credentials({ baseUrl: front.url }),
		});
		expect(accepted.error).toBeUndefined();
		expect(accepted.items[0].json.id).toBe(visibleBid.id);
		expect(front.seen.map((entry) => entry.line)).toEqual([`GET /CRM/Bid/M30011/${visibleBid.id}`]);
	});

	it('Ignore SSL Issues: the trigger and a dropdown honour it as well', async () => {
		const front = await started(startFront(sandbox.url, certificate('self-signed')));
		const credentials = { baseUrl: front.url };
		expect((await poller(sandbox, { event: 'newBid' }, credentials).poll()).error?.message).toMatch(
			/self[- ]signed certificate/,
		);
		expect(
			(
				await poller(
					sandbox,
					{ event: 'newBid', requestOptions: { allowUnauthorizedCerts: true } },
					credentials,
				).poll()
			).error,
		).toBeUndefined();
		const getAreas = contactsNode.methods!.loadOptions!.getAreas;
		await expect(
			getAreas.call(loaderContext(contactsNode, sandbox.credentials(credentials), {})),
		).rejects.toThrow(/self[- ]signed certificate/);
		const areas = await getAreas.call(
			loaderContext(contactsNode, sandbox.credentials(credentials), {
				requestOptions: { allowUnauthorizedCerts: true },
			}),
		);
		expect(areas.length).toBeGreaterThan(0);
	});

	it('HTTPS with a valid chain needs no option', async () => {
		const front = await started(startFront(sandbox.url, certificate('trusted')));
		const { visibleBid } = bidFixtures(sandbox.handle.store);
		const { items, error } = await runNode({
			nodeType: bidNode,
			parameters: { resource: 'bid', operation: 'get', bidId: visibleBid.id },
			credentials: sandbox.credentials({ baseUrl: front.url }),
		});
		expect(error).toBeUndefined();
		expect(items[0].json.id).toBe(visibleBid.id);
	});

	it("Timeout: a hung service is given up at the node's Timeout, in an action node, a dropdown and the trigger", async () => {
		// Without the node's Timeout each of these would wait n8n's 300 s and fail the test by its own time limit.
		const hung = await started(startHungServer());
		const credentials = sandbox.credentials({ baseUrl: hung.url });
		const action = await runNode({
			nodeType: bidNode,
			parameters: {
				resource: 'bid',
				operation: 'get',
				bidId: 'B1',
				requestOptions: { timeout: 300 },
			},
			credentials,
		});
		expect(action.error?.message).toBe(FAILURE_MESSAGES.timeout);
		const context = loaderContext(contactsNode, credentials, { requestOptions: { timeout: 300 } });
		await expect(contactsNode.methods!.loadOptions!.getAreas.call(context)).rejects.toThrow(
			FAILURE_MESSAGES.timeout,
		);
		const trigger = poller(
			sandbox,
			{ event: 'newBid', requestOptions: { timeout: 300 } },
			{ baseUrl: hung.url },
		);
		expect((await trigger.poll()).error?.message).toBe(FAILURE_MESSAGES.timeout);
		expect(trigger.staticData).toEqual({});
		expect(hung.seen.length).toBeGreaterThanOrEqual(3);
	}, 20_000);

	it("Timeout: the trigger, its Timeout not added, waits the 10,000 ms the option shows, not n8n's 300 s", async () => {
		const trigger = packageNode('estateBrokerTrigger');
		const shown = (requestOptionsOf(trigger)[0].options as INodeProperties[]).find(
			(option) => option.name === 'timeout',
		);
		expect(shown?.default).toBe(TRIGGER_TIMEOUT_MS);
		expect(TRIGGER_TIMEOUT_MS).toBe(10_000);
		// The service never answers: only the Timeout ends the poll (at n8n's 300 s this test would fail by its own time limit).
		const hung = await started(startHungServer());
		const run = await poller(sandbox, { event: 'newBid' }, { baseUrl: hung.url }).poll();
		expect(run.error?.message).toBe(FAILURE_MESSAGES.timeout);
		expect(hung.seen).toHaveLength(1);
	}, 40_000);

	it('Batching: items go out in batches of the set size, the set interval apart', async () => {
		const front = await started(startFront(sandbox.url));
		const { visibleBid } = bidFixtures(sandbox.handle.store);
		const runStart = performance.now();
		const { items, error } = await runNode({
			nodeType: bidNode,
			parameters: {
				resource: 'bid',
				operation: 'get',
				bidId: visibleBid.id,
				requestOptions: { batching: { batch: { batchSize: 2, batchInterval: 600 } } },
			},
			credentials: sandbox.credentials({ baseUrl: front.url }),
			input: [{}, {}, {}, {}, {}],
		});
		expect(error).toBeUndefined();
		expect(items).toHaveLength(5);
		const at = front.seen.map((entry) => entry.at - runStart).sort((a, b) => a - b);
		expect(at).toHaveLength(5);
		// n8n waits the interval before it starts each batch after the first, so no more than two
		// requests can arrive before 600 ms from the run's start and no more than four before
		// 1,200 ms. Lower bounds from the start only: a timer never fires early, and a busy machine
		// may delay the first batch's arrival into the second's, so gaps between arrivals prove nothing.
		expect(at[2]).toBeGreaterThanOrEqual(600);
		expect(at[4]).toBeGreaterThanOrEqual(1200);
	});
});
