import type { IDataObject } from 'n8n-workflow';

import { runNode } from '../harness/engine';
import { type HostileRequest, type HostileServer, json, startHostile } from '../harness/hostile';
import { everyOperation, inputFields, type InputField, type OperationCase } from './operations';

/**
 * Issue 29: nothing malformed reaches the service. Every field a user fills in, of every
 * operation with inputs (operations.tsv through n8n's loader), is given by expression what a
 * new user's expression may give: an object, a list holding one, NaN, Infinity. Each run is
 * refused before anything is sent, by an error naming the field and the item; and whatever
 * reached the hostile server never carries an object's text, NaN or Infinity.
 */
jest.setTimeout(10 * 60_000);

const CLASSES: Array<[string, string]> = [
	['an object', '={{ { id: 1 } }}'],
	['a list holding an object', "={{ [1, 'x', { id: 2 }] }}"],
	['NaN', '={{ NaN }}'],
	['Infinity', '={{ Infinity }}'],
	// n8n itself writes the object as "[object Object]" when an expression sits in text.
	['text with an object in it', '=Viewing {{ { id: 1 } }}'],
	['a list of plain values', "={{ ['E1', 'E2'] }}"],
];

let service: HostileServer;
let operations: OperationCase[];
beforeAll(async () => {
	[service, operations] = await Promise.all([startHostile(), everyOperation()]);
	service.answer = json(200, {});
});
afterAll(async () => {
	await service?.close();
});

/** What an object, NaN or Infinity looks like once it is text on the wire. */
export function malformedOnWire(request: HostileRequest): string | undefined {
	const address = decodeURIComponent(request.path);
	for (const text of [address, request.body]) {
		if (text.includes('[object Object]')) return '[object Object]';
		const bad = /(?:^|[=/,>"])(-?Infinity|NaN)(?:$|[&,/<"])/.exec(text);
		if (bad) return bad[1];
	}
	return undefined;
}

async function tryField(operation: OperationCase, field: InputField, expression: string, messageFormat: string) {
	service.seen.length = 0;
	const run = await runNode({
		nodeType: operation.nodeType,
		parameters: { ...field.with(operation.parameters, expression), messageFormat } as never,
		inputItems: operation.inputItems ? await operation.inputItems() : undefined,
		credentials: { baseUrl: service.url, username: 'u', password: 'p', apiKey: 'k', apiHeaderName: 'X-Api-Key', customerId: 'M30011' },
	});
	return { error: run.error as (Error & { context?: IDataObject }) | undefined, sent: [...service.seen] };
}

/** The error names the field as the editor shows it (a record picker's "Contact" as "Contact ID"). */
const names = (message: string, field: InputField) => message.includes(field.label) || message.includes(`${field.label} ID`);

describe('every field of every operation, given an object, a list, NaN or Infinity', () => {
	it('is refused before sending, naming the field and the item, or goes out clean: nothing malformed reaches the service', async () => {
		const refused: Record<string, number> = {};
		const clean: Record<string, number> = {};
		const wrong: string[] = [];
		let fieldsTried = 0;
		for (const operation of operations) {
			for (const field of inputFields(operation)) {
				fieldsTried++;
				for (const [kind, expression] of CLASSES) {
					// JSON would send NaN and Infinity as null, which no server can tell apart: XML writes them as text.
					const format = kind === 'NaN' || kind === 'Infinity' ? 'xml' : 'json';
					const { error, sent } = await tryField(operation, field, expression, format);
					const malformed = sent.map(malformedOnWire).find(Boolean);
					const where = `${operation.name} ${field.path} (${kind})`;
					if (malformed) wrong.push(`${where}: sent ${malformed}`);
					else if (sent.length > 0) clean[kind] = (clean[kind] ?? 0) + 1;
					else if (!error || !names(error.message, field) || error.context?.itemIndex !== 0) wrong.push(`${where}: refused as "${error?.message}" (item ${String(error?.context?.itemIndex)})`);
					else refused[kind] = (refused[kind] ?? 0) + 1;
				}
			}
		}
		console.log(`Outgoing values: ${fieldsTried} fields over ${operations.length} operations; refused naming the field and item ${JSON.stringify(refused)}; went out clean (the value is not sent, or sent as a list where one is taken) ${JSON.stringify(clean)}`);
		expect(wrong).toEqual([]);
	});
});
