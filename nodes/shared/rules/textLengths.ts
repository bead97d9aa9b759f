import type {
	IDataObject,
	IExecuteSingleFunctions,
	IHttpRequestOptions,
	INodeProperties,
} from 'n8n-workflow';

import { inputError } from './inputError';
import { valueAt } from './values';

/** The field labels of an operation by the body path each fills (routing.send.property), "Address: City" inside a group. */
export function labelsByWirePath(fields: INodeProperties[], parent = ''): Record<string, string> {
	const labels: Record<string, string> = {};
	for (const field of fields) {
		const wire = field.routing?.send?.property;
		if (typeof wire === 'string')
			labels[wire] = parent ? `${parent}: ${field.displayName}` : field.displayName;
		for (const option of field.options ?? []) {
			if ('values' in option)
				Object.assign(
					labels,
					labelsByWirePath(
						option.values,
						field.type === 'fixedCollection' ? field.displayName : parent,
					),
				);
			else if ('displayName' in option)
				Object.assign(labels, labelsByWirePath([option as INodeProperties], parent));
		}
	}
	return labels;
}

/**
 * The service's longest text per body field, checked on the body as it will be sent: a longer
 * value is refused before sending, by the field's label and the limit. Lengths count UTF-16
 * code units, as the service's validation does.
 */
export function textLengths(
	limits: Readonly<Record<string, number>>,
	labels: Record<string, string>,
) {
	return async function (
		this: IExecuteSingleFunctions,
		request: IHttpRequestOptions,
	): Promise<IHttpRequestOptions> {
		const body = (request.body ?? {}) as IDataObject;
		for (const [path, max] of Object.entries(limits)) {
			const value = valueAt(body, path);
			if (typeof value === 'string' && value.length > max) {
				throw inputError(
					this,
					`${labels[path] ?? path} may have at most ${max} characters; got ${value.length}`,
					`The service keeps at most ${max} characters in ${path}.`,
				);
			}
		}
		return request;
	};
}
