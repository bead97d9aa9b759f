import type { IDataObject, IExecuteFunctions, IGetNodeParameterOptions } from 'n8n-workflow';
import { isSafeObjectProperty } from 'n8n-workflow';

/**
 * Item parameters read without one n8n expression evaluation per item where that gives exactly
 * what n8n would. n8n-core 2.40's getNodeParameter evaluates a parameter's expression for each
 * item, each in n8n's isolated expression runtime: most of a large custom operation's time
 * (docs/performance.md). A parameter whose stored value only names a field of the current item
 * (`={{ $json.contactId }}`, `={{ $json.a.b }}`, `={{ $json["contact id"] }}`), or holds no
 * expression at all, needs no evaluation: n8n's own steps give the field's value (the VM
 * engine a copy), and for a fixed value a copy of it.
 *
 * The steps of getNodeParameter and why they are matched:
 * - `get(node.parameters, name, fallback)`: only plain names found in the parameters; an absent
 *   one (n8n would resolve the fallback or throw) goes to n8n.
 * - getParameterValue: objects and arrays rebuilt entry by entry, strings without `=` as they
 *   are, expressions evaluated. Here each expression must be a field reference, else the whole
 *   parameter goes to n8n. `$json` is the item's own input (connectionInputData, the node's
 *   only main input), each field an own property, not one n8n's sandbox refuses (`constructor`).
 * - cleanupParameterData only turns Luxon DateTimes into text: the values taken here are
 *   plain JSON (text, finite numbers, booleans, null, plain objects and arrays of those), and
 *   anything else (a Date, a Buffer, a missing field, NaN) goes to n8n.
 * - extractValue, ensureType, rawExpressions, contextNode: any of these options goes to n8n.
 * - validateValueAgainstSchema acts only on properties with `validateType` (or resource
 *   mappers), which the package's nodes do not declare (test/engine/itemParameters.test.ts
 *   fails if one does).
 *
 * These are n8n's steps in the versions tested (npm run test:internals: 1.123, 2.40, 2.41). An
 * n8n whose getNodeParameter does otherwise must not get other values silently: the first item
 * of each parameter read this way is also read through n8n, and when the two differ (in value
 * or type) that parameter goes to n8n for every item of the run.
 */

type Options = IGetNodeParameterOptions;

/** A stored value resolved per item: fixed parts kept, field references read from the item. */
type Plan =
	| { fixed: unknown }
	| { field: string[] }
	| { list: Plan[] }
	| { record: Array<[string, Plan]> };

/** `{{ $json.a.b }}`, `{{ $json["a b"] }}`, `{{$json['a']}}`: the whole expression, nothing around it. */
// Braces are left out of bracketed names: n8n's template would end the expression at a `}}` in them.
const FIELD_EXPRESSION =
	/^=\{\{\s*\$json((?:\s*\.\s*[A-Za-z_$][\w$]*|\s*\[\s*(?:"[^"\\\n{}]*"|'[^'\\\n{}]*')\s*\])+)\s*\}\}$/;
const FIELD_STEP = /\.\s*([A-Za-z_$][\w$]*)|\[\s*(?:"([^"]*)"|'([^']*)')\s*\]/g;

/** The field path an expression names, or undefined for any other expression. */
export function fieldPathOf(expression: string): string[] | undefined {
	const match = FIELD_EXPRESSION.exec(expression);
	if (!match) return undefined;
	const path = [...match[1].matchAll(FIELD_STEP)].map((step) => step[1] ?? step[2] ?? step[3]);
	return path.every((key) => isSafeObjectProperty(key)) ? path : undefined;
}

/** How a stored value is resolved per item, or undefined when only n8n can resolve it. */
function planOf(value: unknown): Plan | undefined {
	if (typeof value === 'string' && value.startsWith('=')) {
		const field = fieldPathOf(value);
		return field ? { field } : undefined;
	}
	if (value === null || typeof value !== 'object') return { fixed: value };
	const entries = Array.isArray(value)
		? value.map((entry, index) => [String(index), entry] as const)
		: Object.entries(value);
	const plans: Array<[string, Plan]> = [];
	for (const [key, entry] of entries) {
		const plan = planOf(entry);
		if (!plan) return undefined;
		plans.push([key, plan]);
	}
	return Array.isArray(value) ? { list: plans.map(([, plan]) => plan) } : { record: plans };
}

const NOT_PLAIN = Symbol('not plain JSON');

/** A copy of a plain JSON value, or NOT_PLAIN for anything n8n might render otherwise. */
function plainCopy(value: unknown): unknown {
	if (value === null || typeof value === 'string' || typeof value === 'boolean') return value;
	if (typeof value === 'number') return Number.isFinite(value) ? value : NOT_PLAIN;
	if (typeof value !== 'object') return NOT_PLAIN;
	if (Array.isArray(value)) {
		const copy: unknown[] = [];
		for (let index = 0; index < value.length; index++) {
			const entry = index in value ? plainCopy(value[index]) : NOT_PLAIN;
			if (entry === NOT_PLAIN) return NOT_PLAIN;
			copy.push(entry);
		}
		return copy;
	}
	const prototype = Object.getPrototypeOf(value) as unknown;
	if (prototype !== Object.prototype && prototype !== null) return NOT_PLAIN;
	const copy: IDataObject = {};
	for (const [key, entry] of Object.entries(value)) {
		const copied = plainCopy(entry);
		if (copied === NOT_PLAIN) return NOT_PLAIN;
		copy[key] = copied as IDataObject[string];
	}
	return copy;
}

function fieldOf(json: unknown, path: string[]): unknown {
	let value = json;
	for (const key of path) {
		if (
			value === null ||
			typeof value !== 'object' ||
			Array.isArray(value) ||
			!Object.prototype.hasOwnProperty.call(value, key)
		)
			return NOT_PLAIN;
		value = (value as IDataObject)[key];
	}
	return plainCopy(value);
}

function resolve(plan: Plan, json: unknown): unknown {
	if ('fixed' in plan) return plainCopy(plan.fixed);
	if ('field' in plan) return fieldOf(json, plan.field);
	const resolved = (
		'list' in plan ? plan.list.map((entry) => [undefined, entry] as const) : plan.record
	).map(([key, entry]) => [key, resolve(entry, json)] as const);
	if (resolved.some(([, value]) => value === NOT_PLAIN)) return NOT_PLAIN;
	return 'list' in plan ? resolved.map(([, value]) => value) : Object.fromEntries(resolved);
}

/** The same plain JSON value: primitives by Object.is, arrays and plain objects entry by entry (of any realm). */
function samePlain(ours: unknown, n8n: unknown): boolean {
	if (ours === null || typeof ours !== 'object') return Object.is(ours, n8n);
	if (n8n === null || typeof n8n !== 'object' || Array.isArray(ours) !== Array.isArray(n8n))
		return false;
	if (!Array.isArray(n8n)) {
		const prototype = Object.getPrototypeOf(n8n) as { constructor?: { name?: string } } | null;
		if (
			prototype !== null &&
			(prototype.constructor?.name !== 'Object' || Object.getPrototypeOf(prototype) !== null)
		)
			return false;
	}
	const ourKeys = Object.keys(ours);
	const theirKeys = Object.keys(n8n);
	return (
		ourKeys.length === theirKeys.length &&
		ourKeys.every(
			(key, index) =>
				key === theirKeys[index] &&
				samePlain((ours as IDataObject)[key], (n8n as IDataObject)[key]),
		)
	);
}

/** Reads a parameter of an item of the run: without an evaluation where exactly equivalent, else through n8n. */
export type ItemParameterReader = (
	name: string,
	itemIndex: number,
	fallback?: unknown,
	options?: Options,
) => unknown;

/** The reader of one run of a custom operation (the node's stored parameters and input read once). */
export function itemParameterReader(context: IExecuteFunctions): ItemParameterReader {
	const parameters = context.getNode().parameters;
	const items = context.getInputData();
	const plans = new Map<string, Plan | undefined>();
	const planFor = (name: string) => {
		if (!plans.has(name))
			plans.set(
				name,
				/^[A-Za-z_$][\w$]*$/.test(name) &&
					Object.prototype.hasOwnProperty.call(parameters, name) &&
					parameters[name] !== undefined
					? planOf(parameters[name])
					: undefined,
			);
		return plans.get(name);
	};
	/** Parameters whose first value read this way n8n confirmed. */
	const confirmed = new Set<string>();
	return (name, itemIndex, fallback, options) => {
		const plan =
			!options ||
			Object.entries(options).every(([option, set]) => option === 'skipValidation' || !set)
				? planFor(name)
				: undefined;
		const value = plan ? resolve(plan, items[itemIndex]?.json) : NOT_PLAIN;
		if (value === NOT_PLAIN) return context.getNodeParameter(name, itemIndex, fallback, options);
		if (confirmed.has(name)) return value;
		// The first one: n8n's own reading decides whether this n8n reads parameters as above.
		const n8nValue = context.getNodeParameter(name, itemIndex, fallback, options);
		if (samePlain(value, n8nValue)) confirmed.add(name);
		else plans.set(name, undefined);
		return n8nValue;
	};
}

/** One item's parameters, read as its context's getNodeParameter reads them. */
export type ItemParameters = (name: string, fallback?: unknown, options?: Options) => unknown;

/** The parameters of one item of the run, through the run's reader. */
export function itemParameters(read: ItemParameterReader, itemIndex: number): ItemParameters {
	return (name, fallback, options) => read(name, itemIndex, fallback, options);
}

/** Several parameters of an item at once, each with its fallback. */
export function parameterValues<Name extends string>(
	read: ItemParameters,
	fallbacks: Readonly<Record<Name, unknown>>,
): Record<Name, unknown> {
	const values = {} as Record<Name, unknown>;
	for (const name of Object.keys(fallbacks) as Name[]) values[name] = read(name, fallbacks[name]);
	return values;
}
