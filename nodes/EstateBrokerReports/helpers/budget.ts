import type { IDataObject, INodeProperties } from 'n8n-workflow';

import { refuse } from '../../shared/checks';
import { agentField as sharedAgentField } from '../../shared/descriptions';
import type { BrokerOperation, RequestStep } from '../../shared/transport';
import { checkMonth, checkYear, MONTH_OPTIONS, THIS_MONTH, yearField } from './months';

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
		throw refuse(node, 'Year is required', undefined, itemIndex);
	}
	if (checkMonth(node, this.getNodeParameter('month', ''), 'Month', itemIndex) === undefined) {
		throw refuse(node, 'Month is required', undefined, itemIndex);
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
		throw refuse(this, `Budget Of must be office or agent; got "${String(budgetOf)}"`);
	}
	if (budgetOf === 'agent' && String(this.getNodeParameter('userId', '') ?? '').trim() === '') {
		throw refuse(this, 'Agent is required', 'Choose the agent whose budget to read, or read the office budget.');
	}
	return request;
};

export const budgetReadFields: INodeProperties[] = [
	{
		displayName: 'Budget Of',
		name: 'budgetOf',
		type: 'options',
		options: [
			{ name: 'Office', value: 'office', description: 'The budget of each office (for a group: one item per office)' },
			{ name: 'Agent', value: 'agent', description: "One agent's budget" },
		],
		default: 'office',
	},
	{ ...agentField, displayOptions: { show: { budgetOf: ['agent'] } } },
	...budgetMonthFields,
];

/** One of the three budget reads: office or agent by Budget Of, one item per office row. */
export function budgetRead(kind: 'Estate' | 'Commission' | 'Crm'): BrokerOperation {
	return {
		method: 'GET',
		path: `/BusinessIntelligence/Budget/${kind}/{customerId}/{userId?}/{year}/{month}`,
		pathLabels: { userId: 'Agent', year: 'Year', month: 'Month' },
		preSend: [checkBudgetOf, checkBudgetMonth],
	};
}

/** RealtorBudget (assumed shape, sandbox/README.md): counts are whole numbers, commission in SEK. */
const COUNT_FIGURES = ['soldEstates', 'valuations', 'newContacts', 'meetings', 'leads'];
const FIGURE_LABELS: IDataObject = {
	commission: 'Commission',
	leads: 'Leads',
	meetings: 'Meetings',
	newContacts: 'New Contacts',
	soldEstates: 'Sold Estates',
	valuations: 'Valuations',
};

/** At least one figure, none negative, counts whole: checked before sending. */
export const checkBudgetFigures: RequestStep = async function (request) {
	const node = this.getNode();
	const itemIndex = this.getItemIndex();
	const body = (request.body ?? {}) as IDataObject;
	const given = Object.keys(FIGURE_LABELS).filter((key) => body[key] !== undefined && body[key] !== null && body[key] !== '');
	if (given.length === 0) {
		throw refuse(node, 'Add at least one budget figure', 'Figures left out keep the value the budget already has.', itemIndex);
	}
	for (const key of given) {
		const value = Number(body[key]);
		const whole = COUNT_FIGURES.includes(key);
		if (!Number.isFinite(value) || value < 0 || (whole && !Number.isInteger(value))) {
			throw refuse(node, `${String(FIGURE_LABELS[key])} must be ${whole ? 'a whole number' : 'a number'} of 0 or more; got "${String(body[key])}"`, undefined, itemIndex);
		}
		body[key] = value;
	}
	return { ...request, body };
};
