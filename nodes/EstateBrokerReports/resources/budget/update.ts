import type { IDataObject, IExecuteSingleFunctions, INodeProperties } from 'n8n-workflow';

import { defineOperation } from '../../../shared/descriptions';
import { recordPicker } from '../../../shared/pickers';
import { pickedValue } from '../../../shared/rules';
import {
	agentField,
	BUDGET_FIGURES,
	budgetMonthFields,
	checkBudgetFigures,
	checkBudgetMonth,
} from '../../helpers/budget';

/** A figure of the budget; the body step puts it where RealtorBudget has it (commission, estates, saleMeetings). */
const figure = (name: string, description: string): INodeProperties => ({
	displayName: BUDGET_FIGURES[name].label,
	name,
	type: 'number',
	typeOptions: { minValue: 0, numberPrecision: 0 },
	default: 0,
	description,
});

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
					officeId: String(pickedValue(this.getNodeParameter('officeId', ''))).trim(),
					userId: String(pickedValue(this.getNodeParameter('userId', ''))).trim(),
					year: Number(this.getNodeParameter('year', 0)),
					month: Number(this.getNodeParameter('month', 0)),
					...Object.fromEntries(
						Object.entries(figures).map(([key, value]) => [key, Number(value)]),
					),
				};
			},
		},
	},
	fields: [
		recordPicker({
			displayName: 'Office',
			name: 'officeId',
			description: "The agent's office (M…): with an office Customer ID, the same office",
			searchListMethod: 'searchOffices',
			placeholder: 'M30011',
		}),
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
				figure('commission', 'Commission to earn in the month (SEK, whole kronor)'),
				figure('ownBookedSaleMeetings', 'Sale meetings the agent books personally'),
				figure('registeredEstates', 'Estates to register (take in for sale)'),
				figure('saleMeetings', 'Sale meetings to hold in total'),
				figure('soldEstates', 'Estates to sell'),
			],
		},
	],
});
