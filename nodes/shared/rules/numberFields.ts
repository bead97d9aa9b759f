import type { IDataObject, IExecuteSingleFunctions, INodeExecutionData } from 'n8n-workflow';

/**
 * Which fields of a record are numbers, by the service's own model (docs/spec/models-2026.json),
 * for the records whose simplified output the package gives. An XML answer carries every value
 * as text, and the model is what says which text is a number: an id, a postal code or a phone
 * number stays text however it looks. A field holding another record names that record's model.
 * The contract test holds each entry equal to models-2026.json.
 */
export const NUMBER_FIELDS: Readonly<Record<string, Readonly<Record<string, string>>>> = {
	Crm_CrmPersonContact: { leadScore: 'number', address: 'Crm_CrmContactAddress' },
	Crm_CrmCompanyContact: { leadScore: 'number', address: 'Crm_CrmContactAddress' },
	Crm_CrmDeceasedEstateContact: { address: 'Crm_CrmContactAddress' },
	Crm_CrmContactAddress: { wgs84Coordinate: 'Models_Wgs84Coordinate' },
	Crm_CrmPresentAccomodation: {
		livingSpace: 'number',
		numberOfRooms: 'number',
		price: 'number',
		coordinate: 'Models_Wgs84Coordinate',
	},
	Models_Wgs84Coordinate: { longitude: 'number', latitude: 'number' },
};

/**
 * Sums of money the model types as text (records.md: a bid's amount is "a string, not a
 * number"): the simplified output gives them as numbers too, so an IF node can compare them.
 */
export const AMOUNTS_IN_TEXT: Readonly<Record<string, readonly string[]>> = {
	Bid_Bid: ['amount'],
};

/** Plain decimal numbers only ("2790000", "-3.5", "72,5" with a decimal comma); anything else stays as it is. */
function asNumber(value: unknown): unknown {
	if (typeof value !== 'string') return value;
	const text = value.trim().replace(/^(-?\d+),(\d+)$/, '$1.$2');
	return /^-?\d+(\.\d+)?$/.test(text) ? Number(text) : value;
}

function typedValue(value: unknown, kind: string): unknown {
	if (Array.isArray(value)) return value.map((entry) => typedValue(entry, kind));
	if (kind === 'number') return asNumber(value);
	return value !== null && typeof value === 'object'
		? numbersByModel(value as IDataObject, kind)
		: value;
}

/** The record with the fields its model types as numbers (and its amounts) given as numbers; a copy, the rest untouched. */
export function numbersByModel(record: IDataObject, model: string): IDataObject {
	const fields = NUMBER_FIELDS[model] ?? {};
	const amounts = AMOUNTS_IN_TEXT[model] ?? [];
	const typed: IDataObject = { ...record };
	for (const [field, kind] of Object.entries(fields))
		if (typed[field] !== undefined && typed[field] !== null)
			typed[field] = typedValue(typed[field], kind) as IDataObject[keyof IDataObject];
	for (const field of amounts)
		if (typed[field] !== undefined)
			typed[field] = asNumber(typed[field]) as IDataObject[keyof IDataObject];
	return typed;
}

/**
 * An answer step: the items' records with their numbers typed by `model`. Error items pass as
 * they are.
 */
export function numbersOfModel(model: string) {
	return async function (
		this: IExecuteSingleFunctions,
		items: INodeExecutionData[],
	): Promise<INodeExecutionData[]> {
		return items.map((item) =>
			item.json.error !== undefined ? item : { ...item, json: numbersByModel(item.json, model) },
		);
	};
}
