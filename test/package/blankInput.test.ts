import fs from 'node:fs';
import path from 'node:path';

import type { INodeType } from 'n8n-workflow';

import { runNode } from '../harness/engine';
import { useSandbox } from '../harness/sandbox';

/**
 * Blank input, for every operation of every node: n8n itself refuses a required field typed
 * in empty, but not one whose expression comes out empty (`{{ $json.phone }}` on an item
 * without a phone). Each operation must then refuse before anything is sent, naming the
 * field, or, where nothing is required, work: never send a request the service rejects as
 * invalid, and never fail with a programming error.
 */
const root = path.resolve(__dirname, '../..');
const manifest = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as { n8n: { nodes: string[] } };

const nodes = new Map<string, INodeType>();
for (const file of manifest.n8n.nodes) {
	const className = path.basename(file, '.node.js');
	// eslint-disable-next-line @typescript-eslint/no-require-imports
	const module = require(path.join(root, 'nodes', className, `${className}.node.ts`)) as Record<string, new () => INodeType>;
	const type = new module[className]();
	nodes.set(type.description.name, type);
}

const operations = [
	...new Map(
		fs
			.readFileSync(path.join(root, 'docs/spec/operations.tsv'), 'utf8')
			.trim()
			.split('\n')
			.slice(1)
			.map((line) => line.split('\t'))
			.map(([, , node, resource, operation]) => [`${node} ${resource} ${operation}`, { node, resource, operation }] as const),
	).values(),
];

/** The operation's required fields, each set to an expression that comes out empty. */
function blankRequiredFields(type: INodeType, resource: string, operation: string): Record<string, unknown> {
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

	it('covers the 70 operations of the 78 endpoints', () => expect(operations).toHaveLength(70));

	it.each(operations.map((entry) => [`${entry.node} ${entry.resource} ${entry.operation}`, entry] as const))('%s', async (_name, { node, resource, operation }) => {
		const type = nodes.get(node)!;
		const run = await runNode({ nodeType: type, parameters: blankRequiredFields(type, resource, operation) as never, credentials: sandbox.credentials() });
		const requests = await sandbox.requests();
		if (run.error) {
			expect(requests).toEqual([]);
			expect(run.error.message).toMatch(/ is required$| needs | must | is not a valid |^Nothing identifies the /);
			expect(run.error.message).not.toMatch(/undefined|null|NaN|TypeError|Cannot read/);
		} else {
			expect(requests.length).toBeGreaterThan(0);
			expect(requests.every((request) => request.status >= 200 && request.status < 300)).toBe(true);
		}
	});
});
