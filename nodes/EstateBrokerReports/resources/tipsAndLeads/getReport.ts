import { defineOperation } from '../../../shared/descriptions';
import { choiceStep, LEAD_STATUS, leadStatusField } from '../../helpers/choices';
import { periodFields, periodStep } from '../../helpers/dates';
import { LEAD_LISTS } from '../../helpers/leads';
import { outputField, reportOutput } from '../../helpers/output';

export const getTipsAndLeadsReport = defineOperation({
	resource: 'tipsAndLeads',
	value: 'getReport',
	name: 'Get Report',
	action: 'Get the tips and leads report',
	description:
		'Incoming leads (interest applications, final price watches, valuation requests), outgoing leads and tips created within a period of at most two months. As rows, each item says in "list" which of the three it belongs to.',
	request: {
		method: 'GET',
		path: '/BusinessIntelligence/TipsAndLeads/Report',
		customerIdQuery: 'customerId',
		preSend: [periodStep({ limit: 'twoMonths', required: true }), choiceStep(LEAD_STATUS)],
		postReceive: [reportOutput(LEAD_LISTS)],
	},
	fields: [
		...periodFields({ limit: 'twoMonths', required: true, subject: 'Tips and leads created' }),
		leadStatusField,
		outputField,
	],
});
