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

/** What an action node says of itself; the rest of its description follows from its resources. */
export interface ActionNodeMeta {
	/** The node's name in the editor, and the name a new node of it gets on the canvas. */
	displayName: string;
	/** The node type's stored name (`n8n-nodes-estate-broker.<name>` in a saved workflow). */
	name: string;
	/** Light and dark SVG files beside the node's class file. */
	icon: { light: `file:${string}.svg`; dark: `file:${string}.dark.svg` };
	/** The sentence under the node in n8n's node panel. */
	description: string;
	/** The node's resources, each with its operations; the first is the Resource dropdown's default. */
	resources: ResourceDefinition[];
}

/**
 * The class of an action node of the package, from what it says of itself and its resources
 * (n8n's own families of nodes are built alike: `class VectorStorePinecone extends
 * createVectorStoreNode({ meta: … })`). Its description: the names, icon and sentence given,
 * one main input and output, the account's credential and base URL, and the properties (the
 * Resource and Operation dropdowns and every operation's fields, then Customer ID, Message
 * Format and Request Options); its subtitle the chosen operation and resource. Its methods:
 * the record pickers' searches and, where a field uses them, the dropdown loaders. Its
 * `customOperations`: the operations that run once for all items (reads by id gathered into
 * shared calls, writes of one call per item).
 *
 * Each instance builds its own description: n8n's loader changes a description's properties
 * in place.
 */
export function actionNode(meta: ActionNodeMeta): new () => INodeType {
	const { displayName, name, icon, description, resources } = meta;
	return class implements INodeType {
		description: INodeTypeDescription = {
			displayName,
			name,
			icon,
			group: ['transform'],
			version: 1,
			subtitle: nodeSubtitle(resources),
			description,
			defaults: { name: displayName },
			usableAsTool: true,
			inputs: [NodeConnectionTypes.Main],
			outputs: [NodeConnectionTypes.Main],
			credentials: [{ name: 'estateBrokerApi', required: true }],
			requestDefaults: BROKER_REQUEST_DEFAULTS,
			properties: [
				...nodeProperties(resources),
				customerIdField,
				messageFormatField,
				requestOptionsField,
			],
		};

		methods: NonNullable<INodeType['methods']> = loadsOptions(this.description.properties)
			? { loadOptions, listSearch }
			: { listSearch };

		customOperations = nodeCustomOperations(resources);
	};
}
