import fs from 'node:fs';
import path from 'node:path';

import type { INodeType } from 'n8n-workflow';

import { packageNode } from '../harness/packageNodes';

/**
 * The six action nodes as n8n stores and shows them: each node's description as n8n's loader
 * delivers it (its properties, stored values and their order, with what n8n adds), the names of
 * its methods and its custom operations, compared with test/fixtures/actionNodes.json: the
 * nodes as saved workflows and the editor know them. A saved workflow depends on every value in
 * it. Functions (the routing's steps) stand as "[function]"
 * in their places. After a deliberate change of a description, write the file again with
 * ESTATE_WRITE_ACTION_NODES=1 (the test then fails once, to be run again) and review its diff.
 */
const ACTION_NODES = [
	'estateBrokerContacts',
	'estateBrokerBid',
	'estateBrokerAdvertising',
	'estateBrokerEstates',
	'estateBrokerOffice',
	'estateBrokerReports',
];

const fixture = path.resolve(__dirname, '../fixtures/actionNodes.json');

/** A node as n8n keeps it, as plain JSON: functions marked in their places, key order kept. */
function asStored(nodeType: INodeType): unknown {
	const methods = Object.fromEntries(
		Object.entries(nodeType.methods ?? {}).map(([kind, named]) => [kind, Object.keys(named)]),
	);
	const customOperations = Object.fromEntries(
		Object.entries(nodeType.customOperations ?? {}).map(([resource, operations]) => [
			resource,
			Object.keys(operations),
		]),
	);
	const stored = { description: nodeType.description, methods, customOperations };
	return JSON.parse(
		JSON.stringify(stored, (_key, value: unknown) =>
			typeof value === 'function' ? '[function]' : value,
		),
	) as unknown;
}

describe('the action nodes as n8n stores them', () => {
	const nodes = Object.fromEntries(ACTION_NODES.map((name) => [name, asStored(packageNode(name))]));

	if (process.env.ESTATE_WRITE_ACTION_NODES === '1') {
		it('writes test/fixtures/actionNodes.json (and fails, so that it is never left on)', () => {
			fs.writeFileSync(fixture, `${JSON.stringify(nodes, null, '\t')}\n`);
			throw new Error('test/fixtures/actionNodes.json written: run the test again without it');
		});
		return;
	}

	const kept = JSON.parse(fs.readFileSync(fixture, 'utf8')) as Record<string, unknown>;

	it('has the six action nodes, and no other, in the fixture', () => {
		expect(Object.keys(kept)).toEqual(ACTION_NODES);
	});

	it.each(ACTION_NODES)(
		'%s: description, methods and custom operations as kept, to the letter and in order',
		(name) => {
			// Compared as text too: toEqual passes objects whose keys stand in another order.
			expect(nodes[name]).toEqual(kept[name]);
			expect(JSON.stringify(nodes[name])).toBe(JSON.stringify(kept[name]));
		},
	);
});
