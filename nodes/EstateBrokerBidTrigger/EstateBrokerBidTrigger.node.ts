import { EstateBrokerTrigger } from '../EstateBrokerTrigger/EstateBrokerTrigger.node';
import { areaTriggerDescription } from '../EstateBrokerTrigger/helpers/areaTrigger';

/** Estate Broker Events Trigger with the events of Estate Broker CRM Bid, listed under that node in n8n's node panel. */
export class EstateBrokerBidTrigger extends EstateBrokerTrigger {
	description = areaTriggerDescription(new EstateBrokerTrigger().description, {
		actionNode: 'estateBrokerBid',
		actionDisplayName: 'Estate Broker CRM Bid',
		events: ['newBid'],
		purpose: 'Starts a workflow when a bid is placed on an estate of the office',
	});
}
