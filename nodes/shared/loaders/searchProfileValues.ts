import type { IDataObject, ILoadOptionsFunctions, INodePropertyOptions } from 'n8n-workflow';

import { brokerRequest } from '../transport';

/**
 * The step lists of the search-profile-values lookup
 * (GET /CRM/Contact/{customerId}/SearchProfile/SearchProfileValues). Section 2.2 names the
 * lists (FarmAreaStepsHectare, LivingAreaSteps, …); they are found by name, whatever the case.
 */
async function stepList(context: ILoadOptionsFunctions, listName: string): Promise<unknown[]> {
	const body = (await brokerRequest.call(context, { method: 'GET', path: '/CRM/Contact/{customerId}/SearchProfile/SearchProfileValues' })) as IDataObject;
	const key = Object.keys(body ?? {}).find((candidate) => candidate.toLowerCase() === listName.toLowerCase());
	const list = key ? body[key] : undefined;
	return Array.isArray(list) ? list : [];
}

function stepOptions(steps: unknown[]): INodePropertyOptions[] {
	return steps.map((step) => {
		const value = typeof step === 'number' ? step : Number(step);
		return { name: Number.isFinite(value) ? value.toLocaleString('en-US') : String(step), value: Number.isFinite(value) ? value : String(step) };
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

/** Farm subtypes (SubtypeFarm): the values the lookup offers. */
export async function getFarmSubtypes(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	return (await stepList(this, 'SubtypesFarm')).map((subtype) => ({ name: String(subtype), value: String(subtype) }));
}
