import type {
	IDataObject,
	IExecuteSingleFunctions,
	IHttpRequestOptions,
	INode,
	INodeProperties,
	INodePropertyCollection,
	INodePropertyOptions,
} from 'n8n-workflow';
import { NodeHelpers } from 'n8n-workflow';

import { valueAt } from '../rules';

/**
 * The values an operation's fields send through n8n's routing (`routing.send` of body and
 * query fields, nested in collections and fixed collections), put on one item's request the
 * way n8n-core 2.40's RoutingNode does (getRequestOptionsFromParameters): a field shown for
 * the node's parameters, read with getNodeParameter by its path, set at its `send.property`.
 * A custom operation (eachItem.ts) uses this so it sends exactly what the routing would, from
 * the same field descriptions: there is no second list of what an operation sends.
 */

type Property = INodeProperties | INodePropertyOptions | INodePropertyCollection;

const isExpression = (value: unknown) => typeof value === 'string' && value.startsWith('=');

/**
 * Refuses, when the node loads, routing the walk below does not apply: anything but a `send` of
 * a fixed property name (no `send.value`, no expression, no request, output or pagination of a
 * field), or routing on an option of an options list.
 */
export function checkPlainSends(fields: readonly Property[], where = ''): void {
	for (const field of fields) {
		const name = `${where}${field.name ?? ''}`;
		const routing = 'routing' in field ? field.routing : undefined;
		if (routing) {
			const { send, ...rest } = routing;
			const plain =
				send &&
				Object.keys(rest).length === 0 &&
				send.value === undefined &&
				send.preSend === undefined &&
				send.paginate === undefined &&
				!isExpression(send.property);
			if (!plain)
				throw new Error(
					`Field ${name}: a custom operation applies only a plain routing.send (a fixed property, no value, steps or request)`,
				);
		}
		const options = 'options' in field ? field.options : undefined;
		if (!Array.isArray(options)) continue;
		if (
			'type' in field &&
			field.type === 'options' &&
			options.some((option) => 'routing' in option && option.routing)
		)
			throw new Error(`Field ${name}: routing on a choice is not applied by a custom operation`);
		if ('type' in field && field.type === 'collection')
			checkPlainSends(options as Property[], `${name}.`);
		if ('type' in field && field.type === 'fixedCollection')
			for (const group of options as INodePropertyCollection[])
				checkPlainSends(group.values, `${name}.${group.name}.`);
	}
}

/** lodash `set` for the dotted names the package's fields use (`email.emailAddress`). */
function setAt(target: IDataObject, property: string, dotted: boolean, value: unknown): void {
	const keys = dotted ? property.split('.') : [property];
	let place = target;
	for (const key of keys.slice(0, -1)) {
		if (!place[key] || typeof place[key] !== 'object') place[key] = {};
		place = place[key] as IDataObject;
	}
	// RoutingNode merges each field's part into the request with lodash merge, which copies objects and lists.
	place[keys[keys.length - 1]] = (
		value !== null && typeof value === 'object' ? structuredClone(value) : value
	) as IDataObject[string];
}

function walk(
	context: IExecuteSingleFunctions,
	node: INode,
	property: Property,
	basePath: string,
	request: IHttpRequestOptions,
): void {
	if (
		!NodeHelpers.displayParameter(
			node.parameters,
			property as INodeProperties,
			node,
			null,
			node.parameters,
		)
	)
		return;
	const path = basePath ? `${basePath}.${property.name}` : property.name;
	const send = 'routing' in property ? property.routing?.send : undefined;
	if (send?.property !== undefined && 'type' in property) {
		const extractValue =
			(property as INodeProperties).extractValue !== undefined ||
			property.type === 'resourceLocator';
		const value = context.getNodeParameter(path, undefined, { extractValue });
		const dotted = send.propertyInDotNotation !== false;
		if (send.type === 'body') {
			request.body ??= {};
			setAt(request.body as IDataObject, send.property, dotted, value);
		} else {
			request.qs ??= {};
			setAt(request.qs, send.property, dotted, value);
		}
	}
	if (!('type' in property) || !Array.isArray((property as INodeProperties).options)) return;
	if (property.type === 'collection') {
		const given = valueAt(node.parameters, path);
		const present = given && typeof given === 'object' ? Object.keys(given) : [];
		for (const option of (property as INodeProperties).options as INodeProperties[]) {
			if (present.includes(option.name) && option.type !== undefined)
				walk(context, node, option, path, request);
		}
	} else if (property.type === 'fixedCollection') {
		for (const group of (property as INodeProperties).options as INodePropertyCollection[]) {
			const given = valueAt(node.parameters, `${path}.${group.name}`);
			if (given === undefined) continue;
			// RoutingNode resolves the entries (an expression may give a list) only to count them.
			const entries = Array.isArray(given) ? given : [given];
			const count = entries.some(isExpression)
				? (context.getNodeParameter(`${path}.${group.name}`, []) as unknown[]).length
				: entries.length;
			for (let index = 0; index < count; index++) {
				const entryPath = property.typeOptions?.multipleValues
					? `${path}.${group.name}[${index}]`
					: `${path}.${group.name}`;
				for (const value of group.values) walk(context, node, value, entryPath, request);
			}
		}
	}
}

/** An item's request with the values its fields send put on it, as RoutingNode would before the preSend steps. */
export function sendFields(
	context: IExecuteSingleFunctions,
	fields: readonly INodeProperties[],
	request: IHttpRequestOptions,
): IHttpRequestOptions {
	const node = context.getNode();
	const sent: IHttpRequestOptions = {
		...request,
		body: { ...((request.body as IDataObject | undefined) ?? {}) },
		qs: { ...(request.qs ?? {}) },
	};
	for (const field of fields) walk(context, node, field, '', sent);
	return sent;
}
