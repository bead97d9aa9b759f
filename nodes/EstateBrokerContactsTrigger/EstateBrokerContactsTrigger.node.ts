import { EstateBrokerTrigger } from '../EstateBrokerTrigger/EstateBrokerTrigger.node';
import { areaTriggerDescription } from '../EstateBrokerTrigger/helpers/areaTrigger';

/** Estate Broker Events Trigger with the events of Estate Broker Contacts, listed under that node in n8n's node panel. */
export class EstateBrokerContactsTrigger extends EstateBrokerTrigger {
	description = areaTriggerDescription(new EstateBrokerTrigger().description, {
		actionNode: 'estateBrokerContacts',
		actionDisplayName: 'Estate Broker Contacts',
		events: ['contactCreatedOrChanged'],
		purpose: 'Starts a workflow when a contact is added to the register or changed',
	});
}
