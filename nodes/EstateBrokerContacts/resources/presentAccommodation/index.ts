import { defineResource } from '../../../shared/descriptions';
import { getPresentAccommodation } from './get';
import { getAllPresentAccommodations } from './getAll';
import { getPresentAccommodationStatistics } from './getStatistics';
import { upsertPresentAccommodation } from './upsert';

export const presentAccommodation = defineResource(
	'Present Accommodation',
	'Where a contact lives today, as told to the agent',
	[
		upsertPresentAccommodation,
		getPresentAccommodation,
		getAllPresentAccommodations,
		getPresentAccommodationStatistics,
	],
	getPresentAccommodation.option.value as string,
);
