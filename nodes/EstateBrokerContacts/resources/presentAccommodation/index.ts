import { defineResource } from '../../../shared/descriptions';
import { getPresentAccommodation } from './get';
import { getManyPresentAccommodations } from './getMany';
import { getPresentAccommodationStatistics } from './getStatistics';
import { upsertPresentAccommodation } from './upsert';

export const presentAccommodation = defineResource('Present Accommodation', 'Where a contact lives today, as told to the agent', [upsertPresentAccommodation, getPresentAccommodation, getManyPresentAccommodations, getPresentAccommodationStatistics], getPresentAccommodation.option.value as string);
