import type { INodeType, INodeTypeDescription } from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import {
	customerIdField,
	messageFormatField,
	nodeCustomOperations,
	nodeProperties,
	nodeSubtitle,
	requestOptionsField,
} from '../shared/descriptions';
import { listSearch } from '../shared/pickers';
import { BROKER_REQUEST_DEFAULTS } from '../shared/engine';
import { associationResource } from './resources/association';
import { contactOrderResource } from './resources/contactOrder';
import { finalPriceWatchResource } from './resources/finalPriceWatch';
import { interestApplicationResource } from './resources/interestApplication';

const RESOURCES = [
	interestApplicationResource,
	finalPriceWatchResource,
	contactOrderResource,
	associationResource,
];

export class EstateBrokerAdvertising implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Estate Broker Advertising',
		name: 'estateBrokerAdvertising',
		icon: {
			light: 'file:estateBrokerAdvertising.svg',
			dark: 'file:estateBrokerAdvertising.dark.svg',
		},
		group: ['transform'],
		version: 1,
		subtitle: nodeSubtitle(RESOURCES),
		description:
			'Take interest applications and final price watches for properties, and stop mailings, in the brokerage system',
		defaults: { name: 'Estate Broker Advertising' },
		usableAsTool: true,
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'estateBrokerApi', required: true }],
		requestDefaults: BROKER_REQUEST_DEFAULTS,
		properties: [
			...nodeProperties(RESOURCES),
			customerIdField,
			messageFormatField,
			requestOptionsField,
		],
	};

	methods = { listSearch };

	/** Opt-outs, interest applications and final price watches: one call per item, run once for all items (docs/performance.md). */
	customOperations = nodeCustomOperations(RESOURCES);
}
