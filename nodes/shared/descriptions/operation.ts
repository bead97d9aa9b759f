import type { INodeProperties, INodePropertyOptions, INodeType } from 'n8n-workflow';

import {
	labelsByWirePath,
	outgoingValuesStep,
	sentFieldsStep,
	textLengths,
	type TextLimits,
} from '../rules';
import {
	type OperationRequest,
	brokerRouting,
	readsByIdOperation,
	eachItemOperation,
	type EachItemWrite,
} from '../engine';
import type { CustomOperation } from '../items';

/**
 * One operation of a node, as its file under resources/<resource>/<operation>.ts declares it:
 * the dropdown entry, the request it makes, and the fields shown only for it.
 */
export interface OperationDefinition {
	resource: string;
	/** The stored operation value (operations.tsv): saved workflows depend on it. */
	value: string;
	name: string;
	/** The sentence n8n shows in the actions list, e.g. "Get a bid". */
	action: string;
	description: string;
	request: OperationRequest;
	fields?: INodeProperties[];
	/** The service's longest text per body path (TEXT_LIMITS), checked on the finished body before sending. */
	textLimits?: TextLimits;
	/** Labels of body paths the fields do not route themselves (bodies built by a step). */
	textLabels?: Record<string, string>;
	/** A write of one call per item run as n8n's custom operation (engine/eachItem.ts), its fields' routing applied there. */
	eachItem?: EachItemWrite;
}

/** An operation as defineOperation gives it to its node: the Operation dropdown's entry (with its routing), its fields, its custom operation. */
export interface OperationDescription {
	resource: string;
	option: INodePropertyOptions;
	fields: INodeProperties[];
	/** n8n's custom operation (run once for all items) of an operation whose calls serve several items. */
	customOperation?: CustomOperation;
}

/** Whether a field (or one nested in it) sends a value through n8n's routing (`send` or `request`; an `output` routing, such as Limit's, sends nothing). */
function routes(field: unknown): boolean {
	if (!field || typeof field !== 'object') return false;
	if (Array.isArray(field)) return field.some(routes);
	return Object.entries(field).some(
		([key, value]) =>
			(key === 'routing' && sendsValue(value)) ||
			(key === 'options' || key === 'values' ? routes(value) : false),
	);
}

function sendsValue(routing: unknown): boolean {
	return !!routing && typeof routing === 'object' && ('send' in routing || 'request' in routing);
}

function showFor(resource: string, operation: string, field: INodeProperties): INodeProperties {
	const show = {
		...(field.displayOptions?.show ?? {}),
		resource: [resource],
		operation: [operation],
	};
	return { ...field, displayOptions: { ...(field.displayOptions ?? {}), show } };
}

/**
 * The shared checks around an operation's own steps: the values n8n's routing sends as they are
 * must be text or numbers, first; then the text lengths and what goes out (no object's text, NaN
 * or Infinity, no joined list where one value is due), on the query and body as the steps left them.
 * An operation whose fields route nothing and that has no steps of its own sends nothing they
 * could check (a read by id: its id goes in the path, checked as a path segment), so it gets none.
 */
function withChecks({
	request,
	textLimits,
	textLabels,
	fields,
}: OperationDefinition): OperationRequest {
	if (!routes(fields ?? []) && !request.preSend?.length && !textLimits) return request;
	const preSend = [sentFieldsStep(fields ?? []), ...(request.preSend ?? [])];
	const labels = { ...labelsByWirePath(fields ?? []), ...textLabels };
	if (textLimits) preSend.push(textLengths(textLimits, labels));
	// Last: what goes out, whichever step built it (a step can add values no field routed).
	preSend.push(outgoingValuesStep(fields ?? [], labels));
	return { ...request, preSend };
}

export function defineOperation(definition: OperationDefinition): OperationDescription {
	const request = withChecks(definition);
	const routing = brokerRouting(request);
	const fields = (definition.fields ?? []).map((field) =>
		showFor(definition.resource, definition.value, field),
	);
	const customOperation = definition.eachItem
		? eachItemOperation(routing, fields, definition.eachItem)
		: readsByIdOperation(request, routing, routes(fields));
	return {
		resource: definition.resource,
		option: {
			name: definition.name,
			value: definition.value,
			action: definition.action,
			description: definition.description,
			routing,
		},
		fields,
		...(customOperation ? { customOperation } : {}),
	};
}

/**
 * n8n's `customOperations` of a node: its operations that run once for all items (the reads by
 * id, and writes of one call per item). n8n runs them instead of its per-item routing; the description stays as it is.
 */
export function nodeCustomOperations(
	resources: ResourceDefinition[],
): NonNullable<INodeType['customOperations']> {
	const operations: NonNullable<INodeType['customOperations']> = {};
	for (const resource of resources) {
		for (const operation of resource.operations) {
			if (!operation.customOperation) continue;
			operations[resource.value] = {
				...(operations[resource.value] ?? {}),
				[String(operation.option.value)]: operation.customOperation,
			};
		}
	}
	return operations;
}

export interface ResourceDefinition {
	name: string;
	value: string;
	description?: string;
	operations: OperationDescription[];
	/** The operation preselected when the resource is chosen; the first listed when left out. */
	defaultOperation?: string;
}

/**
 * A resource of a node from its operations: the stored resource value is the one its
 * operations declare; the operation preselected is `defaultOperation`, else the first listed.
 */
export function defineResource(
	name: string,
	description: string,
	operations: OperationDescription[],
	defaultOperation?: string,
): ResourceDefinition {
	const value = operations[0].resource;
	const stray = operations.find((operation) => operation.resource !== value);
	if (stray)
		throw new Error(
			`Operation ${String(stray.option.value)} belongs to ${stray.resource}, not ${value}`,
		);
	return {
		name,
		value,
		...(description ? { description } : {}),
		operations,
		...(defaultOperation ? { defaultOperation } : {}),
	};
}

/** Resource dropdown, one Operation dropdown per resource, then every operation's fields. */
export function nodeProperties(resources: ResourceDefinition[]): INodeProperties[] {
	const sortedResources = [...resources].sort((a, b) => a.name.localeCompare(b.name));
	const resourceSelector: INodeProperties = {
		displayName: 'Resource',
		name: 'resource',
		type: 'options',
		noDataExpression: true,
		options: sortedResources.map(({ name, value, description }) => ({
			name,
			value,
			...(description ? { description } : {}),
		})),
		default: '',
	};
	// The first resource listed by the node is preselected (set apart so the builder stays generic).
	resourceSelector.default = resources[0].value;
	const operationSelectors = resources.map((resource) => {
		const selector: INodeProperties = {
			displayName: 'Operation',
			name: 'operation',
			type: 'options',
			noDataExpression: true,
			displayOptions: { show: { resource: [resource.value] } },
			options: resource.operations
				.map((operation) => operation.option)
				.sort((a, b) => a.name.localeCompare(b.name)),
			default: '',
		};
		selector.default = resource.defaultOperation ?? resource.operations[0].option.value;
		return selector;
	});
	const fields = resources.flatMap((resource) =>
		resource.operations.flatMap((operation) => operation.fields),
	);
	return [resourceSelector, ...operationSelectors, ...sharedFields(fields)];
}

/** The field names shown for each resource and operation, in panel order. */
function panelOrder(fields: INodeProperties[]): string {
	const shown = new Map<string, string[]>();
	for (const field of fields) {
		const show = field.displayOptions?.show ?? {};
		for (const resource of (show.resource ?? []) as string[]) {
			for (const operation of (show.operation ?? []) as string[]) {
				const key = `${resource}/${operation}`;
				shown.set(key, [...(shown.get(key) ?? []), field.name]);
			}
		}
	}
	return JSON.stringify([...shown].sort(([a], [b]) => a.localeCompare(b)));
}

/**
 * One property for a field that several resources define alike (Contact IDs of every Get
 * Many): n8n's declarative engine evaluates a parameter's expression once for every property
 * of that name, twice per item, so six alike definitions cost twelve evaluations an item.
 * Names and stored values stay as they are; a merge that would change the order of any
 * operation's fields in the panel is not made.
 */
function sharedFields(fields: INodeProperties[]): INodeProperties[] {
	const keyOf = (field: INodeProperties) => {
		const show = { ...(field.displayOptions?.show ?? {}) };
		delete show.resource;
		return JSON.stringify({ ...field, displayOptions: { ...field.displayOptions, show } });
	};
	const groups = new Map<string, number[]>();
	fields.forEach((field, index) =>
		groups.set(keyOf(field), [...(groups.get(keyOf(field)) ?? []), index]),
	);
	let merged = fields;
	const order = panelOrder(fields);
	for (const indexes of groups.values()) {
		if (indexes.length < 2) continue;
		const members = indexes.map((index) => fields[index]);
		const resources = members.flatMap(
			(field) => (field.displayOptions?.show?.resource ?? []) as string[],
		);
		const first = members[0];
		const shared: INodeProperties = {
			...first,
			displayOptions: {
				...first.displayOptions,
				show: { ...first.displayOptions?.show, resource: [...new Set(resources)] },
			},
		};
		const attempt = merged
			.filter((field) => !members.includes(field) || field === first)
			.map((field) => (field === first ? shared : field));
		if (panelOrder(attempt) === order) merged = attempt;
	}
	return merged;
}

/**
 * The canvas subtitle in the words of the dropdowns ("Get by Agent: Commission Report"), not
 * the stored values: an expression looking the stored pair up in a table of labels.
 */
export function nodeSubtitle(resources: ResourceDefinition[]): string {
	const labels = Object.fromEntries(
		resources.flatMap((resource) =>
			resource.operations.map((operation) => [
				`${resource.value}:${String(operation.option.value)}`,
				`${operation.option.name}: ${resource.name}`,
			]),
		),
	);
	return `={{ ${JSON.stringify(labels)}[$parameter["resource"] + ":" + $parameter["operation"]] }}`;
}

/** The subtitle of a node with one Options parameter (the trigger's Event): its label. */
export function optionSubtitle(
	parameter: string,
	options: Array<{ name: string; value: unknown }>,
): string {
	const labels = Object.fromEntries(options.map((option) => [String(option.value), option.name]));
	return `={{ ${JSON.stringify(labels)}[$parameter["${parameter}"]] }}`;
}
