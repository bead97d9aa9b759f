import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeType } from 'n8n-workflow';
import { ExpressionEvaluator, IsolatedVmBridge } from '@n8n/expression-runtime';
import { Expression, LoggerProxy, NodeConnectionTypes } from 'n8n-workflow';
import { expressionSandboxHooks } from 'n8n-workflow/dist/cjs/expression-sandboxing';

import { itemParameterReader } from '../../nodes/shared/items';
import { runNode } from '../harness/engine';
import { packageNodes } from '../harness/packageNodes';

/**
 * The item parameter reader (itemParameters.ts) against n8n-core's own getNodeParameter, in
 * n8n-core's engine (WorkflowExecute runs a probe node's custom operation): for every stored
 * form × item value, what the reader returns must be exactly what n8n returns (value and type,
 * or the same error), under both of n8n's expression engines (the real n8n 2.40 runs `vm`). The
 * probe also counts how often the reader asked n8n, so the fast forms are shown to skip n8n's
 * evaluation and the others to go through it.
 */
interface Reading {
	fast: unknown;
	n8n: unknown;
	/** How many times the reader handed the item to n8n's getNodeParameter. */
	asked: number;
}

let readings: Reading[] = [];
/** An n8n whose getNodeParameter reads otherwise than the reader mirrors (another version's). */
let otherN8n: ((value: unknown) => unknown) | undefined;

const outcome = (read: () => unknown) => {
	try {
		return { value: read() };
	} catch (error) {
		return { error: (error as Error).message };
	}
};

const probe: INodeType = {
	description: {
		displayName: 'Parameter Probe',
		name: 'parameterProbe',
		group: ['transform'],
		version: 1,
		description: '',
		defaults: {},
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		properties: [
			{
				displayName: 'Resource',
				name: 'resource',
				type: 'options',
				options: [{ name: 'Probe', value: 'probe' }],
				default: 'probe',
			},
			{
				displayName: 'Operation',
				name: 'operation',
				type: 'options',
				options: [{ name: 'Read', value: 'read' }],
				default: 'read',
			},
			{ displayName: 'Read', name: 'readName', type: 'string', default: 'value' },
			{ displayName: 'Value', name: 'value', type: 'string', default: '' },
			{
				displayName: 'Picked',
				name: 'picked',
				type: 'resourceLocator',
				default: { mode: 'id', value: '' },
				modes: [{ displayName: 'By ID', name: 'id', type: 'string' }],
			},
			{
				displayName: 'Options',
				name: 'options',
				type: 'collection',
				default: {},
				options: [{ displayName: 'Size', name: 'size', type: 'number', default: 1 }],
			},
		],
	},
	customOperations: {
		probe: {
			async read(this: IExecuteFunctions) {
				let asked = 0;
				const counting = Object.assign(Object.create(this) as IExecuteFunctions, {
					getNodeParameter: (...args: Parameters<IExecuteFunctions['getNodeParameter']>) => {
						asked++;
						const value = (this.getNodeParameter as (...all: unknown[]) => unknown)(...args);
						return otherN8n ? otherN8n(value) : value;
					},
				});
				const read = itemParameterReader(counting);
				const name = String(this.getNodeParameter('readName', 0));
				for (let itemIndex = 0; itemIndex < this.getInputData().length; itemIndex++) {
					const before = asked;
					const fast = outcome(() => read(name, itemIndex));
					const fastAsked = asked - before;
					const n8n = outcome(() => this.getNodeParameter(name, itemIndex));
					readings.push({
						fast,
						n8n: otherN8n && 'value' in n8n ? { value: otherN8n(n8n.value) } : n8n,
						asked: fastAsked,
					});
				}
				return await Promise.resolve([[{ json: {} }]] as INodeExecutionData[][]);
			},
		},
	},
};

/** Item values of `value` (and of `nested.value`, `contact id`), plain JSON and not. */
const plainValues: unknown[] = [
	'P1',
	'',
	' P1 , P2 ',
	'=not an expression',
	'{{ $json.value }}',
	'Åsa 🏠',
	42,
	0,
	-0,
	-1.5,
	1e21,
	true,
	false,
	null,
	['a', 'b'],
	[],
	{},
	{ x: { y: 'z' } },
	[{ id: 1 }, null],
	{ 'a b': [1, { c: '' }] },
];
const otherValues: unknown[] = [
	new Date(0),
	Number.NaN,
	Number.POSITIVE_INFINITY,
	{ a: undefined },
	Buffer.from('ab'),
];

function itemsOf(values: unknown[], missing = true): INodeExecutionData[] {
	const items = values.map((value) => ({
		json: {
			value,
			nested: { value },
			'contact id': value,
			'a.b': value,
			'value}}': value,
			'{value': value,
			"it's": value,
			'say "hi"': value,
			'$x #1': value,
			'å ä': value,
			'a`b': value,
		} as IDataObject,
	}));
	// A missing field, a nested field under null, under text.
	if (missing)
		items.push(
			{ json: {} },
			{ json: { nested: null } as unknown as IDataObject },
			{ json: { nested: 'text' } },
		);
	return items;
}

const fastForms = [
	'={{ $json.value }}',
	'={{$json.value}}',
	'={{ \n $json.value \n }}',
	'={{ $json["value"] }}',
	"={{ $json['value'] }}",
	'={{ $json.nested.value }}',
	'={{ $json [ "nested" ] . value }}',
	'={{ $json["contact id"] }}',
	'={{ $json["a.b"] }}',
	'={{ $json["it\'s"] }}',
	'={{ $json[\'say "hi"\'] }}',
	'={{ $json["$x #1"] }}',
	'={{ $json["å ä"] }}',
	'={{ $json["a`b"] }}',
	'={{\t$json.value\r\n}}',
	'={{\u00a0$json.value\u2028}}',
];
/** Expressions that are not a field reference alone: n8n evaluates them, for every item. */
const n8nForms = [
	'={{ $json.value }} ',
	'=id {{ $json.value }}',
	'={{ ($json.value) }}',
	'={{ $json.value }}{{ $json.value }}',
	'={{ $json.value?.toString() }}',
	'={{ $input.item.json.value }}',
	'={{ $json.value[0] }}',
	'={{ $json.constructor }}',
	'={{ $json.__proto__ }}',
	'={{ $itemIndex }}',
	'={{ $json["value}}"] }}',
	"={{ $json['{value'] }}",
	'={{ $json["\\u0061"] }}',
];

/**
 * Plain objects and arrays of another realm as this one's, other values as they are. The vm
 * engine's copies are made in Node's main realm, which under jest is not the test's; in n8n
 * there is only one. A null-prototype or class instance stays apart (its constructor differs).
 */
function sameRealm(value: unknown): unknown {
	if (value === null || typeof value !== 'object') return value;
	if (Array.isArray(value)) return value.map(sameRealm);
	const prototype = Object.getPrototypeOf(value) as { constructor?: { name?: string } } | null;
	if (prototype?.constructor?.name !== 'Object' || Object.getPrototypeOf(prototype) !== null)
		return value;
	return Object.fromEntries(Object.entries(value).map(([key, entry]) => [key, sameRealm(entry)]));
}

/** The reader's value (or error) and n8n's, each item: equal in value and type. */
function expectSame(results: Reading[]): void {
	for (const result of results) expect(sameRealm(result.fast)).toStrictEqual(sameRealm(result.n8n));
}

async function read(parameters: IDataObject, items: INodeExecutionData[]): Promise<Reading[]> {
	readings = [];
	const { error } = await runNode({
		nodeType: probe,
		parameters: { resource: 'probe', operation: 'read', ...parameters } as never,
		inputItems: items,
	});
	expect(error).toBeUndefined();
	expect(readings).toHaveLength(items.length);
	return readings;
}

describe.each(['legacy', 'vm'] as const)(
	'Item parameters read without an evaluation are what n8n gives (%s expression engine)',
	(engine) => {
		beforeAll(async () => {
			if (engine !== 'vm') return;
			// Expression.initExpressionEngine as n8n's start does it (its dynamic import does not run under jest).
			const evaluator = new ExpressionEvaluator({
				createBridge: () =>
					new IsolatedVmBridge({ timeout: 5000, memoryLimit: 128, logger: LoggerProxy }),
				maxCodeCacheSize: 64,
				poolSize: 1,
				hooks: expressionSandboxHooks,
				logger: LoggerProxy,
			});
			await evaluator.initialize();
			Expression.setExpressionEngine('vm');
			(Expression as unknown as { vmEvaluator: unknown }).vmEvaluator = evaluator;
			expect(Expression.getActiveImplementation()).toBe('vm');
		});
		afterAll(async () => {
			await Expression.disposeExpressionEngine();
			Expression.setExpressionEngine('legacy');
		});

		test.each(fastForms)(
			'%j: every plain JSON value read from the item as n8n reads it, without n8n',
			async (form) => {
				const results = await read({ value: form }, itemsOf(plainValues, false));
				expectSame(results);
				// The first item is also read through n8n, which confirms the reading; the others are not.
				expect(results.map((result) => result.asked)).toEqual(
					plainValues.map((_, index) => (index === 0 ? 1 : 0)),
				);
			},
		);

		test.each(fastForms)(
			'%j: other values and missing fields go to n8n, which gives its own value or error',
			async (form) => {
				const results = await read({ value: form }, itemsOf(otherValues));
				expectSame(results);
				expect(results.every((result) => result.asked === 1)).toBe(true);
			},
		);

		test.each(n8nForms)('%j: n8n evaluates it for every item; the same result', async (form) => {
			const results = await read({ value: form }, itemsOf(plainValues));
			expectSame(results);
			expect(results.every((result) => result.asked === 1)).toBe(true);
		});

		test('A fixed value is read without n8n, each item its own copy; a resource locator or collection with field references too', async () => {
			const items = itemsOf(plainValues, false);
			for (const [parameters, name] of [
				[{ value: 'P1, P2' }, 'value'],
				[{ picked: { __rl: true, mode: 'id', value: 'P7' } }, 'picked'],
				[{ picked: { __rl: true, mode: 'id', value: '={{ $json.value }}' } }, 'picked'],
				[{ options: { size: '={{ $json.nested.value }}' } }, 'options'],
			] as const) {
				const results = await read({ ...parameters, readName: name }, items);
				expectSame(results);
				expect(results.map((result) => result.asked)).toEqual(
					items.map((_, index) => (index === 0 ? 1 : 0)),
				);
				const objects = results
					.map((result) => (result.fast as { value: unknown }).value)
					.filter((value) => typeof value === 'object' && value !== null);
				expect(new Set(objects).size).toBe(objects.length);
			}
		});

		test.each([
			['text', (value: unknown) => (typeof value === 'string' ? `${value} ` : value)],
			['type', (value: unknown) => (typeof value === 'number' ? String(value) : value)],
		] as const)(
			'An n8n that reads a field reference otherwise (%s) is followed for every item, never silently contradicted',
			async (_, reading) => {
				otherN8n = reading;
				try {
					for (const form of ['={{ $json.value }}', '={{ $json["contact id"] }}']) {
						const values = reading(42) === 42 ? ['P1', 'P2', 'P3'] : [42, 7, 0];
						const results = await read({ value: form }, itemsOf(values, false));
						expectSame(results);
						expect(results.map((result) => result.fast)).toEqual(
							values.map((value) => ({ value: reading(value) })),
						);
						expect(results.every((result) => result.asked === 1)).toBe(true);
					}
				} finally {
					otherN8n = undefined;
				}
			},
		);

		test('A resource locator or collection holding any other expression goes to n8n whole', async () => {
			const items = itemsOf(['P1', 3]);
			const results = await read(
				{ picked: { __rl: true, mode: 'id', value: '={{ $json.value + 1 }}' }, readName: 'picked' },
				items,
			);
			expectSame(results);
			expect(results.every((result) => result.asked === 1)).toBe(true);
		});
	},
);

test("No property of the package declares validateType or a resource mapper (the reader skips n8n's validateValueAgainstSchema, which only acts on those)", () => {
	const validated: string[] = [];
	const walk = (where: string, property: unknown): void => {
		if (!property || typeof property !== 'object') return;
		if (Array.isArray(property)) return property.forEach((entry) => walk(where, entry));
		const { name, validateType, type, options, values } = property as {
			name?: string;
			validateType?: unknown;
			type?: unknown;
			options?: unknown;
			values?: unknown;
		};
		if (validateType !== undefined || type === 'resourceMapper')
			validated.push(`${where} › ${String(name)}`);
		walk(where, options);
		walk(where, values);
	};
	const nodes = packageNodes();
	expect(nodes.size).toBeGreaterThan(0);
	for (const [nodeName, nodeType] of nodes) walk(nodeName, nodeType.description.properties);
	expect(validated).toEqual([]);
	// The walk does see one where it is.
	walk('probe', [
		{ name: 'checked', type: 'collection', options: [{ name: 'size', validateType: 'number' }] },
	]);
	expect(validated).toEqual(['probe › size']);
});
