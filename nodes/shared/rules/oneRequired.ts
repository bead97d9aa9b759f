import type { IDataObject } from 'n8n-workflow';

import { type CheckSite, inputError } from './inputError';
import { isBlank } from './values';

/** The value at a dotted body path (`telephone.cell`), or undefined. */
function at(body: IDataObject, path: string): unknown {
	return path
		.split('.')
		.reduce<unknown>(
			(value, key) =>
				value && typeof value === 'object' ? (value as IDataObject)[key] : undefined,
			body,
		);
}

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
	if (Object.keys(fields).some((path) => !isBlank(at(body, path)))) return;
	const labels = Object.values(fields);
	throw inputError(
		site,
		`${labels.slice(0, -1).join(', ')} or ${labels.at(-1)} must be given`,
		`${why} Fill in at least one of: ${labels.join(', ')}.`,
	);
}
