import { defineResource } from '../../../shared/descriptions';
import { getTipsAndLeadsPaged } from './getPaged';
import { getTipsAndLeadsReport } from './getReport';

export const tipsAndLeadsResource = defineResource(
	'Tip and Lead',
	'Incoming and outgoing leads and tips, such as interest applications',
	[getTipsAndLeadsReport, getTipsAndLeadsPaged],
	'getReport',
);
