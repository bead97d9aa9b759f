import type { IDataObject, INode } from 'n8n-workflow';

import { offsetServiceTimes, readServiceTime, type ServiceTime } from '../../shared/dates';
import { unexpectedAnswerError, unreadableTimeError } from '../../shared/failures';
import { answerKind, recordsOf } from '../../shared/wire';
import type { Observed } from '../state';

/**
 * The time a listed record is placed by, read once from the text as sent, against when its
 * answer arrived (`send` with times as sent); undefined when the record has none. A
 * text in no known form fails the poll, naming the field: a record whose time cannot be read
 * cannot be placed, and the state stays as it was.
 */
export function listedTime(
	node: INode,
	record: IDataObject,
	field: string,
	arrivedAt: number,
	at: string,
): ServiceTime | undefined {
	const text = record[field];
	if (typeof text !== 'string' || text === '') return undefined;
	const time = readServiceTime(text, arrivedAt);
	if (!time) throw unreadableTimeError(node, `${at}.${field}`, text);
	return time;
}

/**
 * A listed record the poll may emit, its times rewritten with their offset (read against the
 * same arrival): only these are rewritten, not the whole list. `otherTime` keeps the other
 * instant of a text in the hour that comes twice, so a later poll that reads it the other way
 * knows the record (state.ts).
 */
export function observedRecord(
	node: INode,
	key: string,
	time: ServiceTime,
	record: IDataObject,
	arrivedAt: number,
	at: string,
): Observed<IDataObject> {
	const [unreadable] = offsetServiceTimes(record, arrivedAt);
	if (unreadable)
		throw unreadableTimeError(
			node,
			`${at}${unreadable.field.startsWith('[') ? '' : '.'}${unreadable.field}`,
			unreadable.text,
		);
	const observed: Observed<IDataObject> = {
		key,
		time: new Date(time.millis).toISOString(),
		record,
	};
	if (time.otherMillis !== undefined) observed.otherTime = new Date(time.otherMillis).toISOString();
	return observed;
}

/**
 * An answer that is not what the event reads (a gateway's "OK", an empty body, an HTML page)
 * fails the poll before the state is written, so the trigger keeps its place instead of
 * taking "nothing" for the service's word.
 */
export function unexpectedAnswer(node: INode, what: string, answer: unknown, due: string) {
	return unexpectedAnswerError(
		node,
		`The service's answer is not ${what}`,
		`Got ${answerKind(answer)} where ${due} was due. The trigger keeps its place; the next poll reads the same records again.`,
	);
}

/** A list answer (the bid lists); anything else is an error. */
export function expectList(node: INode, answer: unknown, what: string): IDataObject[] {
	if (!Array.isArray(answer)) throw unexpectedAnswer(node, what, answer, 'a list');
	return recordsOf(answer);
}

/** A record made of lists (a report, the contact list): at least one of them present, each a list or null. */
export function expectListsRecord(
	node: INode,
	answer: unknown,
	what: string,
	lists: string[],
): IDataObject {
	const record =
		answer !== null && typeof answer === 'object' && !Array.isArray(answer)
			? (answer as IDataObject)
			: undefined;
	const present = record ? lists.filter((name) => record[name] !== undefined) : [];
	const readable =
		present.length > 0 &&
		present.every((name) => record![name] === null || Array.isArray(record![name]));
	if (!record || !readable)
		throw unexpectedAnswer(node, what, answer, `a record with ${lists.join(', ')}`);
	return record;
}
