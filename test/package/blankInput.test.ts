import type { INodeType } from 'n8n-workflow';

import { runNode } from '../harness/engine';
import { operationRows, packageNodes } from '../harness/packageNodes';
import { useSandbox } from '../harness/sandbox';

/**
 * Blank input, for every operation of every node: n8n itself refuses a required field typed
 * in empty, but not one whose expression comes out empty (`{{ $json.phone }}` on an item
 * without a phone). Each operation must then refuse before anything is sent, naming the
 * field, or, where nothing is required, work: never send a request the service rejects as
 * invalid, and never fail with a programming error.
 */
const nodes = packageNodes();

/** One entry per operation (several endpoints may share one). */
const operations = [
	...new Map(
		operationRows().map(
			({ node, resource, operation }) =>
				[`${node} ${resource} ${operation}`, { node, resource, operation }] as const,
		),
	).values(),
];

/** The operation's required fields, each set to an expression that comes out empty. */
function blankRequiredFields(
	type: INodeType,
	resource: string,
	operation: string,
): Record<string, unknown> {
	const parameters: Record<string, unknown> = { resource, operation };
	for (const property of type.description.properties) {
		const show = property.displayOptions?.show;
		if (!property.required || !show) continue;
		if (show.resource && !show.resource.includes(resource)) continue;
		if (show.operation && !show.operation.includes(operation)) continue;
		parameters[property.name] = "={{ '' }}";
	}
	return parameters;
}

describe('every operation with its required fields left blank by an expression', () => {
	const sandbox = useSandbox();

	it('covers the 81 operations of the 89 endpoints', () => expect(operations).toHaveLength(81));

	it.each(
		operations.map(
			(entry) => [`${entry.node} ${entry.resource} ${entry.operation}`, entry] as const,
		),
	)('%s', async (_name, { node, resource, operation }) => {
		const type = nodes.get(node)!;
		const run = await runNode({
			nodeType: type,
			parameters: blankRequiredFields(type, resource, operation) as never,
			credentials: sandbox.credentials(),
		});
		const requests = await sandbox.requests();
		if (run.error) {
			expect(requests).toEqual([]);
			expect(run.error.message).toMatch(
				/ is required$| needs | must | is not a valid |^Nothing identifies the /,
			);
			expect(run.error.message).not.toMatch(/undefined|null|NaN|TypeError|Cannot read/);
		} else {
			expect(requests.length).toBeGreaterThan(0);
			expect(requests.every((request) => request.status >= 200 && request.status < 300)).toBe(true);
		}
	});
});
