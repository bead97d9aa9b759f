import type { IDataObject, INodeProperties } from 'n8n-workflow';

import type { AnswerStep, OperationRequest, RequestStep } from '../../shared/engine';
import { choiceStep, SELECTION_TYPE, selectionTypeField } from './choices';
import { periodFields, periodStep } from './dates';
import { outputField, wantsRows } from './output';

/**
 * GetSalesReport, GetEstateReportProdDb and GetEstatesReport take the same query (customer,
 * selection type, optional period) and answer { officeSaleReports: [{ customerId, officeName,
 * years: [{ year, months: [{ month, estateSaleReports }] }] }] } (docs/spec/models.md).
 */
export const salesReportFields: INodeProperties[] = [
	selectionTypeField,
	...periodFields({ limit: 'none', required: false, subject: 'Estates whose chosen date lies' }),
	outputField,
];

const salesReportSteps: RequestStep[] = [
	choiceStep(SELECTION_TYPE),
	periodStep({ limit: 'none', required: false }),
];

const list = (value: unknown): IDataObject[] =>
	Array.isArray(value)
		? value.filter((entry): entry is IDataObject => !!entry && typeof entry === 'object')
		: [];

/** With Output Rows, one item per estate of the report, with the office, year and month it is listed under. */
const estateRows: AnswerStep = async function (answers) {
	if (!wantsRows(this)) return answers;
	return answers.flatMap((answer) =>
		list(answer.json.officeSaleReports).flatMap((office) =>
			list(office.years).flatMap((year) =>
				list(year.months).flatMap((month) =>
					list(month.estateSaleReports).map((estate) => ({
						json: {
							customerId: office.customerId,
							officeName: office.officeName,
							year: year.year,
							month: month.month,
							...estate,
						},
						pairedItem: answer.pairedItem,
					})),
				),
			),
		),
	);
};

export function salesReportRequest(path: string): OperationRequest {
	return {
		method: 'GET',
		path,
		customerIdQuery: 'customerId',
		preSend: salesReportSteps,
		postReceive: [estateRows],
	};
}

/** One item per record of the lists an answer holds, each with `parent` fields copied from the answer (e.g. the office). */
export function itemsOfLists(
	lists: string[],
	parent: Record<string, string> = {},
	kindKey?: string,
): AnswerStep {
	return async function (answers) {
		return answers.flatMap((answer) =>
			lists.flatMap((name) =>
				list(answer.json[name]).map((record) => ({
					json: {
						...Object.fromEntries(
							Object.entries(parent).map(([to, from]) => [to, answer.json[from]]),
						),
						...(kindKey ? { [kindKey]: name } : {}),
						...record,
					},
					pairedItem: answer.pairedItem,
				})),
			),
		);
	};
}
