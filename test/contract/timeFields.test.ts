import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { DATE_TIME_FIELDS } from '../../nodes/shared/dates';
import { validatorOf } from './models';

/**
 * The nodes give a time its offset by the field's name (dates/recordTimes.ts): the names must
 * be exactly the properties the service's models type `format: date-time`, in either file.
 */
function dateTimeNames(node: unknown, into: Set<string>, name?: string): Set<string> {
	if (Array.isArray(node)) for (const entry of node) dateTimeNames(entry, into, name);
	else if (node !== null && typeof node === 'object') {
		const schema = node as Record<string, unknown>;
		if (schema.format === 'date-time' && name !== undefined) into.add(name);
		for (const [key, value] of Object.entries(schema)) {
			if (
				key === 'properties' &&
				value !== null &&
				typeof value === 'object' &&
				!Array.isArray(value)
			) {
				for (const [property, inner] of Object.entries(value as Record<string, unknown>))
					dateTimeNames(inner, into, property);
			} else if (key !== 'query' && key !== 'path_params')
				dateTimeNames(value, into, key === 'items' ? name : undefined);
		}
	}
	return into;
}

describe("contract: the models' date-time fields", () => {
	it('are the names the nodes read as times', () => {
		const names = new Set<string>();
		for (const file of ['models.json', 'models-2026.json']) {
			const models = JSON.parse(readFileSync(join(__dirname, '../../docs/spec', file), 'utf8')) as {
				definitions: unknown;
			};
			dateTimeNames(models.definitions, names);
		}
		expect([...DATE_TIME_FIELDS].sort()).toEqual([...names].sort());
	});
});

describe("contract: the service's own forms of date-time", () => {
	const bid = (createdAt: string) => ({
		id: 'B1',
		estateId: 'OBJ30011_2041100001',
		contactId: 'C1',
		isCanceled: false,
		amount: '1',
		createdAt,
		condition: '',
		isHidden: false,
		alias: 'a',
		identifiedBidder: true,
	});
	const valid = (createdAt: string) =>
		validatorOf('GET', '/CRM/Bid/{customerId}/{id}', 'answer')(bid(createdAt));

	it('accepts the live form (Swedish wall time, 0 to 7 digits) and the help pages form (offset)', () => {
		for (const text of [
			'2026-07-10T21:23:49',
			'2026-07-10T21:23:49.57',
			'2026-07-10T21:23:49.5712345',
			'2026-10-04T13:51:41.2335420+02:00',
			'2026-07-10T19:23:49.570Z',
		])
			expect([text, valid(text)]).toEqual([text, true]);
	});

	it('refuses anything looser', () => {
		for (const text of [
			'2026-07-10',
			'2026-07-10 21:23:49',
			'2026-07-10T21:23',
			'2026-02-30T10:00:00',
			'2026-07-10T24:00:00',
			'2026-07-10T21:23:49.12345678',
			'soon',
		])
			expect([text, valid(text)]).toEqual([text, false]);
	});
});
