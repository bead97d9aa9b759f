#!/usr/bin/env node
// Fails (exit 1) on an import loop or an import that points up a layer, and prints it:
// - file loops: files of nodes/, credentials/ and sandbox/src/ that import each other in a
//   circle, type-only imports included (each is a file the reader must read first);
// - folder loops: folders that import each other, within nodes/shared/, within each node's
//   folder (resources/, helpers/, ...) and within sandbox/src/
//   (a folder never imports from a folder that imports it);
// - the layers of nodes/shared/ and of sandbox/src/ (LAYERS below; each nodes/shared/ folder's
//   index.ts and sandbox/README.md say the same): a folder imports only folders of lower
//   layers, and a new folder must be given a layer;
// - the sandbox shares no code with the package, and nodes/shared/ imports no node's folder;
// - a folder of nodes/shared/ is imported from outside it only through its index.ts.
// Run by `npm run lint`; `node scripts/check-layers.mjs` alone prints what it checked.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** Folders from the bottom up; folders of one line are beside each other and may not import each other. */
export const LAYERS = {
	'nodes/shared': [
		['rules', 'xml'],
		['dates'],
		['failures'],
		['account'],
		['wire'],
		['items'],
		['engine'],
		['loaders', 'listings'],
		['pickers'],
		['descriptions', 'steps'],
	],
	// The files at sandbox/src/ itself stand apart: errors.ts and users.ts import nothing, the entry points import all.
	'sandbox/src': [
		['store'],
		['swedish'],
		['http'],
		['domain'],
		['seed', 'notifications'],
		['routes', 'control'],
	],
};

const SOURCE_ROOTS = ['nodes', 'credentials', 'sandbox/src'];

function sourceFiles(folder) {
	if (!existsSync(folder)) return [];
	return readdirSync(folder).flatMap((name) => {
		const path = join(folder, name);
		if (statSync(path).isDirectory()) return sourceFiles(path);
		return /\.(ts|mts|mjs|js)$/.test(name) && !name.endsWith('.d.ts') ? [path] : [];
	});
}

/** Every relative module a file names: import/export ... from, import '...', import(), require(). */
function specifiers(text) {
	const code = text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
	const found = [];
	const forms = [
		/\b(?:import|export)\s[^'";]*?\sfrom\s*['"]([^'"]+)['"]/g,
		/\bimport\s*['"]([^'"]+)['"]/g,
		/\b(?:import|require)\s*\(\s*['"]([^'"]+)['"]\s*\)/g,
	];
	for (const form of forms)
		for (const match of code.matchAll(form)) if (match[1].startsWith('.')) found.push(match[1]);
	return found;
}

function resolveImport(from, specifier) {
	const base = resolve(dirname(from), specifier);
	const candidates = [
		base,
		`${base}.ts`,
		`${base}.mts`,
		join(base, 'index.ts'),
		base.replace(/\.js$/, '.ts'),
		`${base}.mjs`,
		`${base}.js`,
	];
	return candidates.find((candidate) => existsSync(candidate) && statSync(candidate).isFile());
}

const rel = (path) => relative(root, path).split(sep).join('/');

/** Strongly connected parts of a graph (Tarjan) with more than one member, or one that imports itself. */
function loops(graph) {
	let counter = 0;
	const index = new Map();
	const low = new Map();
	const stack = [];
	const onStack = new Set();
	const found = [];
	const visit = (node) => {
		index.set(node, counter);
		low.set(node, counter++);
		stack.push(node);
		onStack.add(node);
		for (const next of graph.get(node) ?? []) {
			if (!index.has(next)) {
				visit(next);
				low.set(node, Math.min(low.get(node), low.get(next)));
			} else if (onStack.has(next)) low.set(node, Math.min(low.get(node), index.get(next)));
		}
		if (low.get(node) === index.get(node)) {
			const part = [];
			let member;
			do {
				member = stack.pop();
				onStack.delete(member);
				part.push(member);
			} while (member !== node);
			if (part.length > 1 || graph.get(node)?.has(node)) found.push(part.sort());
		}
	};
	for (const node of [...graph.keys()].sort()) if (!index.has(node)) visit(node);
	return found;
}

/** One circle through a loop's members, start to start: the path a reader would follow. */
function circle(graph, members) {
	const inside = new Set(members);
	const start = members[0];
	const previous = new Map([[start, undefined]]);
	const queue = [start];
	while (queue.length > 0) {
		const node = queue.shift();
		for (const next of graph.get(node) ?? []) {
			if (!inside.has(next)) continue;
			if (next === start) {
				const path = [start];
				for (let at = node; at !== start; at = previous.get(at)) path.splice(1, 0, at);
				return [...path, start];
			}
			if (!previous.has(next)) {
				previous.set(next, node);
				queue.push(next);
			}
		}
	}
	return members;
}

const files = SOURCE_ROOTS.flatMap((folder) => sourceFiles(join(root, folder)));
/** file -> set of files it imports (relative imports only); and each edge's first specifier, for messages. */
const fileGraph = new Map();
const problems = [];
for (const file of files) {
	const targets = new Set();
	for (const specifier of specifiers(readFileSync(file, 'utf8'))) {
		const target = resolveImport(file, specifier);
		if (!target) continue;
		targets.add(target);
		const from = rel(file);
		const to = rel(target);
		if (from.startsWith('sandbox/') !== to.startsWith('sandbox/'))
			problems.push(`${from} imports ${to}: the sandbox shares no code with the package`);
		if (
			from.startsWith('nodes/shared/') &&
			to.startsWith('nodes/') &&
			!to.startsWith('nodes/shared/')
		)
			problems.push(`${from} imports ${to}: nodes/shared/ imports no node's folder`);
		const shared = /^nodes\/shared\/[^/]+\//.exec(to)?.[0];
		if (shared && !from.startsWith(shared) && to !== `${shared}index.ts`)
			problems.push(
				`${from} imports ${to}: a folder of nodes/shared/ is imported through its index.ts (${shared}index.ts)`,
			);
	}
	fileGraph.set(file, targets);
}

for (const members of loops(fileGraph)) {
	const path = circle(fileGraph, members);
	const others = members.filter((member) => !path.includes(member));
	problems.push(
		`Import loop between files: ${path.map(rel).join(' -> ')}${others.length > 0 ? `\n  and ${others.length} more file(s) in the same loop: ${others.map(rel).join(', ')}` : ''}`,
	);
}

/**
 * The folder a file belongs to for the folder check, or undefined: the first folder under
 * nodes/shared/, under a node's folder (its resources/, helpers/, methods/ ...) or under
 * sandbox/src/ (files at a node's folder or at sandbox/src/ itself, the node class, the entry
 * points and the error type, stand apart from the folders).
 */
function folderOf(file) {
	const parts = rel(file).split('/');
	if (parts[0] === 'nodes' && parts.length > 3) return parts.slice(0, 3).join('/');
	if (parts[0] === 'sandbox' && parts.length > 3) return `sandbox/src/${parts[2]}`;
	return undefined;
}

/** Folders are compared only with their siblings: the folders of nodes/shared/, of one node's folder, or of sandbox/src/. */
const familyOf = (folder) => folder.split('/').slice(0, 2).join('/');

const folderGraph = new Map();
/** "a -> b" -> the file imports that make that folder edge, for messages. */
const folderEdges = new Map();
for (const [file, targets] of fileGraph) {
	const from = folderOf(file);
	if (!from) continue;
	for (const target of targets) {
		const to = folderOf(target);
		if (!to || to === from || familyOf(to) !== familyOf(from)) continue;
		if (!folderGraph.has(from)) folderGraph.set(from, new Set());
		folderGraph.get(from).add(to);
		const key = `${from} -> ${to}`;
		if (!folderEdges.has(key)) folderEdges.set(key, []);
		folderEdges.get(key).push(`${rel(file)} imports ${rel(target)}`);
	}
}

for (const members of loops(folderGraph)) {
	const path = circle(folderGraph, members);
	const how = path.slice(1).map((to, at) => `  ${folderEdges.get(`${path[at]} -> ${to}`)[0]}`);
	problems.push(`Import loop between folders: ${path.join(' -> ')}\n${how.join('\n')}`);
}

const layerOf = new Map(
	Object.entries(LAYERS).flatMap(([family, layers]) =>
		layers.flatMap((folders, layer) => folders.map((folder) => [`${family}/${folder}`, layer])),
	),
);
const folders = new Set(
	files.map(folderOf).filter((folder) => folder !== undefined && familyOf(folder) in LAYERS),
);
for (const folder of [...folders].sort()) {
	if (!layerOf.has(folder))
		problems.push(
			`${folder} has no layer: add it to LAYERS in scripts/check-layers.mjs and say what it may import`,
		);
}
for (const [key, imports] of folderEdges) {
	const [from, to] = key.split(' -> ');
	if (!layerOf.has(from) || !layerOf.has(to)) continue;
	if (layerOf.get(to) >= layerOf.get(from)) {
		problems.push(
			`${from} (layer ${layerOf.get(from) + 1}) imports ${to} (layer ${layerOf.get(to) + 1}), which is not below it:\n${imports.map((line) => `  ${line}`).join('\n')}`,
		);
	}
}

if (problems.length > 0) {
	console.error(`check-layers: ${problems.length} problem(s)\n${problems.join('\n')}`);
	process.exit(1);
}
if (!process.argv.includes('--quiet')) {
	const order = (family) => LAYERS[family].map((line) => line.join(' + ')).join(' < ');
	console.log(
		`check-layers: ${files.length} files, no import loop between files or folders, every folder import points down a layer (${folderEdges.size} folder imports)`,
	);
	for (const family of Object.keys(LAYERS))
		console.log(`  ${family}/, bottom first: ${order(family)}`);
}
