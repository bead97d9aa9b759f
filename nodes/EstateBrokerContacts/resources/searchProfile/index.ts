import { defineResource } from '../../../shared/descriptions';
import { getIncreasedRequirements } from './getIncreasedRequirements';
import { getSearchProfileValues } from './getValues';
import { updateFarmProfile } from './updateFarm';

export const searchProfile = defineResource(
	'Search Profile',
	'What a prospective buyer is looking for (sökprofil); a farm profile is the one for farms and forest land',
	[updateFarmProfile, getSearchProfileValues, getIncreasedRequirements],
	updateFarmProfile.option.value as string,
);
