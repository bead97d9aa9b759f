import { invalidField, validationError, type FieldError } from '../errors';
import { addSwedishMonths, readTime } from './serviceTime';

/**
 * Shared validation: enumerations, schema fragments, id lists, date ranges, and the mapping
 * of Ajv errors to the sandbox's 400 body. Route modules of every area use these.
 */

export const ENUMS = {
	assignment: ['Writing', 'Valuation', 'Sale'],
	selectionType: ['Create', 'Access', 'Agreement', 'Changed', 'LatestPropertyChangeDate'],
	activeStatusTipLead: ['Active', 'ActiveAndRemoved', 'Removed'],
	contactScheduledOrderType: ['EstateValue', 'FinalPricesInArea', 'BoneoSearchProfile'],
} as const;

/** Ajv format for ISO 8601 dates and date-times (a missing offset means Swedish time, serviceTime.ts); ajv-formats owns iso-date-time. */
export const DATE_TIME_FORMAT = 'broker-date-time';
export const DATE_TIME_PATTERN =
	/^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d{1,7})?)?(Z|[+-]\d{2}:?\d{2})?)?$/;

/** JSON-schema fragments for route schemas. */
export const S = {
	string: { type: 'string' },
	nonEmpty: { type: 'string', minLength: 1 },
	boolean: { type: 'boolean' },
	number: { type: 'number' },
	int32: { type: 'integer', minimum: -2147483648, maximum: 2147483647 },
	dateTime: { type: 'string', format: DATE_TIME_FORMAT },
	maxSize: { type: 'integer', minimum: 1, maximum: 1000 },
	stringList: { type: 'array', items: { type: 'string' } },
	enumOf: (name: keyof typeof ENUMS) => ({ type: 'string', enum: [...ENUMS[name]] }),
	object: (properties: Record<string, unknown>, required: string[] = []) => ({
		type: 'object',
		properties,
		required,
	}),
} as const;

/** Parses a date or date-time the way the schemas accept it: an offset as given, none as Swedish time (service-clock.md). */
export function parseDateTime(value: string): number {
	return readTime(value);
}

export const MAX_IDS_PER_CALL = 20;

/**
 * Splits a comma-separated id list (path segment or contactIds query), dropping empty
 * entries; more than 20 ids or none at all is a 400 on `field`.
 */
export function parseIdList(
	raw: string | undefined,
	field = 'contactIds',
	max = MAX_IDS_PER_CALL,
): string[] {
	const ids = (raw ?? '')
		.split(',')
		.map((id) => id.trim())
		.filter(Boolean);
	if (!ids.length) throw invalidField(field, 'at least one id is required');
	if (ids.length > max)
		throw invalidField(field, `at most ${max} ids are allowed, ${ids.length} were given`);
	return ids;
}

export interface RangeLimit {
	months: number;
	/** Wording for the message, e.g. "one year". */
	label: string;
}

export const ONE_YEAR: RangeLimit = { months: 12, label: 'one year' };
export const TWO_MONTHS: RangeLimit = { months: 2, label: 'two months' };

/**
 * Checks from <= to and that `to` is at most `limit` calendar months after `from` (null: no cap),
 * counted on the Swedish calendar as the service counts (the last day of a shorter month, as
 * .NET's AddMonths).
 * Either bound missing means no range check (required-ness is the schema's job).
 */
export function assertDateRange(
	from: string | undefined,
	to: string | undefined,
	limit: RangeLimit | null,
	fields = { from: 'dateFrom', to: 'dateTo' },
): void {
	if (!from || !to) return;
	const start = parseDateTime(from);
	const end = parseDateTime(to);
	if (end < start) throw invalidField(fields.to, `must not be before ${fields.from}`);
	if (!limit) return;
	if (end > addSwedishMonths(start, limit.months))
		throw invalidField(fields.to, `the range from ${fields.from} must not exceed ${limit.label}`);
}

/** Minimum length of a free-text contact search term. */
export const MIN_SEARCH_TERM = 5;

export function assertSearchTerm(term: string, field = 'criteria.term'): void {
	if (term.trim().length < MIN_SEARCH_TERM)
		throw invalidField(field, `must be at least ${MIN_SEARCH_TERM} characters`);
}

interface AjvError {
	instancePath: string;
	schemaPath?: string;
	keyword: string;
	params: Record<string, unknown>;
	message?: string;
}

const TYPE_WORDS: Record<string, string> = {
	integer: 'must be an integer',
	number: 'must be a number',
	boolean: 'must be true or false',
	string: 'must be a string',
	object: 'must be an object',
	array: 'must be a list',
};

/** Ajv errors of a request part (body, querystring, params) as wire field names and plain rules. */
export function fieldErrorsFromAjv(
	errors: AjvError[],
	context: string,
	bodyMissing = false,
): FieldError[] {
	const out: FieldError[] = [];
	// The models' anyOf-required ("one of these must be given"): one error naming them all.
	const alternatives = new Map<string, string[]>();
	for (const e of errors) {
		const at = /^(.*\/anyOf)\/\d+\/required$/.exec(e.schemaPath ?? '');
		if (e.keyword === 'required' && at)
			alternatives.set(`${e.instancePath}|${at[1]}`, [
				...(alternatives.get(`${e.instancePath}|${at[1]}`) ?? []),
				String(e.params.missingProperty),
			]);
	}
	for (const e of errors) {
		if (e.keyword === 'required' && /\/anyOf\/\d+\/required$/.test(e.schemaPath ?? '')) continue;
		const names =
			e.keyword === 'anyOf' ? alternatives.get(`${e.instancePath}|${e.schemaPath}`) : undefined;
		const base = e.instancePath
			.split('/')
			.filter(Boolean)
			.map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
			.reduce(
				(path, part) => (/^\d+$/.test(part) ? `${path}[${part}]` : path ? `${path}.${part}` : part),
				'',
			);
		const field =
			e.keyword === 'required'
				? join(base, String(e.params.missingProperty))
				: base || (context === 'body' ? 'body' : context);
		if (names) out.push({ field, message: `one of ${names.join(', ')} must be given` });
		else
			out.push({ field, message: plainRule(e, base === '' && context === 'body' && bodyMissing) });
	}
	return out;
}

function join(base: string, name: string): string {
	return base ? `${base}.${name}` : name;
}

function plainRule(e: AjvError, missingBody: boolean): string {
	const p = e.params;
	switch (e.keyword) {
		case 'required':
			return 'is required';
		case 'type':
			return missingBody
				? 'a request body is required'
				: (TYPE_WORDS[String(p.type)] ?? `must be of type ${p.type}`);
		case 'enum':
			return `must be one of: ${(p.allowedValues as unknown[]).join(', ')}`;
		case 'minLength':
			return p.limit === 1 ? 'must not be empty' : `must be at least ${p.limit} characters`;
		case 'maxLength':
			return `must be at most ${p.limit} characters`;
		case 'minimum':
			return `must be at least ${p.limit}`;
		case 'maximum':
			return `must be at most ${p.limit}`;
		case 'exclusiveMinimum':
			return `must be greater than ${p.limit}`;
		case 'format':
			return p.format === DATE_TIME_FORMAT
				? 'must be an ISO 8601 date-time'
				: `must be a valid ${p.format}`;
		case 'minItems':
			return `must have at least ${p.limit} items`;
		case 'maxItems':
			return `must have at most ${p.limit} items`;
		default:
			return e.message ?? 'is invalid';
	}
}

export { validationError };
