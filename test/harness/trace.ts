import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { PackageDirectoryLoader } from 'n8n-core';
import type { ICredentialType, INodeType, IVersionedNodeType } from 'n8n-workflow';
import ts from 'typescript';

/**
 * Which files of the package a flow runs, and how often one file calls into another, counted
 * from the built package (dist/) as n8n loads it. A copy of dist/ gets, at the start of every
 * function, one call that counts the function's entry for its file and, when the function was
 * called by a function of another file of the package (the nearest caller frame with a file:
 * n8n's code and the event loop are no caller), one call between those files. Top-level code is
 * not counted (it runs when n8n loads the node), nor are the `index` files (their functions are
 * the re-exports' getters). Counting entries, not time, makes the figures the same on every
 * run; a flow is counted on its second run, after the first has loaded what it loads.
 */

/** The counts of one flow: entries per file, and calls from one file into another ("from → to"). */
export interface Trace {
	entries: Map<string, number>;
	calls: Map<string, number>;
}

type Counter = (file: string) => void;

declare global {
	var __estateBrokerTrace: Counter | undefined;
}

/** The offsets of every function body's start (block) or expression body (arrow), to instrument. */
function functionBodies(source: ts.SourceFile): Array<{ start: number; end?: number }> {
	const bodies: Array<{ start: number; end?: number }> = [];
	const visit = (node: ts.Node) => {
		if (ts.isFunctionLike(node) && 'body' in node && node.body) {
			const body = node.body as ts.Node;
			if (ts.isBlock(body)) bodies.push({ start: body.getStart(source) + 1 });
			else bodies.push({ start: body.getStart(source), end: body.getEnd() });
		}
		ts.forEachChild(node, visit);
	};
	visit(source);
	return bodies;
}

/** One built file with the entry count at the start of every function. */
function instrument(code: string, file: string): string {
	const source = ts.createSourceFile(file, code, ts.ScriptTarget.Latest, true, ts.ScriptKind.JS);
	const call = `globalThis.__estateBrokerTrace?.(${JSON.stringify(file)})`;
	const edits: Array<{ at: number; text: string }> = [];
	for (const body of functionBodies(source)) {
		if (body.end === undefined) edits.push({ at: body.start, text: `${call};` });
		else edits.push({ at: body.start, text: `(${call}, ` }, { at: body.end, text: ')' });
	}
	edits.sort((a, b) => b.at - a.at);
	let result = code;
	for (const edit of edits) result = result.slice(0, edit.at) + edit.text + result.slice(edit.at);
	return result;
}

function copyInstrumented(from: string, to: string, relative: string): void {
	fs.mkdirSync(to, { recursive: true });
	for (const entry of fs.readdirSync(from, { withFileTypes: true })) {
		const source = path.join(from, entry.name);
		const target = path.join(to, entry.name);
		const name = path.join(relative, entry.name);
		if (entry.isDirectory()) copyInstrumented(source, target, name);
		else if (entry.name.endsWith('.js') && entry.name !== 'index.js')
			fs.writeFileSync(
				target,
				instrument(fs.readFileSync(source, 'utf8'), name.replace(/\.js$/, '.ts')),
			);
		else fs.copyFileSync(source, target);
	}
}

const root = path.resolve(__dirname, '../..');
/** The built package to trace: this checkout's dist/, or another build (ESTATE_TRACE_DIST, to compare). */
const dist = process.env.ESTATE_TRACE_DIST ?? path.join(root, 'dist');

/** The package's nodes loaded by n8n's loader from an instrumented copy of dist/, keyed by name. */
export function tracedPackageNodes(): Map<string, INodeType> {
	const copy = fs.mkdtempSync(path.join(os.tmpdir(), 'estate-broker-trace-'));
	copyInstrumented(dist, path.join(copy, 'dist'), '');
	fs.copyFileSync(path.join(root, 'package.json'), path.join(copy, 'package.json'));
	fs.symlinkSync(path.join(root, 'node_modules'), path.join(copy, 'node_modules'), 'dir');
	const loader = new PackageDirectoryLoader(copy);
	const manifest = loader.packageJson as { version: string; n8n: { nodes: string[] } };
	for (const file of manifest.n8n.nodes) loader.loadNodeFromFile(file, manifest.version);
	const nodes = new Map<string, INodeType>();
	for (const { type } of Object.values(loader.nodeTypes)) {
		const nodeType =
			'nodeVersions' in type
				? Object.values((type as IVersionedNodeType).nodeVersions)[0]
				: (type as INodeType);
		nodes.set(nodeType.description.name, nodeType);
	}
	tracedCopy = copy;
	return nodes;
}

let tracedCopy: string | undefined;

/** The credential types of the instrumented copy (tracedPackageNodes first), for useCredentialTypes. */
export function tracedCredentialTypes(): Record<string, ICredentialType> {
	const types: Record<string, ICredentialType> = {};
	for (const name of ['EstateBrokerApi', 'EstateBrokerNotificationSecretApi']) {
		// eslint-disable-next-line @typescript-eslint/no-require-imports
		const module = require(
			path.join(tracedCopy!, 'dist/credentials', `${name}.credentials.js`),
		) as Record<string, new () => ICredentialType>;
		const type = new module[name]();
		types[type.name] = type;
	}
	return types;
}

/** The file of the package a stack frame's script is, or undefined for any other script. */
function packageFile(fileName: string | null | undefined): string | undefined {
	if (!fileName || !tracedCopy || !fileName.startsWith(tracedCopy)) return undefined;
	return path.relative(path.join(tracedCopy, 'dist'), fileName).replace(/\.js$/, '.ts');
}

/** The file of the nearest caller that has a file (builtins such as Array.map have none). */
function callerFile(): string | undefined {
	const limit = Error.stackTraceLimit;
	const prepare = Error.prepareStackTrace;
	Error.stackTraceLimit = 8;
	Error.prepareStackTrace = (_error, frames) => frames;
	const holder: { stack?: NodeJS.CallSite[] } = {};
	Error.captureStackTrace(holder, globalThis.__estateBrokerTrace);
	const frames = holder.stack ?? [];
	Error.stackTraceLimit = limit;
	Error.prepareStackTrace = prepare;
	// frames[0] is the function entered; the first later frame with a script is its caller.
	for (const frame of frames.slice(1)) {
		const fileName = frame.getFileName();
		if (fileName) return packageFile(fileName);
	}
	return undefined;
}

/** Counts what `flow` runs of the package (loaded by tracedPackageNodes). */
export async function traceFlow(flow: () => Promise<void>): Promise<Trace> {
	const trace: Trace = { entries: new Map(), calls: new Map() };
	const counter: Counter = (file) => {
		trace.entries.set(file, (trace.entries.get(file) ?? 0) + 1);
		const caller = callerFile();
		if (caller && caller !== file) {
			const edge = `${caller} → ${file}`;
			trace.calls.set(edge, (trace.calls.get(edge) ?? 0) + 1);
		}
	};
	globalThis.__estateBrokerTrace = counter;
	try {
		await flow();
	} finally {
		globalThis.__estateBrokerTrace = undefined;
	}
	return trace;
}

/** Calls between files in all. */
export const callsBetweenFiles = (trace: Trace) =>
	[...trace.calls.values()].reduce((sum, count) => sum + count, 0);

/** The removed copy of dist/. */
export function removeTracedCopy(): void {
	if (tracedCopy) fs.rmSync(tracedCopy, { recursive: true, force: true });
	tracedCopy = undefined;
}
