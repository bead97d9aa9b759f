import fs from 'node:fs';
import path from 'node:path';

import { PackageDirectoryLoader } from 'n8n-core';
import type { INodeType, IVersionedNodeType } from 'n8n-workflow';

const root = path.resolve(__dirname, '../..');

let loaded: Map<string, INodeType> | undefined;

/**
 * The package's nodes as n8n delivers them to the editor and to executions: loaded from the
 * built dist/ (npm test builds it first) by n8n-core's own PackageDirectoryLoader, the loader
 * `npm start` and the editor use, so descriptions carry what n8n adds (Request Options on
 * declarative nodes, icon addresses, codex). Loaded once per test file; keyed by node name.
 */
export function packageNodes(): Map<string, INodeType> {
	if (loaded) return loaded;
	const loader = new PackageDirectoryLoader(root);
	const manifest = loader.packageJson as { version: string; n8n: { nodes: string[] } };
	// The calls PackageDirectoryLoader.loadAll makes for every node listed in the n8n block.
	for (const file of manifest.n8n.nodes) loader.loadNodeFromFile(file, manifest.version);
	loaded = new Map();
	for (const { type } of Object.values(loader.nodeTypes)) {
		const nodeType =
			'nodeVersions' in type
				? Object.values((type as IVersionedNodeType).nodeVersions)[0]
				: (type as INodeType);
		loaded.set(nodeType.description.name, nodeType);
	}
	return loaded;
}

/** One node of the package as n8n's loader delivers it, by name (estateBrokerBid…). */
export function packageNode(name: string): INodeType {
	const nodeType = packageNodes().get(name);
	if (!nodeType) throw new Error(`The package has no node named ${name}`);
	return nodeType;
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

/**
 * What the loaded package keeps for as long as the n8n process runs (its built
 * account/processState, the module n8n's loader required): to read it, or to forget it all as a
 * restart of n8n would, so that a test opens a picker afresh.
 */
export function packageProcessState(): {
	processStore: (name: string) => Map<string, unknown>;
	forgetProcessState: () => void;
} {
	return require(path.join(root, 'dist/nodes/shared/account/processState.js'));
}
