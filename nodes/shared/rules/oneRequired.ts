import type { IDataObject } from 'n8n-workflow';

import { type CheckSite, inputError } from './inputError';
import { isBlank, valueAt } from './values';

/**
 * The service's "one of these must be given" rules (models-2026.json's anyOf-required), checked
 * on the finished body before sending: `fields` are body paths and the labels users know them by.
 */
export function requireOneOf(
	site: CheckSite,
	body: IDataObject,
	fields: Record<string, string>,
	why: string,
): void {
	if (Object.keys(fields).some((path) => !isBlank(valueAt(body, path)))) return;
	const labels = Object.values(fields);
	throw inputError(
		site,
		`${labels.slice(0, -1).join(', ')} or ${labels.at(-1)} must be given`,
		`${why} Fill in at least one of: ${labels.join(', ')}.`,
	);
}
