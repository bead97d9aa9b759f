import type { IDataObject, INodeType } from 'n8n-workflow';
import { RoutingNode } from 'n8n-core';

import { runNode } from './engine';
import type { useSandbox } from './sandbox';

export interface ComparedRun {
	parameters: IDataObject;
	input?: IDataObject[];
	continueOnFail?: boolean;
	timezone?: string;
}

/**
 * A write of one call per item runs as an n8n custom operation (engine/eachItem.ts) that
 * applies the fields' own `routing.send` and the operation's steps. The same parameters run
 * through n8n-core's RoutingNode (the node type without its custom operations, as n8n runs it
 * as an AI tool) and through the custom operation must give the sandbox the same requests and
 * the workflow the same items. `runWith` runs one way on a freshly reset sandbox; `bothWays`
 * runs both and compares.
 */
export function routingComparison(
	sandbox: ReturnType<typeof useSandbox>,
	nodeType: INodeType,
	base: IDataObject,
) {
	const routed = Object.assign(Object.create(nodeType) as INodeType, {
		customOperations: undefined,
	});

	async function runWith(
		type: INodeType,
		{ parameters, input, continueOnFail, timezone }: ComparedRun,
	) {
		await sandbox.handle.reset();
		await sandbox.clearRequests();
		const routing = jest.spyOn(RoutingNode.prototype, 'runNode');
		const run = await runNode({
			nodeType: type,
			parameters: { ...base, ...parameters } as never,
			credentials: sandbox.credentials(),
			input,
			continueOnFail,
			timezone,
		});
		const routedRuns = routing.mock.calls.length;
		routing.mockRestore();
		const requests = (await sandbox.requests()).map(
			({ method, path, query, contentType, body, bodyAsSent, status }) => ({
				method,
				path,
				query,
				contentType,
				body,
				bodyAsSent,
				status,
			}),
		);
		return {
			routedRuns,
			items: run.items.map((item) => ({ json: item.json, pairedItem: item.pairedItem })),
			error: run.error && {
				message: run.error.message,
				description: run.error.description,
				item: run.error.context?.itemIndex,
			},
			requests,
		};
	}

	async function bothWays(example: ComparedRun) {
		const viaRouting = await runWith(routed, example);
		const custom = await runWith(nodeType, example);
		expect(viaRouting.routedRuns).toBe(1);
		expect(custom.routedRuns).toBe(0);
		expect(custom.requests).toEqual(viaRouting.requests);
		expect(custom.items).toEqual(viaRouting.items);
		expect(custom.error && { message: custom.error.message, item: custom.error.item }).toEqual(
			viaRouting.error && { message: viaRouting.error.message, item: viaRouting.error.item },
		);
		// The custom operation says how many were written before it stopped (upsertWrites.test.ts).
		if (viaRouting.error)
			expect(custom.error?.description).toContain(String(viaRouting.error.description));
		return custom;
	}

	return { routed, runWith, bothWays };
}
