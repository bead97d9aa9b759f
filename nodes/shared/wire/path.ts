import type { INode } from 'n8n-workflow';
import { isBlank, pathSegment, inputError } from '../rules';

/** {name}, or {name?} for an optional segment (the per-user and per-office form of one endpoint). */
const PLACEHOLDER = /\{([A-Za-z][A-Za-z0-9]*)(\?)?\}/g;
const OPTIONAL_SEGMENT = /\/\{([A-Za-z][A-Za-z0-9]*)\?\}/g;

/** Names of the placeholders every node shares, for messages. */
const PATH_LABELS: Record<string, string> = { customerId: 'Customer ID', id: 'ID' };

/** The placeholders of a path template such as /CRM/Bid/{customerId}/{bidId}. */
export function pathPlaceholders(template: string): string[] {
	return [...template.matchAll(PLACEHOLDER)].map((match) => match[1]);
}

/**
 * Fills a path template. Every value is percent-encoded as one segment, so an id such as
 * "../x" or "a/b" can never change which endpoint is called; an empty value is refused,
 * since dropping a segment would silently reach another endpoint (the list instead of a get),
 * unless the template marks the segment optional ({name?}) because both endpoints are meant.
 */
export function fillPath(
	node: INode,
	template: string,
	values: Record<string, unknown>,
	labels: Record<string, string> = {},
	itemIndex?: number,
): string {
	// An optional segment left empty is dropped with its slash: /Budget/Estate/{customerId}/{userId?}/{year}
	// is the office form without a user, the per-user form with one.
	const present = template.replace(OPTIONAL_SEGMENT, (segment, name: string) =>
		isBlank(values[name]) ? '' : segment,
	);
	return present.replace(PLACEHOLDER, (_match, name: string) => {
		const label = labels[name] ?? PATH_LABELS[name] ?? name;
		if (isBlank(values[name]))
			throw inputError(
				node,
				`${label} is required`,
				`The "${label}" field is empty; it is part of the request path.`,
				itemIndex,
			);
		return encodeURIComponent(pathSegment(node, values[name], label, itemIndex));
	});
}
