/**
 * Dropdown loaders shared by every node: each asks the service with the node's credential
 * and Customer ID. Spread `loadOptions` into a node's `methods.loadOptions`.
 * May import: wire, rules.
 */
import { getAreas } from './areas';
import { getCompanyCategories, getPersonCategories } from './categories';
import { getIncreasedRequirements } from './increasedRequirements';
import {
	getDomesticPriceSteps,
	getFarmAreaSteps,
	getFarmSubtypes,
	getForeignPriceSteps,
	getLivingAreaSteps,
	getRoomSteps,
} from './searchProfileValues';

export const loadOptions = {
	getAreas,
	getCompanyCategories,
	getDomesticPriceSteps,
	getFarmAreaSteps,
	getFarmSubtypes,
	getForeignPriceSteps,
	getIncreasedRequirements,
	getLivingAreaSteps,
	getPersonCategories,
	getRoomSteps,
};

export { areaOptions } from './areas';
export { sortedOptions } from './sortedOptions';
export { agentOptions } from './users';

export type LoaderName = keyof typeof loadOptions;
