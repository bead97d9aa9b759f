import type { ResourceDefinition } from '../../../shared/descriptions';
import { getTipsAndLeadsPaged } from './getPaged';
import { getTipsAndLeadsReport } from './getReport';

export const tipsAndLeadsResource: ResourceDefinition = {
	name: 'Tip and Lead',
	value: 'tipsAndLeads',
	description: 'Incoming and outgoing leads and tips, such as interest applications',
	operations: [getTipsAndLeadsReport, getTipsAndLeadsPaged],
	defaultOperation: 'getReport',
};
