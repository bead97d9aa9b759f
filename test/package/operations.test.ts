import fs from 'node:fs';
import path from 'node:path';

import type { INodeProperties, INodePropertyOptions, INodeType } from 'n8n-workflow';

/**
 * operations.tsv is the package's public interface: saved workflows store its node, resource
 * and operation values. Every row must be an operation of the built node with exactly those
 * values, and the operation must reach the row's endpoint.
 */
const root = path.resolve(__dirname, '../..');
const manifest = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as { n8n: { nodes: string[] } };

interface Row {
	method: string;
	path: string;
	node: string;
	resource: string;
	operation: string;
}

const rows: Row[] = fs
	.readFileSync(path.join(root, 'docs/spec/operations.tsv'), 'utf8')
	.trim()
	.split('\n')
	.slice(1)
	.map((line) => {
		const [method, endpointPath, node, resource, operation] = line.split('\t');
		return { method, path: endpointPath, node, resource, operation };
	});

/** Nodes of operations.tsv that are planned but not built yet; this list only ever shrinks. */
const NOT_BUILT_YET: string[] = [];

/**
 * Whether an operation's path template reaches an endpoint: literal segments equal, a
 * placeholder of the operation stands for any one segment (the interest operation's
 * {duplicateCheck} is `interest` or `interestRestrictive`); an optional one ({userId?}, the
 * per-user and per-office budget) for one segment or none.
 */
function reaches(template: string, endpoint: string): boolean {
	const theirs = endpoint.split('/');
	const matches = (ours: string[]) =>
		ours.length === theirs.length && ours.every((segment, index) => /^\{\w+\??\}$/.test(segment) || segment === theirs[index]);
	const ours = template.split('/');
	return matches(ours) || matches(ours.filter((segment) => !/^\{\w+\?\}$/.test(segment)));
}

const nodes = new Map<string, INodeType>();
for (const file of manifest.n8n.nodes) {
	const className = path.basename(file, '.node.js');
	// eslint-disable-next-line @typescript-eslint/no-require-imports
	const module = require(path.join(root, 'nodes', className, `${className}.node.ts`)) as Record<string, new () => INodeType>;
	const type = new module[className]();
	nodes.set(type.description.name, type);
}

function operationOption(type: INodeType, resource: string, operation: string): INodePropertyOptions | undefined {
	const selector = type.description.properties.find(
		(property: INodeProperties) => property.name === 'operation' && property.displayOptions?.show?.resource?.includes(resource),
	);
	return (selector?.options as INodePropertyOptions[] | undefined)?.find((option) => option.value === operation);
}

describe('operations.tsv: every endpoint is an operation with the stored values', () => {
	it('covers the 78 endpoints, and only the listed nodes are still to be built', () => {
		expect(rows).toHaveLength(78);
		const missing = [...new Set(rows.map((row) => row.node).filter((node) => !nodes.has(node)))].sort();
		expect(missing).toEqual(NOT_BUILT_YET.filter((node) => !nodes.has(node)));
		expect(NOT_BUILT_YET.filter((node) => nodes.has(node))).toEqual([]);
	});

	it.each(rows.filter((row) => !NOT_BUILT_YET.includes(row.node)).map((row) => [`${row.method} ${row.path}`, row] as const))(
		'%s',
		(_name, row) => {
			const node = nodes.get(row.node);
			expect(node).toBeDefined();
			const resources = (node!.description.properties.find((property) => property.name === 'resource')?.options ?? []) as INodePropertyOptions[];
			expect(resources.map((option) => option.value)).toContain(row.resource);
			const option = operationOption(node!, row.resource, row.operation);
			expect(option).toBeDefined();
			const request = option!.routing?.request ?? {};
			expect(request.method).toBe(row.method);
			// Id lists: Get Many sends its ids as `{contactIds}` appended to its path, or as the query form.
			const idListForm = row.path.endsWith('/{contactIds}') && reaches(`${String(request.url)}/{contactIds}`, row.path);
			expect(reaches(String(request.url), row.path) || idListForm).toBe(true);
		},
	);
});
