import {
	agentField,
	defineOperation,
	filtersField,
	queryField,
} from '../../../shared/descriptions';
import { dateRangeQuery } from '../../../shared/steps';

export const getPresentAccommodationStatistics = defineOperation({
	resource: 'presentAccommodation',
	value: 'getStatistics',
	name: 'Get Statistics',
	action: 'Get present accommodation statistics',
	description:
		'Get, per office and agent, the estates, the prospective buyers by interest level, how many of them were asked about their present accommodation and own it, and the bidders',
	request: {
		method: 'GET',
		path: '/CRM/Contact/{customerId}/PresentAccomodation/Statistics',
		preSend: [
			dateRangeQuery({
				fromKey: 'dateFrom',
				toKey: 'dateTo',
				fromField: 'From',
				toField: 'To',
				limit: 'none',
			}),
		],
	},
	fields: [
		filtersField([
			queryField('userId', agentField()),
			queryField('dateFrom', {
				displayName: 'From',
				name: 'dateFrom',
				type: 'dateTime',
				default: '',
				description: 'Start of the period',
			}),
			queryField('dateTo', {
				displayName: 'To',
				name: 'dateTo',
				type: 'dateTime',
				default: '',
				description: 'End of the period',
			}),
		]),
	],
});
