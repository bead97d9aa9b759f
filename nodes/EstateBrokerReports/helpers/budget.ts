import type { IDataObject, INodeProperties } from 'n8n-workflow';

import { inputError, wholeNumber, pickedValue } from '../../shared/rules';
import { agentField as sharedAgentField, MONTH_OPTIONS } from '../../shared/descriptions';
import { type OperationRequest, type RequestStep } from '../../shared/engine';
import { checkMonth, checkYear, THIS_MONTH, yearField } from './months';

/** Year and Month of a budget, placeholders of its path: checked before sending. */
export const budgetMonthFields: INodeProperties[] = [
	{ ...yearField('year', 'Year', 'Year of the budget; this year unless changed'), required: true },
	{
		displayName: 'Month',
		name: 'month',
		type: 'options',
		options: MONTH_OPTIONS,
		default: THIS_MONTH,
		required: true,
		description: 'Month of the budget; this month unless changed',
	},
];

export const checkBudgetMonth: RequestStep = async function (request) {
	const node = this.getNode();
	const itemIndex = this.getItemIndex();
	if (checkYear(node, this.getNodeParameter('year', ''), 'Year', itemIndex) === undefined) {
		throw inputError(node, 'Year is required', undefined, itemIndex);
	}
	if (checkMonth(node, this.getNodeParameter('month', ''), 'Month', itemIndex) === undefined) {
		throw inputError(node, 'Month is required', undefined, itemIndex);
	}
	return request;
};

/** The agent dropdown: users of the node's customer, from the service. */
export const agentField: INodeProperties = sharedAgentField({ required: true });

/**
 * Budget Of: the office budget (path without a user) or one agent's (path with the user).
 * The path template marks the user segment optional, so an agent left empty would reach the
 * office budget: refused here, before sending.
 */
const checkBudgetOf: RequestStep = async function (request) {
	const budgetOf = this.getNodeParameter('budgetOf', 'office');
	if (budgetOf !== 'office' && budgetOf !== 'agent') {
		throw inputError(this, `Budget Of must be office or agent; got "${String(budgetOf)}"`);
	}
	if (
		budgetOf === 'agent' &&
		String(pickedValue(this.getNodeParameter('userId', '')) ?? '').trim() === ''
	) {
		throw inputError(
			this,
			'Agent is required',
			'Choose the agent whose budget to read, or read the office budget.',
		);
	}
	return request;
};

export const budgetReadFields: INodeProperties[] = [
	{
		displayName: 'Budget Of',
		name: 'budgetOf',
		type: 'options',
		options: [
			{
				name: 'Office',
				value: 'office',
				description: 'The budget of each office (for a group: one item per office)',
			},
			{ name: 'Agent', value: 'agent', description: "One agent's budget" },
		],
		default: 'office',
	},
	{ ...agentField, displayOptions: { show: { budgetOf: ['agent'] } } },
	...budgetMonthFields,
];

/** One of the three budget reads: office or agent by Budget Of, one item per office row. */
export function budgetRead(kind: 'Estate' | 'Commission' | 'Crm'): OperationRequest {
	return {
		method: 'GET',
		path: `/BusinessIntelligence/Budget/${kind}/{customerId}/{userId?}/{year}/{month}`,
		pathLabels: { userId: 'Agent', year: 'Year', month: 'Month' },
		preSend: [checkBudgetOf, checkBudgetMonth],
	};
}

/**
 * RealtorBudget (docs/spec/models.md): the figures of the Budget Figures collection by parameter
 * name, their labels and where each goes in the body.
 */
export const BUDGET_FIGURES: Record<string, { label: string; wire: string }> = {
	commission: { label: 'Commission', wire: 'commission' },
	soldEstates: { label: 'Estates Sold', wire: 'estates.sold' },
	registeredEstates: { label: 'Estates Registered', wire: 'estates.registered' },
	saleMeetings: { label: 'Sale Meetings', wire: 'saleMeetings.total' },
	ownBookedSaleMeetings: { label: 'Own-Booked Sale Meetings', wire: 'saleMeetings.ownBooked' },
};

/**
 * At least one figure, each a whole number of 0 or more (all are int32 in the model): checked
 * before sending.
 */
export const checkBudgetFigures: RequestStep = async function (request) {
	const node = this.getNode();
	const itemIndex = this.getItemIndex();
	const figures = this.getNodeParameter('budget', {}) as IDataObject;
	const realNames = Object.values(BUDGET_FIGURES)
		.map((figure) => figure.label)
		.join(', ');
	const given = Object.keys(BUDGET_FIGURES).filter(
		(key) => figures[key] !== undefined && figures[key] !== null && figures[key] !== '',
	);
	if (given.length === 0) {
		throw inputError(
			node,
			'Add at least one budget figure',
			`Figures left out keep the value the budget already has. The figures: ${realNames}.`,
			itemIndex,
		);
	}
	const body: IDataObject = {};
	for (const key of given) {
		const value = wholeNumber(
			node,
			figures[key],
			BUDGET_FIGURES[key].label,
			{ min: 0, max: 2147483647, rule: 'a whole number of 0 or more' },
			itemIndex,
		);
		const [outer, inner] = BUDGET_FIGURES[key].wire.split('.');
		if (inner) body[outer] = { ...((body[outer] as IDataObject) ?? {}), [inner]: value };
		else body[outer] = value;
	}
	return { ...request, body };
};
