import { actionNode } from '../shared/descriptions';
import { associationResource } from './resources/association';
import { contactOrderResource } from './resources/contactOrder';
import { finalPriceWatchResource } from './resources/finalPriceWatch';
import { interestApplicationResource } from './resources/interestApplication';

export class EstateBrokerAdvertising extends actionNode({
	displayName: 'Estate Broker Advertising',
	name: 'estateBrokerAdvertising',
	icon: {
		light: 'file:estateBrokerAdvertising.svg',
		dark: 'file:estateBrokerAdvertising.dark.svg',
	},
	description:
		'Take interest applications and final price watches for properties, and stop mailings, in the brokerage system',
	resources: [
		interestApplicationResource,
		finalPriceWatchResource,
		contactOrderResource,
		associationResource,
	],
}) {}
