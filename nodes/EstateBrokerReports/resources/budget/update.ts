import type { IDataObject, IExecuteSingleFunctions } from 'n8n-workflow';

import { bodyField, defineOperation } from '../../../shared/descriptions';
import { agentField, budgetMonthFields, checkBudgetFigures, checkBudgetMonth } from '../../helpers/budget';

const count = (wireName: string, displayName: string, description: string) =>
	bodyField(wireName, { displayName, name: wireName, type: 'number', typeOptions: { minValue: 0, numberPrecision: 0 }, default: 0, description });

export const updateBudget = defineOperation({
	resource: 'budget',
	value: 'update',
	name: 'Update',
	action: "Update an agent's budget",
	description:
		"Set an agent's budget for a month. Only the figures added are changed; the office budget becomes the sum of its agents' budgets.",
	request: {
		method: 'POST',
		path: '/BusinessIntelligence/Budget/{customerId}/{officeId}/{userId}/{year}/{month}',
		pathLabels: { officeId: 'Office ID', userId: 'Agent', year: 'Year', month: 'Month' },
		bodyRoot: 'RealtorBudget',
		preSend: [checkBudgetMonth, checkBudgetFigures],
		output: {
			kind: 'acknowledge',
			item(this: IExecuteSingleFunctions) {
				const figures = this.getNodeParameter('budget', {}) as IDataObject;
				return {
					updated: true,
					officeId: String(this.getNodeParameter('officeId', '')).trim(),
					userId: String(this.getNodeParameter('userId', '')).trim(),
					year: Number(this.getNodeParameter('year', 0)),
					month: Number(this.getNodeParameter('month', 0)),
					...Object.fromEntries(Object.entries(figures).map(([key, value]) => [key, Number(value)])),
				};
			},
		},
	},
	fields: [
		{
			displayName: 'Office ID',
			name: 'officeId',
			type: 'string',
			default: '',
			required: true,
			placeholder: 'M30011',
			description: "The agent's office (M…): with an office Customer ID, the same ID",
		},
		agentField,
		...budgetMonthFields,
		{
			displayName: 'Budget Figures',
			name: 'budget',
			type: 'collection',
			placeholder: 'Add Figure',
			default: {},
			description: 'The figures to set; those not added keep their value',
			options: [
				bodyField('commission', {
					displayName: 'Commission',
					name: 'commission',
					type: 'number',
					typeOptions: { minValue: 0 },
					default: 0,
					description: 'Commission to earn in the month (SEK)',
				}),
				count('leads', 'Leads', 'Tips and leads to register'),
				count('meetings', 'Meetings', 'Meetings and viewings to hold'),
				count('newContacts', 'New Contacts', 'New contacts to add'),
				count('soldEstates', 'Sold Estates', 'Estates to sell'),
				count('valuations', 'Valuations', 'Valuations to book'),
			],
		},
	],
});
