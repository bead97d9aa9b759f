import type {
	IDataObject,
	IExecuteSingleFunctions,
	IHttpRequestOptions,
	INodeProperties,
} from 'n8n-workflow';

import { isBlank, pickedValue, textOrNumber, OUTGOING_TEXT_HELP, textFault } from './values';
import { inputError } from './inputError';

/**
 * The shared checks of what an operation sends: first, values n8n would send as they are must
 * be text or numbers (`sentFieldsStep`); last, nothing goes out as an object's text, NaN or a
 * joined list (`outgoingValuesStep`).
 */

/** Field types whose value n8n's routing sends as it is: one text, number or choice (a record picker: the ID it holds). */
const SCALAR_TYPES = new Set([
	'string',
	'number',
	'options',
	'dateTime',
	'boolean',
	'color',
	'hidden',
	'resourceLocator',
]);

interface SentField {
	/** Parameter name, then the option name inside a collection. */
	path: [string] | [string, string];
	label: string;
	list: boolean;
	booleans: boolean;
}

function sentAs(property: INodeProperties): boolean {
	const type = property.routing?.send?.type;
	return (
		(type === 'query' || type === 'body') &&
		(SCALAR_TYPES.has(property.type) || property.type === 'multiOptions')
	);
}

function entry(property: INodeProperties, path: SentField['path'], label: string): SentField {
	return {
		path,
		label,
		list: property.type === 'multiOptions',
		booleans: property.type === 'boolean',
	};
}

/** The fields of an operation that n8n's routing puts in the query or body, with their labels. */
function sentFields(fields: INodeProperties[]): SentField[] {
	return fields.flatMap((field) => {
		if (sentAs(field)) return [entry(field, [field.name], field.displayName)];
		if (field.type !== 'collection') return [];
		return ((field.options ?? []) as INodeProperties[])
			.filter(sentAs)
			.map((option) =>
				entry(option, [field.name, option.name], `${field.displayName} › ${option.displayName}`),
			);
	});
}

/**
 * A preSend step: every field n8n's routing sends in the query or body as it is holds text or
 * a number (a list of them for a multi-select), checked before anything is sent. Fields the
 * operation's own steps build are checked by those steps.
 */
export function sentFieldsStep(fields: INodeProperties[]) {
	const checked = sentFields(fields);
	return async function (
		this: IExecuteSingleFunctions,
		request: IHttpRequestOptions,
	): Promise<IHttpRequestOptions> {
		for (const field of checked) {
			const [name, option] = field.path;
			// A field hidden for this item's other choices is absent: null, not n8n's "Could not get parameter".
			const raw = this.getNodeParameter(name, null) as unknown;
			const given =
				option === undefined
					? raw
					: raw && typeof raw === 'object'
						? (raw as IDataObject)[option]
						: undefined;
			const value = pickedValue(given);
			if (isBlank(value) && !Array.isArray(value)) continue;
			for (const part of field.list && Array.isArray(value) ? value : [value])
				textOrNumber(this, part, field.label, undefined, field.booleans);
		}
		return request;
	};
}

/**
 * The last check before a request goes out, on the query and body exactly as the operation's
 * steps left them, for every operation (declarative routing and custom operations alike). n8n
 * turns an expression's object into "[object Object]" before a node sees it (in text mixed
 * with an expression), and a step's String() does the same to objects, lists and NaN, so only
 * the outgoing text shows what a type check on the parameter cannot. Refused, by the field's
 * name and the item:
 * - "[object Object]" anywhere in a value: JavaScript's text of an object. It is refused in free
 *   text too; no brokerage value holds it, and the user can always write it otherwise.
 * - NaN or Infinity, as a number (JSON would send null) or as the whole text of a value: what a
 *   failed number conversion gives.
 * - a comma in a value where one value is due (an ID field other than the ID lists the service
 *   reads comma-separated, named `...Ids`, or a number or choice field): a list joined by String().
 */
/** Single IDs: contactId, criteria.estateId, request.customerId; the lists are named ...Ids (contactIds). */
const SINGLE_ID = /(?:^|\.)(?:[a-z][A-Za-z]*I|i)d$/;

interface Outgoing {
	/** Wire path, dots between keys ("baseInformation.address.city"), without list positions. */
	path: string;
	value: unknown;
}

function leaves(value: unknown, path: string, out: Outgoing[]): Outgoing[] {
	if (Array.isArray(value)) for (const entry of value) leaves(entry, path, out);
	else if (value !== null && typeof value === 'object' && !Buffer.isBuffer(value)) {
		for (const [key, entry] of Object.entries(value as IDataObject))
			leaves(entry, path ? `${path}.${key}` : key, out);
	} else out.push({ path, value });
	return out;
}

/** Labels of the fields by the parameter name they are read from, "Additional Fields › City" inside a collection. */
function labelsByName(fields: INodeProperties[], parent = ''): Record<string, string> {
	const labels: Record<string, string> = {};
	for (const field of fields) {
		if (field.type === 'notice') continue;
		const label = parent ? `${parent} › ${field.displayName}` : field.displayName;
		if (!(field.name in labels)) labels[field.name] = label;
		for (const option of (field.options ?? []) as Array<
			INodeProperties | { values?: INodeProperties[] }
		>) {
			if ('values' in option && option.values)
				Object.assign(labels, { ...labelsByName(option.values, label), ...labels });
			else if ('displayName' in option && 'type' in option)
				Object.assign(labels, { ...labelsByName([option], label), ...labels });
		}
	}
	return labels;
}

/** Wire paths whose value is one number or one choice: fields of those types sent by their routing. */
function singleValuePaths(fields: INodeProperties[]): Set<string> {
	const paths = new Set<string>();
	const visit = (field: INodeProperties) => {
		const wire = field.routing?.send?.property;
		if (typeof wire === 'string' && (field.type === 'number' || field.type === 'options'))
			paths.add(wire);
		for (const option of (field.options ?? []) as Array<
			INodeProperties | { values?: INodeProperties[] }
		>) {
			if ('values' in option && option.values) option.values.forEach(visit);
			else if ('type' in option) visit(option);
		}
	};
	fields.forEach(visit);
	return paths;
}

const quoted = (text: string) => `"${text.length > 60 ? `${text.slice(0, 57)}...` : text}"`;

/** What is wrong with one outgoing value, in the words of the message; undefined when nothing is. */
function fault(value: unknown, single: boolean): string | undefined {
	if (typeof value === 'number')
		return Number.isFinite(value) ? undefined : `must be a finite number; got ${String(value)}`;
	if (typeof value !== 'string') return undefined;
	const text = textFault(value);
	if (text) return `must be text or a number; got ${text}`;
	if (single && value.includes(','))
		return `takes one value; got a list joined with commas ${quoted(value)}`;
	return undefined;
}

/**
 * The preSend step that checks what goes out: last of an operation's steps, after every step
 * that builds the query or body. `labels` names body paths the fields do not route themselves.
 */
export function outgoingValuesStep(fields: INodeProperties[], labels: Record<string, string> = {}) {
	const byName = labelsByName(fields);
	const single = singleValuePaths(fields);
	const labelOf = (path: string, own: Record<string, string>) =>
		own[path] ?? byName[path.split('.').pop() ?? path] ?? `The value sent as ${path}`;
	return async function (
		this: IExecuteSingleFunctions,
		request: IHttpRequestOptions,
	): Promise<IHttpRequestOptions> {
		const sent = [
			...leaves(request.qs ?? {}, '', []),
			...(request.body !== undefined && typeof request.body === 'object'
				? leaves(request.body, '', [])
				: []),
		];
		for (const { path, value } of sent) {
			const problem = fault(value, single.has(path) || SINGLE_ID.test(path));
			if (problem) {
				throw inputError(this, `${labelOf(path, labels)} ${problem}`, OUTGOING_TEXT_HELP);
			}
		}
		return request;
	};
}
