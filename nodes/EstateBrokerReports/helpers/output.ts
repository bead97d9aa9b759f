import type { IDataObject, IExecuteSingleFunctions, INodeProperties } from 'n8n-workflow';

import type { AnswerStep } from '../../shared/engine';

/**
 * Reports that carry more than their rows (totals, the period, page counts) offer one choice,
 * the same everywhere: one item per row, for a table or one e-mail line per row, or the whole
 * report as one item, for its totals. Reports that are only a list always give one item per row.
 */
export const outputField: INodeProperties = {
	displayName: 'Output',
	name: 'output',
	type: 'options',
	options: [
		{
			name: 'Rows',
			value: 'rows',
			description: 'One item per row of the report, ready for a table',
		},
		{
			name: 'Whole Report',
			value: 'report',
			description:
				'One item with the whole report as the service gives it (its lists, and totals where it has them)',
		},
	],
	default: 'rows',
	description: 'Whether to split the report into one item per row, or keep it as one item',
};

function asList(value: unknown): IDataObject[] {
	if (value === undefined || value === null || value === '') return [];
	return (Array.isArray(value) ? value : [value]).filter(
		(entry): entry is IDataObject => !!entry && typeof entry === 'object',
	);
}

/**
 * The rows of a report: the entries of its list property; with several lists (tips and
 * leads) every row says in `list` which one it came from.
 */
export function rowsOf(report: IDataObject, lists: string[]): IDataObject[] {
	if (lists.length === 1) return asList(report[lists[0]]);
	return lists.flatMap((list) => asList(report[list]).map((row) => ({ list, ...row })));
}

export function wantsRows(context: IExecuteSingleFunctions): boolean {
	return context.getNodeParameter('output', 'rows') !== 'report';
}

/** By Output, the report's rows as items, or the report as one item. */
export function reportOutput(lists: string[]): AnswerStep {
	return async function (answers) {
		if (!wantsRows(this)) return answers;
		return answers.flatMap((answer) =>
			rowsOf(answer.json, lists).map((json) => ({ json, pairedItem: answer.pairedItem })),
		);
	};
}
