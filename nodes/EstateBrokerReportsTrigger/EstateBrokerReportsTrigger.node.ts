import { EstateBrokerTrigger } from '../EstateBrokerTrigger/EstateBrokerTrigger.node';
import { areaTriggerDescription } from '../EstateBrokerTrigger/helpers/areaTrigger';

/** Estate Broker Events Trigger with the events of Estate Broker Reports, listed under that node in n8n's node panel. */
export class EstateBrokerReportsTrigger extends EstateBrokerTrigger {
	description = areaTriggerDescription(new EstateBrokerTrigger().description, {
		actionNode: 'estateBrokerReports',
		actionDisplayName: 'Estate Broker Reports',
		events: ['liveDataChanged'],
		purpose: 'Starts a workflow when the live-data figures of an agent move',
	});
}
