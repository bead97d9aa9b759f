import fs from 'node:fs';
import path from 'node:path';

import type { INodeType } from 'n8n-workflow';

const root = path.resolve(__dirname, '../..');

/** The nodes package.json's `n8n` block lists, from their sources, by node name (estateBrokerBid…). */
export function packageNodes(): Map<string, INodeType> {
	const manifest = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as { n8n: { nodes: string[] } };
	const nodes = new Map<string, INodeType>();
	for (const file of manifest.n8n.nodes) {
		const className = path.basename(file, '.node.js');
		// eslint-disable-next-line @typescript-eslint/no-require-imports
		const module = require(path.join(root, 'nodes', className, `${className}.node.ts`)) as Record<string, new () => INodeType>;
		const type = new module[className]();
		nodes.set(type.description.name, type);
	}
	return nodes;
}

export interface OperationRow {
	method: string;
	path: string;
	node: string;
	resource: string;
	operation: string;
}

/** The rows of docs/spec/operations.tsv: each endpoint with its node, resource and operation value. */
export function operationRows(): OperationRow[] {
	return fs
		.readFileSync(path.join(root, 'docs/spec/operations.tsv'), 'utf8')
		.trim()
		.split('\n')
		.slice(1)
		.map((line) => {
			const [method, endpointPath, node, resource, operation] = line.split('\t');
			return { method, path: endpointPath, node, resource, operation };
		});
}
