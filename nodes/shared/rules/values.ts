import type { IDataObject } from 'n8n-workflow';

import { type CheckSite, inputError } from './inputError';

/** Empty as users mean it: nothing, text of spaces only, or a list of such. */
export function isBlank(value: unknown): boolean {
	if (Array.isArray(value)) return value.every(isBlank);
	return (
		value === undefined || value === null || (typeof value === 'string' && value.trim() === '')
	);
}

/** A value of an answer as text (trimmed; numbers as written), or undefined when it holds none. */
export function textOf(value: unknown): string | undefined {
	if (typeof value === 'number') return String(value);
	return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

/** The record a field of an answer holds, or an empty one when it holds none. */
export function objectAt(record: IDataObject | undefined, key: string): IDataObject {
	const value = record?.[key];
	return value && typeof value === 'object' && !Array.isArray(value) ? (value as IDataObject) : {};
}

/** The value at a dotted path of a record or body (`telephone.cell`, `buildings.0.area.living`), or undefined. */
export function valueAt(record: IDataObject | undefined, path: string): unknown {
	let value: unknown = record;
	for (const key of path.split('.'))
		value = value && typeof value === 'object' ? (value as IDataObject)[key] : undefined;
	return value;
}

/**
 * The texts of a record's fields, each found by its path (`email.emailAddress`): a table of
 * what a simplified record says and where the answer holds it, read in one pass.
 */
export function textsAt<Name extends string>(
	record: IDataObject,
	paths: Readonly<Record<Name, string>>,
): Record<Name, string | undefined> {
	const texts = {} as Record<Name, string | undefined>;
	for (const name of Object.keys(paths) as Name[])
		texts[name] = textOf(valueAt(record, paths[name]));
	return texts;
}

export interface WholeNumberRule {
	min?: number;
	max?: number;
	/** How the rule reads in the message ("a year such as 2026"); from the bounds when left out. */
	rule?: string;
}

function ruleOf({ min, max, rule }: WholeNumberRule): string {
	if (rule) return rule;
	if (min !== undefined && max !== undefined) return `a whole number from ${min} to ${max}`;
	if (min !== undefined) return `a whole number of ${min} or more`;
	return 'a whole number';
}

/** A whole number as typed or as an expression gave it (numeric text too), within the rule's bounds. */
export function wholeNumber(
	site: CheckSite,
	value: unknown,
	field: string,
	range: WholeNumberRule = {},
	itemIndex?: number,
): number {
	const number =
		typeof value === 'number'
			? value
			: typeof value === 'string' && value.trim() !== ''
				? Number(value.trim())
				: Number.NaN;
	const outside =
		(range.min !== undefined && number < range.min) ||
		(range.max !== undefined && number > range.max);
	if (!Number.isInteger(number) || outside) {
		throw inputError(
			site,
			`${field} must be ${ruleOf(range)}; got "${String(value)}"`,
			undefined,
			itemIndex,
		);
	}
	return number;
}

/** One of a fixed list of names, whatever the case an expression gave it in; the listed spelling is returned. */
export function oneOf<T extends string>(
	site: CheckSite,
	value: unknown,
	field: string,
	names: readonly T[],
	itemIndex?: number,
): T {
	const given =
		typeof value === 'string' || typeof value === 'number'
			? String(value).trim().toLowerCase()
			: undefined;
	const match = names.find((name) => name.toLowerCase() === given);
	if (match === undefined)
		throw inputError(
			site,
			`${field} must be one of ${names.join(', ')}; got "${String(value)}"`,
			undefined,
			itemIndex,
		);
	return match;
}

/**
 * A list as users give it: an array (a multi-select, or an expression returning a list) or
 * text separated by commas (and, where `separators` says so, semicolons or new lines). Entries
 * are trimmed and blanks dropped, in the order given.
 */
export function listOf(value: unknown, separators: RegExp = /,/): string[] {
	const parts = Array.isArray(value) ? value.flat(Infinity) : String(value ?? '').split(separators);
	return parts.map((part) => String(part ?? '').trim()).filter((part) => part !== '');
}

/** JSON typed as text is parsed; a value an expression already gave as an object is taken as it is. */
export function jsonText(
	site: CheckSite,
	value: unknown,
	field: string,
	description?: string,
	itemIndex?: number,
): unknown {
	if (typeof value !== 'string') return value;
	try {
		return JSON.parse(value) as unknown;
	} catch {
		throw inputError(site, `${field} is not valid JSON`, description, itemIndex);
	}
}

function kindOf(value: unknown): string {
	if (Array.isArray(value)) return 'a list';
	if (typeof value === 'number') return String(value);
	return value === null ? 'null' : `${typeof value === 'object' ? 'an object' : typeof value}`;
}

const OBJECT_TEXT = '[object Object]';
const NOT_A_NUMBER = new Set(['NaN', 'Infinity', '-Infinity', '+Infinity']);

const quoted = (text: string) => `"${text.length > 60 ? `${text.slice(0, 57)}...` : text}"`;

/**
 * What is wrong with a text about to go out, or undefined: an object's text ("[object Object]",
 * which n8n writes for an object in text mixed with an expression, and String() for an object or
 * a list holding one), or the whole text NaN or Infinity (a failed number conversion). Refused in
 * free text too: no brokerage value holds them, and a user can always write them otherwise.
 */
export function textFault(text: string): string | undefined {
	if (text.includes(OBJECT_TEXT)) return `an object's text ${quoted(text)}`;
	if (NOT_A_NUMBER.has(text.trim())) return text.trim();
	return undefined;
}

/**
 * A value sent as one text (a path segment, a query parameter, a body field): text or a finite
 * number, or true/false where `booleans` allows. An expression's object, list, NaN or Infinity
 * would go out as "[object Object]", "1,x" or "NaN" (or null in JSON): refused by the field's
 * name, as is text that already holds one of them (textFault).
 */
export function textOrNumber(
	site: CheckSite,
	value: unknown,
	field: string,
	itemIndex?: number,
	booleans = false,
): string | number | boolean {
	const fault = typeof value === 'string' ? textFault(value) : undefined;
	if (typeof value === 'string' && fault === undefined) return value;
	if (
		(typeof value === 'number' && Number.isFinite(value)) ||
		(booleans && typeof value === 'boolean')
	)
		return value;
	throw inputError(
		site,
		`${field} must be text or a number; got ${fault ?? kindOf(value)}`,
		fault ? OUTGOING_TEXT_HELP : undefined,
		itemIndex,
	);
}

/** What a refusal of an object's text, NaN or Infinity tells the user to do. */
export const OUTGOING_TEXT_HELP =
	'An expression gave an object, a list, NaN or Infinity where one value is due, and it would have gone out as text. Nothing was sent; give the value itself (e.g. {{ $json.address.city }} rather than {{ $json.address }}).';

/**
 * A value that becomes one segment of a request path (an id, the customer id): text or a
 * finite number, trimmed, and never "." or "..", which URL parsing would turn into another
 * endpoint even when encoded. No id of the service holds a comma (the pickers' By ID refuses
 * one in the editor): a comma list given by an expression, or by an AI agent's tool call, is
 * refused by name rather than sent as one id the service cannot find.
 */
export function pathSegment(
	site: CheckSite,
	value: unknown,
	field: string,
	itemIndex?: number,
): string {
	const text = String(textOrNumber(site, value, field, itemIndex)).trim();
	if (text === '.' || text === '..')
		throw inputError(
			site,
			`${field} must not be "." or ".."`,
			'An ID made of dots would reach another endpoint of the service.',
			itemIndex,
		);
	if (text.includes(',')) {
		throw inputError(
			site,
			`${field} takes one ID, not a list: "${text}"`,
			'Give one ID here, each item its own. For several records, run one item per ID, or use Get Many where the resource has it (its ID field takes a list).',
			itemIndex,
		);
	}
	return text;
}

/**
 * A value a request path needs: blank is refused by the field's name (dropping its segment
 * would reach another endpoint, the list instead of the record), anything else is checked as
 * one segment (pathSegment).
 */
export function requiredPathSegment(
	site: CheckSite,
	value: unknown,
	field: string,
	itemIndex?: number,
	blank = {
		message: `${field} is required`,
		description: `The "${field}" field is empty; it is part of the request path.`,
	},
): string {
	if (isBlank(value)) throw inputError(site, blank.message, blank.description, itemIndex);
	return pathSegment(site, value, field, itemIndex);
}

/** Text a required field must have, trimmed; blank is refused by the field's name. */
export function requiredText(
	site: CheckSite,
	value: unknown,
	field: string,
	description?: string,
	itemIndex?: number,
): string {
	if (isBlank(value)) throw inputError(site, `${field} is required`, description, itemIndex);
	return String(value).trim();
}

/**
 * The ID a record picker holds ({ __rl, mode, value }), or the value as it is: a plain ID (typed, or
 * a dropdown's value, as a saved workflow may hold it), or a value of any other field. The one place a picker's value is read.
 */
export function pickedValue(value: unknown): unknown {
	return value !== null && typeof value === 'object' && '__rl' in value && 'value' in value
		? (value as { value: unknown }).value
		: value;
}
