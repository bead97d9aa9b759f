import type { IDataObject } from 'n8n-workflow';

import { runNode } from '../harness/engine';
import { recordFigures } from '../harness/figures';
import { type HostileRequest, type HostileServer, json, startHostile } from '../harness/hostile';
import { everyOperation, inputFields, type InputField, type OperationCase } from './operations';

/**
 * Nothing malformed reaches the service. Every field a user fills in, of every
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
	['a list of plain values', "={{ ['OBJ30011_2041100001', 'OBJ30011_2041100002'] }}"],
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

/** Keys of one ID (contactId, criteria.estateId, id), as the service names them; lists of IDs are named ...Ids. */
const ONE_ID = /(?:^|\.)(?:[a-z][A-Za-z]*I|i)d$/;

/** The list of plain values given ("OBJ30011_2041100001", "OBJ30011_2041100002") joined into one ID of the query or a JSON body. */
function joinedId(request: HostileRequest): string | undefined {
	const url = new URL(request.path, 'http://service');
	for (const [key, value] of url.searchParams)
		if (ONE_ID.test(key) && value.includes('OBJ30011_2041100001,OBJ30011_2041100002'))
			return `${key}=${value}`;
	let body: unknown;
	try {
		body = JSON.parse(request.body);
	} catch {
		return undefined;
	}
	const walk = (value: unknown, key: string): string | undefined => {
		if (value && typeof value === 'object') {
			for (const [name, entry] of Object.entries(value)) {
				const found = walk(entry, Array.isArray(value) ? key : name);
				if (found) return found;
			}
			return undefined;
		}
		return ONE_ID.test(key) &&
			typeof value === 'string' &&
			value.includes('OBJ30011_2041100001,OBJ30011_2041100002')
			? `${key}: ${value}`
			: undefined;
	};
	return walk(body, '');
}

/** What an object, NaN, Infinity or a joined list looks like once it is text on the wire. */
export function malformedOnWire(request: HostileRequest): string | undefined {
	const address = decodeURIComponent(request.path);
	for (const text of [address, request.body]) {
		if (text.includes('[object Object]')) return '[object Object]';
		const bad = /(?:^|[=/,>"])(-?Infinity|NaN)(?:$|[&,/<"])/.exec(text);
		if (bad) return bad[1];
	}
	return joinedId(request);
}

async function tryField(
	operation: OperationCase,
	field: InputField,
	expression: string,
	messageFormat: string,
) {
	service.seen.length = 0;
	const run = await runNode({
		nodeType: operation.nodeType,
		parameters: { ...field.with(operation.parameters, expression), messageFormat } as never,
		inputItems: operation.inputItems ? await operation.inputItems() : undefined,
		credentials: {
			baseUrl: service.url,
			username: 'u',
			password: 'p',
			apiKey: 'k',
			apiHeaderName: 'X-Api-Key',
			customerId: 'M30011',
		},
	});
	return {
		error: run.error as (Error & { context?: IDataObject }) | undefined,
		sent: [...service.seen],
	};
}

/** The error names the field as the editor shows it (a record picker's "Contact" as "Contact ID"). */
const names = (message: string, field: InputField) =>
	message.includes(field.label) || message.includes(`${field.label} ID`);

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
					else if (!error || !names(error.message, field) || error.context?.itemIndex !== 0)
						wrong.push(
							`${where}: refused as "${error?.message}" (item ${String(error?.context?.itemIndex)})`,
						);
					else refused[kind] = (refused[kind] ?? 0) + 1;
				}
			}
		}
		recordFigures(
			'Outgoing values',
			`${fieldsTried} fields over ${operations.length} operations; refused naming the field and item ${JSON.stringify(refused)}; went out clean (the value is not sent, or sent as a list where one is taken) ${JSON.stringify(clean)}`,
		);
		expect(wrong).toEqual([]);
	});
});

describe('the item is named', () => {
	it.each([
		['estateBrokerOffice appointment create', 'subject'],
		['estateBrokerContacts person upsert', 'firstName'],
		['estateBrokerEstates condominium create', 'address.city'],
	])(
		"%s: the second of three items, whose %s is an object's text, is the item the error names; nothing malformed goes out",
		async (name, path) => {
			const operation = operations.find((candidate) => candidate.name === name)!;
			const field = inputFields(operation).find(
				(candidate) => candidate.path === path || candidate.path.replace('[0]', '') === path,
			)!;
			expect(field).toBeDefined();
			service.seen.length = 0;
			const run = await runNode({
				nodeType: operation.nodeType,
				parameters: field.with(operation.parameters, '={{ $json.value }}') as never,
				input: [{ value: 'Storgatan 1' }, { value: 'x [object Object]' }, { value: 'Storgatan 3' }],
				credentials: {
					baseUrl: service.url,
					username: 'u',
					password: 'p',
					apiKey: 'k',
					apiHeaderName: 'X-Api-Key',
					customerId: 'M30011',
				},
			});
			expect(run.error?.message).toContain(field.label);
			expect((run.error as { context?: IDataObject } | undefined)?.context?.itemIndex).toBe(1);
			expect(service.seen.map(malformedOnWire).filter(Boolean)).toEqual([]);
		},
	);
});
