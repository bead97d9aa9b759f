import { EstateBrokerEventsTrigger } from '../EstateBrokerEventsTrigger/EstateBrokerEventsTrigger.node';
import { areaTriggerDescription } from '../EstateBrokerEventsTrigger/helpers/areaTrigger';

/** Estate Broker Events Trigger with the events of Estate Broker Reports, listed under that node in n8n's node panel. */
export class EstateBrokerReportsTrigger extends EstateBrokerEventsTrigger {
	description = areaTriggerDescription(new EstateBrokerEventsTrigger().description, { actionNode: 'estateBrokerReports', actionDisplayName: 'Estate Broker Reports', events: ['liveDataChanged'], purpose: 'Starts a workflow when the live-data figures of an agent move' });
}
