import { withStockholmOffset } from './serviceClock';

/**
 * Which values of an answer are times, to give them their offset (serviceClock.ts).
 *
 * By name, then by form. The service's models (docs/spec/models.json and models-2026.json)
 * type these fields `format: date-time`, under every record that has them; the contract test
 * holds this list equal to the models'. Such a field holding text in no form the service
 * writes fails the item (or the poll): the text is not guessed. The service also writes times
 * the models leave out (report rows, records.md's fields); those are recognised by the
 * service's naming of times (…At, …Date, …Day, …Until, date…) and rewritten only when their
 * text is in a service form, else left as they are. A free-text field (a note, a message) is
 * never rewritten, however much its text looks like a date: the name decides first.
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

/** The service's names for times the models leave out (removedAt, agreementDate, dateFrom…). */
const TIME_NAME = /^date[A-Z]|[a-z](At|Date|Day|Until)$/;

/** A time of the answer in no form the service writes: where, and the text. */
export interface UnreadableTime {
	field: string;
	text: string;
}

function fieldPath(parent: string, key: string | number): string {
	return typeof key === 'number' ? `${parent}[${key}]` : parent ? `${parent}.${key}` : key;
}

function walk(value: unknown, path: string): UnreadableTime | undefined {
	if (Array.isArray(value)) {
		for (let index = 0; index < value.length; index++) {
			const entry: unknown = value[index];
			if (entry !== null && typeof entry === 'object') {
				const problem = walk(entry, fieldPath(path, index));
				if (problem) return problem;
			}
		}
		return undefined;
	}
	const record = value as Record<string, unknown>;
	for (const key in record) {
		const field = record[key];
		if (typeof field === 'string') {
			if (field === '') continue;
			const model = DATE_TIME_FIELDS.has(key);
			if (!model && !TIME_NAME.test(key)) continue;
			const text = withStockholmOffset(field);
			if (text !== undefined) record[key] = text;
			else if (model) return { field: fieldPath(path, key), text: field };
		} else if (field !== null && typeof field === 'object') {
			const problem = walk(field, fieldPath(path, key));
			if (problem) return problem;
		}
	}
	return undefined;
}

/**
 * Gives every time of a decoded answer its instant's Stockholm offset, in place (a decoded
 * answer is the node's own, and a poll reads 100,000 bids). Returns the first time in no
 * known form, for the caller to fail on; the answer is then not used.
 */
export function offsetServiceTimes(answer: unknown): UnreadableTime | undefined {
	return answer !== null && typeof answer === 'object' ? walk(answer, '') : undefined;
}
