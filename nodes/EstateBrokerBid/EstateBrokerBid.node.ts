import type { INodeType, INodeTypeDescription } from 'n8n-workflow';

import { actionNode } from '../shared/descriptions';
import { bidResource } from './resources/bid';
import { buyerResource } from './resources/buyer';

export class EstateBrokerBid implements INodeType {
	/** Built for each node n8n makes: its loader changes a description's properties in place. */
	private readonly shared = actionNode([bidResource, buyerResource]);

	description: INodeTypeDescription = {
		displayName: 'Estate Broker CRM Bid',
		name: 'estateBrokerBid',
		icon: { light: 'file:estateBrokerBid.svg', dark: 'file:estateBrokerBid.dark.svg' },
		group: ['transform'],
		version: 1,
		subtitle: this.shared.subtitle,
		description:
			'Place, follow and annul bids on properties, and read buyer economy and loan promises in the brokerage system',
		defaults: { name: 'Estate Broker CRM Bid' },
		usableAsTool: true,
		...this.shared.description,
	};

	methods = this.shared.methods;

	customOperations = this.shared.customOperations;
}
