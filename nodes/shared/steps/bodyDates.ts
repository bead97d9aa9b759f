import type { IDataObject } from 'n8n-workflow';

import { parseDateTime, toWire } from '../dates';
import type { RequestStep } from '../engine';

/**
 * A step that rewrites date-time body fields to UTC ISO 8601, the form the service expects,
 * and refuses an invalid one by its field label. n8n's date picker gives text without an
 * offset, which means the workflow's time zone; fields left out of the body are skipped. Keys are body paths, e.g. person.gdprApprovalDate.
 */
export function isoDateBodyFields(labels: Record<string, string>): RequestStep {
	return async function (request) {
		const body = request.body as IDataObject | undefined;
		for (const [path, label] of Object.entries(labels)) {
			const keys = path.split('.');
			const last = keys.pop()!;
			const parent = keys.reduce<IDataObject | undefined>(
				(node, key) => node?.[key] as IDataObject | undefined,
				body,
			);
			const value = parent?.[last];
			if (parent === undefined || value === undefined || value === null || value === '') continue;
			parent[last] = toWire(parseDateTime(this, value, label, this.getItemIndex()));
		}
		return request;
	};
}
