import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { DATE_TIME_FIELDS } from '../../nodes/shared/dates';

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
			if (key === 'properties' && value !== null && typeof value === 'object' && !Array.isArray(value)) {
				for (const [property, inner] of Object.entries(value as Record<string, unknown>)) dateTimeNames(inner, into, property);
			} else if (key !== 'query' && key !== 'path_params') dateTimeNames(value, into, key === 'items' ? name : undefined);
		}
	}
	return into;
}

describe("contract: the models' date-time fields", () => {
	it('are the names the nodes read as times', () => {
		const names = new Set<string>();
		for (const file of ['models.json', 'models-2026.json']) {
			const models = JSON.parse(readFileSync(join(__dirname, '../../docs/spec', file), 'utf8')) as { definitions: unknown };
			dateTimeNames(models.definitions, names);
		}
		expect([...DATE_TIME_FIELDS].sort()).toEqual([...names].sort());
	});
});
