import type { IDataObject, ILoadOptionsFunctions, INodePropertyOptions } from 'n8n-workflow';

import { send } from '../wire';

/**
 * The step lists of the search-profile-values lookup
 * (GET /CRM/Contact/{customerId}/SearchProfile/SearchProfileValues). Section 2.2 names the
 * lists (FarmAreaStepsHectare, LivingAreaSteps, …); they are found by name, whatever the case.
 */
async function stepList(context: ILoadOptionsFunctions, listName: string): Promise<unknown[]> {
	const body = (
		await send(context, {
			method: 'GET',
			path: '/CRM/Contact/{customerId}/SearchProfile/SearchProfileValues',
		})
	).body as IDataObject;
	const key = Object.keys(body ?? {}).find(
		(candidate) => candidate.toLowerCase() === listName.toLowerCase(),
	);
	const list = key ? body[key] : undefined;
	return Array.isArray(list) ? list : [];
}

function stepOptions(steps: unknown[]): INodePropertyOptions[] {
	return steps.map((step) => {
		const value = typeof step === 'number' ? step : Number(step);
		return {
			name: Number.isFinite(value) ? value.toLocaleString('en-US') : String(step),
			value: Number.isFinite(value) ? value : String(step),
		};
	});
}

function stepLoader(listName: string) {
	return async function (this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
		return stepOptions(await stepList(this, listName));
	};
}

export const getFarmAreaSteps = stepLoader('FarmAreaStepsHectare');
export const getLivingAreaSteps = stepLoader('LivingAreaSteps');
export const getRoomSteps = stepLoader('RoomSteps');
export const getDomesticPriceSteps = stepLoader('DomesticPriceSteps');
export const getForeignPriceSteps = stepLoader('ForeignPriceSteps');

/** How the farm types read in the list (SearchProfileV2_SubtypeFarm). */
const FARM_SUBTYPE_NAMES: Record<string, string> = {
	NoAgriculture: 'No Agriculture',
	HorseFarm: 'Horse Farm',
};

/** Farm subtypes: the values the lookup offers (selectableFarmSubtypes, models-2026.json). */
export async function getFarmSubtypes(
	this: ILoadOptionsFunctions,
): Promise<INodePropertyOptions[]> {
	return (await stepList(this, 'SelectableFarmSubtypes')).map((subtype) => ({
		name: FARM_SUBTYPE_NAMES[String(subtype)] ?? String(subtype),
		value: String(subtype),
	}));
}
