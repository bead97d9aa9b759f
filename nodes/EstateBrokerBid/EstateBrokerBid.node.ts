import type { INodeType, INodeTypeDescription } from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import {
	customerIdField,
	messageFormatField,
	nodeProperties,
	nodeSubtitle,
	requestOptionsField,
} from '../shared/descriptions';
import { listSearch } from '../shared/pickers';
import { BROKER_REQUEST_DEFAULTS } from '../shared/engine';
import { bidResource } from './resources/bid';
import { buyerResource } from './resources/buyer';

const RESOURCES = [bidResource, buyerResource];

export class EstateBrokerBid implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Estate Broker CRM Bid',
		name: 'estateBrokerBid',
		icon: { light: 'file:estateBrokerBid.svg', dark: 'file:estateBrokerBid.dark.svg' },
		group: ['transform'],
		version: 1,
		subtitle: nodeSubtitle(RESOURCES),
		description:
			'Place, follow and annul bids on properties, and read buyer economy and loan promises in the brokerage system',
		defaults: { name: 'Estate Broker CRM Bid' },
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
}
