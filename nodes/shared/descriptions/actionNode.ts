import type { INodeType, INodeTypeDescription } from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { BROKER_REQUEST_DEFAULTS } from '../engine';
import { loadOptions } from '../loaders';
import { listSearch } from '../pickers';
import { customerIdField, messageFormatField, requestOptionsField } from './fields';
import {
	nodeCustomOperations,
	nodeProperties,
	nodeSubtitle,
	type ResourceDefinition,
} from './operation';

/** Whether a field (or one nested in it) fills its dropdown from the service (`loadOptionsMethod`). */
function loadsOptions(value: unknown): boolean {
	if (!value || typeof value !== 'object') return false;
	if (Array.isArray(value)) return value.some(loadsOptions);
	return Object.entries(value).some(
		([key, nested]) => key === 'loadOptionsMethod' || loadsOptions(nested),
	);
}

/** What the six action nodes share, from a node's resources (`actionNode`). */
export interface ActionNode {
	/** The description's shared tail: one main input and output, the account's credential and base URL, then the properties. */
	description: Pick<
		INodeTypeDescription,
		'inputs' | 'outputs' | 'credentials' | 'requestDefaults' | 'properties'
	>;
	/** The subtitle under the node on the canvas: the chosen operation and resource. */
	subtitle: string;
	methods: NonNullable<INodeType['methods']>;
	customOperations: NonNullable<INodeType['customOperations']>;
}

/**
 * An action node of the package from its resources: the description's properties (the
 * Resource and Operation dropdowns and every operation's fields, then Customer ID, Message
 * Format and Request Options) with its connections, credential and base URL; its subtitle;
 * the record pickers' searches and, where a field uses them, the dropdown loaders; and the
 * operations that run once for all items (n8n's `customOperations`: reads by id gathered into
 * shared calls, writes of one call per item). The node's class keeps its own names, icon and
 * sentence in its description literal, where n8n's scanner reads them.
 */
export function actionNode(resources: ResourceDefinition[]): ActionNode {
	const properties = [
		...nodeProperties(resources),
		customerIdField,
		messageFormatField,
		requestOptionsField,
	];
	return {
		description: {
			inputs: [NodeConnectionTypes.Main],
			outputs: [NodeConnectionTypes.Main],
			credentials: [{ name: 'estateBrokerApi', required: true }],
			requestDefaults: BROKER_REQUEST_DEFAULTS,
			properties,
		},
		subtitle: nodeSubtitle(resources),
		methods: loadsOptions(properties) ? { loadOptions, listSearch } : { listSearch },
		customOperations: nodeCustomOperations(resources),
	};
}
