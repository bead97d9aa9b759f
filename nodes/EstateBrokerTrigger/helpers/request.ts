import type { IDataObject, INode } from 'n8n-workflow';

import { serviceTime } from '../../shared/dates';
import { answerKind, recordsOf, unexpectedAnswerError } from '../../shared/transport';


/** UTC ISO 8601 of a record time (the state's form), or undefined when it is missing (shared dates: the one reader of the service's times). */
export const isoTime = serviceTime;

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
export function expectListsRecord(node: INode, answer: unknown, what: string, lists: string[]): IDataObject {
	const record = answer !== null && typeof answer === 'object' && !Array.isArray(answer) ? (answer as IDataObject) : undefined;
	const present = record ? lists.filter((name) => record[name] !== undefined) : [];
	const readable = present.length > 0 && present.every((name) => record![name] === null || Array.isArray(record![name]));
	if (!record || !readable) throw unexpectedAnswer(node, what, answer, `a record with ${lists.join(', ')}`);
	return record;
}
