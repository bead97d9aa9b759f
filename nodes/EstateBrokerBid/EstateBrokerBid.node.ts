import { actionNode } from '../shared/descriptions';
import { bidResource } from './resources/bid';
import { buyerResource } from './resources/buyer';

export class EstateBrokerBid extends actionNode({
	displayName: 'Estate Broker CRM Bid',
	name: 'estateBrokerBid',
	icon: { light: 'file:estateBrokerBid.svg', dark: 'file:estateBrokerBid.dark.svg' },
	description:
		'Place, follow and annul bids on properties, and read buyer economy and loan promises in the brokerage system',
	resources: [bidResource, buyerResource],
}) {}
