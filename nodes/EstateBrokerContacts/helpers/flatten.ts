import type { IDataObject } from 'n8n-workflow';

import type { AnswerStep } from '../../shared/engine';

/**
 * Answers that group records in lists by kind (a contact list's persons, companies and
 * deceased estates; categories for persons and companies) become one item per record, with
 * `type` saying which list it came from.
 */
export function flattenGroups(groups: Record<string, string>): AnswerStep {
	return async function (answers) {
		return answers.flatMap((answer) =>
			Object.entries(groups).flatMap(([property, type]) => {
				const records = answer.json[property];
				if (!Array.isArray(records)) return [];
				return records.map((record) => ({
					json: { type, ...(record as IDataObject) },
					pairedItem: answer.pairedItem,
				}));
			}),
		);
	};
}
