import { EstateBrokerEventsTrigger } from '../EstateBrokerEventsTrigger/EstateBrokerEventsTrigger.node';
import { areaTriggerDescription } from '../EstateBrokerEventsTrigger/helpers/areaTrigger';

/** Estate Broker Events Trigger with the events of Estate Broker Contacts, listed under that node in n8n's node panel. */
export class EstateBrokerContactsTrigger extends EstateBrokerEventsTrigger {
	description = areaTriggerDescription(new EstateBrokerEventsTrigger().description, { actionNode: 'estateBrokerContacts', actionDisplayName: 'Estate Broker Contacts', events: ['contactCreatedOrChanged'], purpose: 'Starts a workflow when a contact is added to the register or changed' });
}
