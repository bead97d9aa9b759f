import type { ResourceDefinition } from '../../../shared/descriptions';
import { getPresentAccommodation } from './get';
import { getManyPresentAccommodations } from './getMany';
import { getPresentAccommodationStatistics } from './getStatistics';
import { upsertPresentAccommodation } from './upsert';

export const presentAccommodation: ResourceDefinition = {
	name: 'Present Accommodation',
	value: 'presentAccommodation',
	description: 'Where a contact lives today, as told to the agent',
	operations: [upsertPresentAccommodation, getPresentAccommodation, getManyPresentAccommodations, getPresentAccommodationStatistics],
	defaultOperation: getPresentAccommodation.option.value as string,
};
