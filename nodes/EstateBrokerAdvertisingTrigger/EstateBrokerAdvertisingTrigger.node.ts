import { EstateBrokerEventsTrigger } from '../EstateBrokerEventsTrigger/EstateBrokerEventsTrigger.node';
import { areaTriggerDescription } from '../EstateBrokerEventsTrigger/helpers/areaTrigger';

/** Estate Broker Events Trigger with the events of Estate Broker Advertising, listed under that node in n8n's node panel. */
export class EstateBrokerAdvertisingTrigger extends EstateBrokerEventsTrigger {
	description = areaTriggerDescription(new EstateBrokerEventsTrigger().description, { actionNode: 'estateBrokerAdvertising', actionDisplayName: 'Estate Broker Advertising', events: ['newInterestOrLead'], purpose: 'Starts a workflow when someone registers interest in an estate or another lead comes in' });
}
