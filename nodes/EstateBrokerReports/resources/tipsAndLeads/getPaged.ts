import { defineOperation } from '../../../shared/descriptions';
import { LIMITS } from '../../../shared/rules';
import { choiceStep, LEAD_STATUS, leadStatusField } from '../../helpers/choices';
import { periodFields, periodStep } from '../../helpers/dates';
import { DEFAULT_PAGE_SIZE, pagedLeads } from '../../helpers/leads';
import { outputField } from '../../helpers/output';

export const getTipsAndLeadsPaged = defineOperation({
	resource: 'tipsAndLeads',
	value: 'getPaged',
	name: 'Get Report in Pages',
	action: 'Get the tips and leads report in pages',
	description:
		'The tips and leads report read page by page, for periods longer than two months: every page, or one page. As rows, each item says in "list" which list it belongs to.',
	request: {
		method: 'GET',
		path: '/BusinessIntelligence/TipsAndLeads/Report/Paged',
		customerIdQuery: 'customerId',
		preSend: [periodStep({ limit: 'none', required: true }), choiceStep(LEAD_STATUS)],
		pagination: pagedLeads,
	},
	fields: [
		...periodFields({ limit: 'none', required: true, subject: 'Tips and leads created' }),
		leadStatusField,
		{
			displayName: 'Return All',
			name: 'returnAll',
			type: 'boolean',
			default: false,
			description: 'Whether to return all results or only up to a given limit',
		},
		{
			displayName: 'Max Pages',
			name: 'maxPages',
			type: 'number',
			typeOptions: { minValue: LIMITS.maxPages.min, maxValue: LIMITS.maxPages.max },
			// LIMITS.maxPages.default, written out: n8n's lint reads the default as written.
			default: 1000,
			description:
				'Most pages to read; a service that never says which page is the last stops here with an error',
			displayOptions: { show: { returnAll: [true] } },
		},
		{
			displayName: 'Page Index',
			name: 'pageIndex',
			type: 'number',
			typeOptions: { minValue: 0 },
			default: 0,
			description: 'The page to read when not returning all; the first page is 0',
			displayOptions: { show: { returnAll: [false] } },
		},
		{
			displayName: 'Page Size',
			name: 'pageSize',
			type: 'number',
			typeOptions: { minValue: 1 },
			default: DEFAULT_PAGE_SIZE,
			description: 'Rows per page (with Return All, rows per call)',
		},
		outputField,
	],
});
