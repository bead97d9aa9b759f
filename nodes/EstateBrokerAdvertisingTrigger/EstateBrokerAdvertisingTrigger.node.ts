import { EstateBrokerTrigger } from '../EstateBrokerTrigger/EstateBrokerTrigger.node';
import { areaTriggerDescription } from '../EstateBrokerTrigger/helpers/areaTrigger';

/** Estate Broker Events Trigger with the events of Estate Broker Advertising, listed under that node in n8n's node panel. */
export class EstateBrokerAdvertisingTrigger extends EstateBrokerTrigger {
	description = areaTriggerDescription(new EstateBrokerTrigger().description, {
		actionNode: 'estateBrokerAdvertising',
		actionDisplayName: 'Estate Broker Advertising',
		events: ['newInterestOrLead'],
		purpose:
			'Starts a workflow when someone registers interest in an estate or another lead comes in',
	});
}
