import type { INodeType, INodeTypeDescription } from 'n8n-workflow';

import { actionNode } from '../shared/descriptions';
import { associationResource } from './resources/association';
import { contactOrderResource } from './resources/contactOrder';
import { finalPriceWatchResource } from './resources/finalPriceWatch';
import { interestApplicationResource } from './resources/interestApplication';

export class EstateBrokerAdvertising implements INodeType {
	/** Built for each node n8n makes: its loader changes a description's properties in place. */
	private readonly shared = actionNode([
		interestApplicationResource,
		finalPriceWatchResource,
		contactOrderResource,
		associationResource,
	]);

	description: INodeTypeDescription = {
		displayName: 'Estate Broker Advertising',
		name: 'estateBrokerAdvertising',
		icon: {
			light: 'file:estateBrokerAdvertising.svg',
			dark: 'file:estateBrokerAdvertising.dark.svg',
		},
		group: ['transform'],
		version: 1,
		subtitle: this.shared.subtitle,
		description:
			'Take interest applications and final price watches for properties, and stop mailings, in the brokerage system',
		defaults: { name: 'Estate Broker Advertising' },
		usableAsTool: true,
		...this.shared.description,
	};

	methods = this.shared.methods;

	customOperations = this.shared.customOperations;
}
