import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { oneOf } from '../../shared/rules';
import { queryField } from '../../shared/descriptions';
import type { RequestStep } from '../../shared/engine';

/**
 * Query parameters with a fixed set of values (interface.md 4.3). Dropdowns in the editor;
 * an expression may give anything, so the value is checked before sending.
 */
interface Choice {
	wireName: string;
	label: string;
	values: string[];
	/** Whether leaving it empty (not sent) is allowed. */
	optional: boolean;
}

export const SELECTION_TYPE: Choice = {
	wireName: 'selectionType',
	label: 'Select Estates By',
	values: ['Create', 'Access', 'Agreement', 'Changed', 'LatestPropertyChangeDate'],
	optional: false,
};
export const ASSIGNMENT: Choice = {
	wireName: 'assignment',
	label: 'Assignment',
	values: ['Writing', 'Valuation', 'Sale'],
	optional: true,
};
export const LEAD_STATUS: Choice = {
	wireName: 'activeStatusTipLead',
	label: 'Status',
	values: ['Active', 'ActiveAndRemoved', 'Removed'],
	optional: false,
};

/** Refuses a value outside the choice, naming the field; an optional one left empty is not sent. */
export function choiceStep(choice: Choice): RequestStep {
	return async function (request) {
		const qs = { ...(request.qs ?? {}) };
		const value = String(qs[choice.wireName] ?? '').trim();
		if (value === '' && choice.optional) {
			delete qs[choice.wireName];
			return { ...request, qs };
		}
		qs[choice.wireName] = oneOf(this, value, choice.label, choice.values);
		return { ...request, qs };
	};
}

const SELECTION_OPTIONS: INodePropertyOptions[] = [
	{
		name: 'Access Date',
		value: 'Access',
		description: 'Estates whose buyer takes possession (access date) within the period',
	},
	{
		name: 'Agreement Date',
		value: 'Agreement',
		description: 'Estates whose assignment agreement with the seller was signed within the period',
	},
	{
		name: 'Changed',
		value: 'Changed',
		description: 'Estates whose record was changed within the period',
	},
	{
		name: 'Created',
		value: 'Create',
		description: 'Estates registered in the system within the period',
	},
	{
		name: 'Latest Property Change',
		value: 'LatestPropertyChangeDate',
		description: 'Estates whose property details last changed within the period',
	},
];

export const selectionTypeField: INodeProperties = queryField(SELECTION_TYPE.wireName, {
	displayName: SELECTION_TYPE.label,
	name: 'selectionType',
	type: 'options',
	options: SELECTION_OPTIONS,
	default: 'Agreement',
	required: true,
	description:
		'Which date of an estate must lie within the period for the estate to be in the report',
});

const ASSIGNMENT_OPTIONS: INodePropertyOptions[] = [
	{ name: 'All Assignments', value: '', description: 'Every kind of assignment' },
	{ name: 'Sale', value: 'Sale', description: 'Estates the office sells for the seller' },
	{ name: 'Valuation', value: 'Valuation', description: 'Valuations only' },
	{
		name: 'Writing',
		value: 'Writing',
		description: 'Deals the parties agreed themselves, where the office only draws up the papers',
	},
];

export const assignmentField: INodeProperties = queryField(ASSIGNMENT.wireName, {
	displayName: ASSIGNMENT.label,
	name: 'assignment',
	type: 'options',
	options: ASSIGNMENT_OPTIONS,
	default: '',
	description: 'Only commissions of this kind of assignment',
});

const LEAD_STATUS_OPTIONS: INodePropertyOptions[] = [
	{ name: 'Active', value: 'Active', description: 'Tips and leads still open' },
	{
		name: 'Active and Removed',
		value: 'ActiveAndRemoved',
		description: 'Open and removed tips and leads alike',
	},
	{ name: 'Removed', value: 'Removed', description: 'Only tips and leads that were removed' },
];

export const leadStatusField: INodeProperties = queryField(LEAD_STATUS.wireName, {
	displayName: LEAD_STATUS.label,
	name: 'activeStatusTipLead',
	type: 'options',
	options: LEAD_STATUS_OPTIONS,
	default: 'Active',
	description: 'Which tips and leads to include, by whether they were removed',
});
