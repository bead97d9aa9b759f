import { withStockholmOffset } from './serviceClock';

/**
 * Which values of an answer are times, to give them their offset (serviceClock.ts), and the
 * one walk over a decoded answer, bounded in depth.
 *
 * By name, then by form. The service's models (docs/spec/models.json and models-2026.json)
 * type these fields `format: date-time`, under every record that has them; the contract test
 * holds this list equal to the models'. Such a field holding text in no form the service
 * writes is reported (an action item gives its record with the text as sent and says so; a
 * trigger poll fails): the text is not guessed. The service also writes times the models
 * leave out (report rows, records.md's fields); those are recognised by the service's naming
 * of times (…At, …Date, …Day, …Until, date…) and rewritten only when their text is in a
 * service form, else left as they are. A free-text field (a note, a message) is never
 * rewritten, however much its text looks like a date: the name decides first.
 */
export const DATE_TIME_FIELDS: ReadonlySet<string> = new Set([
	'accessDay',
	'advertisedAt',
	'approvalDate',
	'changedAt',
	'commissionReceivedAt',
	'contractDay',
	'createdAt',
	'dateChanged',
	'dateChangedData',
	'dateChangedImageData',
	'dateOfBirth',
	'depositReportedAt',
	'endsAt',
	'gdprApprovalDate',
	'matchingChangedAt',
	'movedInDate',
	'startsAt',
	'validUntil',
]);

/**
 * Levels of lists and records an answer may have. The deepest record of the service's models
 * has under ten; an answer deeper than this is no answer of the service's, and every walk
 * over it (this one, n8n's copies of items) would risk the call stack.
 */
export const MAX_ANSWER_DEPTH = 64;

/** An answer nested deeper than MAX_ANSWER_DEPTH: the caller fails as for any unreadable answer. */
export class AnswerTooDeep extends Error {
	constructor() {
		super(`The answer is nested more than ${MAX_ANSWER_DEPTH} levels deep`);
	}
}

/**
 * The service's names for times the models leave out (removedAt, agreementDate, dateFrom…),
 * and `term`, the end of an estate's lease or leasehold (advertising.md section 13).
 */
const TIME_NAME = /^date[A-Z]|[a-z](At|Date|Day|Until)$|^term$/;

const NOT_A_TIME = 0;
const NAMED_AS_TIME = 1;
const MODEL_TIME = 2;
/** What a field name says, worked out once per name: an answer repeats its few names in every record. */
const kindOfName = new Map<string, number>();

function timeKind(key: string): number {
	let kind = kindOfName.get(key);
	if (kind === undefined) {
		kind = DATE_TIME_FIELDS.has(key)
			? MODEL_TIME
			: TIME_NAME.test(key)
				? NAMED_AS_TIME
				: NOT_A_TIME;
		// Names come from answers: the memory stays bounded whatever a service sends.
		if (kindOfName.size > 10_000) kindOfName.clear();
		kindOfName.set(key, kind);
	}
	return kind;
}

type AnswerRecord = Record<string, unknown>;

/** A time of the answer in no form the service writes: where, the text, and the record an item's note goes on. */
export interface UnreadableTime {
	/** Path from the answer's root (`[1].createdAt`, `persons[0].changedAt`). */
	field: string;
	text: string;
	/** The nearest record around the field that is an entry of a list, else the answer's root record: the item that shows it. */
	holder: AnswerRecord | undefined;
	/** Path from `holder`. */
	fieldInHolder: string;
}

function pathOf(keys: Array<string | number>, from: number): string {
	let path = '';
	for (let index = from; index < keys.length; index++) {
		const key = keys[index];
		path += typeof key === 'number' ? `[${key}]` : path ? `.${key}` : key;
	}
	return path;
}

interface Walk {
	/** Rewrite times (false: the depth check alone, for a caller that reads its records' times itself). */
	rewrite: boolean;
	arrivedAt?: number;
	keys: Array<string | number>;
	unreadable: UnreadableTime[];
	holder: AnswerRecord | undefined;
	holderStart: number;
}

function walkList(list: unknown[], depth: number, walk: Walk): void {
	if (depth > MAX_ANSWER_DEPTH) throw new AnswerTooDeep();
	const { holder, holderStart } = walk;
	for (let index = 0; index < list.length; index++) {
		const entry: unknown = list[index];
		if (entry === null || typeof entry !== 'object') continue;
		walk.keys.push(index);
		if (Array.isArray(entry)) walkList(entry, depth + 1, walk);
		else {
			walk.holder = entry as AnswerRecord;
			walk.holderStart = walk.keys.length;
			walkRecord(entry as AnswerRecord, depth + 1, walk);
			walk.holder = holder;
			walk.holderStart = holderStart;
		}
		walk.keys.pop();
	}
}

function walkRecord(record: AnswerRecord, depth: number, walk: Walk): void {
	if (depth > MAX_ANSWER_DEPTH) throw new AnswerTooDeep();
	for (const key in record) {
		const field = record[key];
		if (typeof field === 'string') {
			if (!walk.rewrite || field === '') continue;
			const kind = timeKind(key);
			if (kind === NOT_A_TIME) continue;
			const withOffset = withStockholmOffset(field, walk.arrivedAt);
			if (withOffset !== undefined) record[key] = withOffset;
			else if (kind === MODEL_TIME) {
				walk.keys.push(key);
				walk.unreadable.push({
					field: pathOf(walk.keys, 0),
					text: field,
					holder: walk.holder,
					fieldInHolder: pathOf(walk.keys, walk.holderStart),
				});
				walk.keys.pop();
			}
		} else if (field !== null && typeof field === 'object') {
			walk.keys.push(key);
			if (Array.isArray(field)) walkList(field, depth + 1, walk);
			else walkRecord(field as AnswerRecord, depth + 1, walk);
			walk.keys.pop();
		}
	}
}

/**
 * Gives every time of a decoded answer its instant's Stockholm offset, in place (a decoded
 * answer is the node's own), each read against `arrivedAt`, when the answer arrived (epoch
 * milliseconds; serviceClock.ts `readServiceTime`). Returns the times in no known form, left
 * as sent, for the caller to note or fail on. Throws AnswerTooDeep for an answer nested deeper
 * than MAX_ANSWER_DEPTH, before anything else walks it. `rewrite: false` checks the depth
 * alone: a trigger reads the one time of each listed record itself and rewrites only the
 * records it emits.
 */
export function offsetServiceTimes(
	answer: unknown,
	arrivedAt?: number,
	options: { rewrite?: boolean } = {},
): UnreadableTime[] {
	if (answer === null || typeof answer !== 'object') return [];
	const root = Array.isArray(answer) ? undefined : (answer as AnswerRecord);
	const walk: Walk = {
		rewrite: options.rewrite ?? true,
		arrivedAt,
		keys: [],
		unreadable: [],
		holder: root,
		holderStart: 0,
	};
	if (root) walkRecord(root, 1, walk);
	else walkList(answer as unknown[], 1, walk);
	return walk.unreadable;
}
