import type { ResourceDefinition } from '../../../shared/descriptions';
import { getIncreasedRequirements } from './getIncreasedRequirements';
import { getSearchProfileValues } from './getValues';
import { updateFarmProfile } from './updateFarm';

export const searchProfile: ResourceDefinition = {
	name: 'Search Profile',
	value: 'searchProfile',
	description: 'What a prospective buyer is looking for',
	operations: [updateFarmProfile, getSearchProfileValues, getIncreasedRequirements],
	defaultOperation: updateFarmProfile.option.value as string,
};
